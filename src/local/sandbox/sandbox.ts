// The local sandbox started: each part in turn, with a line saying what it is, then the console's parts.
// Everything it runs is the real code; what stands in for AWS, the device cloud, Alexa and Google is local.
import type { Writable } from 'node:stream';
import { DeviceCloud } from '../../cloud/client';
import { silentLogger } from '../../log';
import { runSetupEvent } from '../../setup/voice';
import type { SetupDeps } from '../../setup/types';
import { DynamoUserStore } from '../../store';
import { useLocalAwsDefaults } from '../dynamo';
import { startGoogleDoor } from '../google/sandbox-door';
import { startLambdaStandIn } from '../lambda';
import { deviceLines, discover, eventFeed, linkSmartHome } from './alexa-side';
import { consoleCommands } from './commands';
import type { ConsoleParts } from './console';
import { conversation } from './conversation';
import { startCustomSkill, startEchoAddress } from './echo';
import { LANGUAGES, examplesFor } from './language-profiles';
import { MetricsTally } from './metrics';
import { SANDBOX_USER_ID, type Closer, type SandboxParts, type SandboxState } from './parts';
import type { SandboxSettings } from './settings';
import { startDeviceCloud, startTable } from './storage';
import { setUpAtStart, tvSetup, userTvs, warnOfOtherPreset } from './tv-setup';

export interface Sandbox extends ConsoleParts {
  close(): Promise<void>;
}

/**
 * Both doors against an emulated TV, with no AWS account and no Echo. Lines naming the invocation name go
 * to the custom skill (through its Alexa stand-in); other lines become smart-home directives for the TVs in
 * Alexa's device list; "hey google, …" lines reach the Google Home door through a stand-in for Google
 * (src/local/google/). Everything it runs is the real code (the handlers, setup, store); the device cloud,
 * DynamoDB and Amazon's side of Alexa (Login with Amazon, the event gateway and its device list) are local
 * stand-ins, and the first two can be swapped for the real ones. The skill is linked as on an Echo
 * (AcceptGrant), so a TV set up or removed with ":setup" / ":remove" appears in (or leaves) Alexa's device
 * list through setup's events, with no discovery. Alexa's Device Address API is a local stand-in too: given
 * a postal code as SANDBOX_AREA, the sandbox's Echo has that address and the skill the permission to read it.
 *
 * Starts the parts, registers the demo TV with the real setup function, and returns the console's parts.
 */
export async function startSandbox(settings: SandboxSettings, log: Writable): Promise<Sandbox> {
  const say = (line: string) => log.write(`${line}\n`);
  // What a first-time reader needs at start is a few lines; the rest with SANDBOX_VERBOSE=1.
  const detail = (line: string) => {
    if (settings.verbose) say(line);
  };
  const closers: Closer[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
  };

  try {
    useLocalAwsDefaults();
    const tableName = await startTable(settings, closers, say);
    const { baseUrl, token, emulator, persist } = await startDeviceCloud(settings, closers, say);
    const store = new DynamoUserStore({ tableName });
    const cloud = new DeviceCloud({ baseUrl });
    // Every command's EMF line, setup's and discovery's at start included (counted, not shown).
    const tally = new MetricsTally();
    // What account linking does on a first request: the skill stores the token it is given.
    await store.links.saveAccessToken(SANDBOX_USER_ID, token);

    const locale = settings.locale ?? 'en-US';
    const language = LANGUAGES[locale];
    const area = settings.area ?? language.area;
    const echo = await startEchoAddress(area, closers, detail);
    const { alexaSide, smartHome, reporter } = await linkSmartHome(
      { store, cloud, metrics: tally.sink, token, locale },
      closers,
      say,
    );
    const setupDeps: SetupDeps = { store, cloud, logger: silentLogger, metrics: tally.sink, reporter };
    // The skill starts the setup function itself for setup by voice: through a stand-in for Lambda's
    // asynchronous Invoke, which runs the real function with the sandbox's parts.
    const lambda = await startLambdaStandIn({ setup: (event) => runSetupEvent(setupDeps, event) });
    closers.push(() => lambda.close());
    const setUp = tvSetup(setupDeps, area, settings.tvPresetId);
    await setUpAtStart(setUp, settings, { openPhrase: language.openPhrase, areaLabel: echo.areaLabel }, say, detail);
    const state: SandboxState = {
      tvs: await userTvs(store),
      platform: settings.platform ?? 'alexa',
      ignored: new Map(),
    };
    warnOfOtherPreset(settings.tvPresetId, state.tvs, say);

    // What the Alexa app does once the skill is linked: discover, and list what it found. Its list
    // changes afterwards only through discovery or events (":setup", ":remove").
    alexaSide.discovered(SANDBOX_USER_ID, await discover(smartHome, token));
    say(`- Smart home: discovered ${alexaSide.devices(SANDBOX_USER_ID).length} device(s)${deviceLines(alexaSide)}`);
    // Google's side: the Google Home door over the same table and device cloud, linked to the same account.
    const google = startGoogleDoor({
      directory: store.tvs,
      cloud,
      tableName,
      token,
      metrics: tally.sink,
      tvIds: () => state.tvs.map((tv) => tv.thingId),
    });
    closers.push(() => google.close());
    say(await google.sync());
    if (state.platform === 'google')
      say('- Platform: Google hears every line (SANDBOX_PLATFORM=google; ":alexa" switches)');

    const newEvents = eventFeed(alexaSide);
    const alexa = await startCustomSkill(
      {
        store,
        cloud,
        metrics: tally.sink,
        token,
        locale,
        echo,
        lambdaUrl: lambda.url,
        tvNames: () => state.tvs.map((tv) => tv.deviceName),
      },
      say,
    );
    const parts: SandboxParts = {
      locale,
      language,
      token,
      store,
      emulator,
      persist,
      alexaSide,
      smartHome,
      alexa,
      google,
      addresses: echo.addresses,
      setupDeps,
      setUp,
      newEvents,
    };
    const talk = conversation(parts, state);

    tally.take('off');
    return {
      examples: examplesFor(language, state.tvs),
      openPhrase: language.openPhrase,
      commands: consoleCommands(parts, state, talk),
      metricLines: (display) => tally.take(display),
      metricsSummary: () => tally.summary(),
      ...(settings.metrics ? { metricsDisplay: settings.metrics } : {}),
      converse: talk.converse,
      tvStates: talk.tvStates,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
