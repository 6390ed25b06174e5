// The console's commands beyond speech (":setup", ":remove", ":touch", ":devices", ":google", ":alexa",
// ":gateway"): what a person does in the Alexa app, on the Echo's screen or at the home gateway.
import type { SetupResult } from '../../setup/types';
import type { Touched } from './alexa-session';
import { deviceListLine, discover } from './alexa-side';
import { replyLines, type ConsoleCommand } from './console';
import type { Conversation } from './conversation';
import { SANDBOX_USER_ID, type SandboxParts, type SandboxState, type Say } from './parts';
import { keypadStatus } from './screen';
import { removeTv, userTvs } from './tv-setup';

export function consoleCommands(
  parts: SandboxParts,
  state: SandboxState,
  talk: Conversation,
): Record<string, ConsoleCommand> {
  const { alexa, alexaSide, emulator, smartHome, token } = parts;

  // A setup run from the console: its steps, its answer, and Alexa's device list after it.
  const change = async (verb: string, run: (out: Say) => Promise<SetupResult>): Promise<string[]> => {
    const lines: string[] = [];
    const result = await run((l) => lines.push(l)).catch((e: unknown) => ({
      status: 'refused',
      next: e instanceof Error ? e.message : String(e),
    }));
    state.tvs = await userTvs(parts.store);
    await parts.persist();
    return [
      ...lines,
      `  ${verb}: ${result.status}${result.next ? ` - ${result.next}` : ''}`,
      ...parts.newEvents(),
      deviceListLine(alexaSide),
    ];
  };

  // ":google" and ":alexa": which assistant hears the lines that name none.
  const hearer = (platform: SandboxState['platform'], describe: string): ConsoleCommand => ({
    usage: `:${platform}`,
    describe,
    run: async () => {
      state.platform = platform;
      return platform === 'google'
        ? ['  Google hears every line now; ":alexa" switches back.']
        : ['  Alexa hears lines now; "hey google, …" still reaches Google.'];
    },
  });

  return {
    setup: {
      usage: ':setup <TV name>',
      describe: 'set up another TV with the real setup function; Alexa lists it without discovery',
      run: async (name) =>
        name === '' ? ['Name the TV: ":setup Bedroom TV".'] : change('setup', (out) => parts.setUp(name, out)),
    },
    remove: {
      usage: ':remove <TV name>',
      describe: "forget a TV with the setup function; it leaves Alexa's device list",
      run: async (name) =>
        name === ''
          ? ['Name the TV: ":remove Bedroom TV".']
          : change('remove', (out) => removeTv(parts.setupDeps, name, out)),
    },
    touch: touchCommand(
      (label) => talk.notingIgnored(() => alexa.touch(label)),
      () => alexa.shown(),
      async (touched) => replyLines(talk.customSkill(touched), await talk.tvStates()),
    ),
    devices: {
      usage: ':devices',
      describe: 'discover devices again (as "Alexa, discover devices" does) and show Alexa\'s device list',
      // A TV set up from another terminal (serverless invoke local against this sandbox's table) is found too.
      run: async () => {
        const arrived = parts.newEvents();
        alexaSide.discovered(SANDBOX_USER_ID, await discover(smartHome, token));
        await alexaSide.reportStates(SANDBOX_USER_ID, smartHome, token);
        state.tvs = await userTvs(parts.store);
        return [...arrived, deviceListLine(alexaSide)];
      },
    },
    google: hearer('google', 'Google hears every line from now on ("hey google, …" always reaches Google)'),
    alexa: hearer('alexa', 'Alexa hears lines again (the default)'),
    gateway: {
      usage: ':gateway offline|online',
      describe: "unplug the emulated home gateway, or plug it back in; Alexa's device list shows each TV's health",
      run: async (argument) => {
        const online = ({ online: true, offline: false } as Record<string, boolean>)[argument.toLowerCase()];
        if (online === undefined) return ['Say ":gateway offline" or ":gateway online".'];
        if (!emulator)
          return ['Only the emulated device cloud has a gateway to unplug (DEVICE_CLOUD_BASE_URL is set).'];
        emulator.setGatewayOnline(token, online);
        await parts.persist();
        // What the Alexa app shows once it asks again (ReportState to each TV).
        await alexaSide.reportStates(SANDBOX_USER_ID, smartHome, token);
        return [`  The home gateway is ${online ? 'back online' : 'offline'}.`, deviceListLine(alexaSide)];
      },
    },
  };
}

/**
 * ":touch 8", ":touch フジテレビ", ":touch Volume +": presses the key through the Alexa stand-in; `answer`
 * gives what Alexa then says and the TVs' lines.
 */
function touchCommand(
  touch: (label: string) => Promise<Touched>,
  shown: () => unknown,
  answer: (touched: Exclude<Touched, { problem: string }>) => Promise<string[]>,
): ConsoleCommand {
  return {
    usage: ':touch <key>',
    describe: 'press a key of the keypad on the screen by its label ("8", "フジテレビ", "Volume +")',
    async run(label) {
      const touched = await touch(label);
      if ('problem' in touched) return [touched.problem];
      return [
        `  [touch: ${touched.key}]`,
        `  Screen: ${keypadStatus(shown()) ?? '(no keypad)'}`,
        ...(await answer(touched)),
      ];
    },
  };
}
