// The local sandbox: both doors against an emulated TV, with no AWS account and no Echo. Lines naming
// the invocation name go to the custom skill (through its Alexa stand-in); other lines become smart-home
// directives for the TVs in Alexa's device list. Everything it runs is the real code (both handlers,
// setup, store); the device cloud, DynamoDB and Amazon's side of Alexa (Login with Amazon, the event
// gateway and its device list) are local stand-ins, and the first two can be swapped for the real ones.
// The skill is linked as on an Echo (AcceptGrant), so a TV set up or removed with ":setup" / ":remove"
// appears in (or leaves) Alexa's device list through setup's events, with no discovery.
// Alexa's Device Address API is a local stand-in too: given a postal code as SANDBOX_AREA, the sandbox's
// Echo has that address and the skill the permission to read it.
// Google is there too: "hey google, …" lines reach the Google Home door through a stand-in for Google (src/local/google/).
import path from 'node:path';
import type { Writable } from 'node:stream';
import { promises as fs } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import type { ResponseEnvelope } from 'ask-sdk-model';
import { EventGateway } from '../../alexa/events';
import { LoginWithAmazon } from '../../alexa/lwa';
import { LOCALE_REGIONS } from '../../alexa/regions';
import { DiscoveryReporter } from '../../alexa/reporter';
import { DeviceCloud } from '../../cloud/client';
import { DynamoUserStore, tvNameKey, type RegisteredTv } from '../../store';
import { createSkillHandler } from '../../skill/app';
import { createSmartHomeHandler } from '../../smarthome/app';
import type { EventMessage } from '../../alexa/messages';
import { runSetup } from '../../setup/setup';
import { runSetupEvent } from '../../setup/voice';
import { lambdaSetupTrigger } from '../../skill/setup-trigger';
import type { SetupDeps, SetupResult } from '../../setup/types';
import { silentLogger } from '../../log';
import { AREA_EXAMPLES, findArea, postalCodeDigits } from '../../tv/areas';
import { nameCore } from '../../tv/names';
import { startDeviceAddressStandIn } from '../device-address';
import { startLambdaStandIn } from '../lambda';
import { startEmulator, type CloudSnapshot, type Emulator } from '../emulator';
import { startAlexaStandIn, type AlexaStandIn, type DeviceState } from '../alexa';
import { alexaRefusal, refusalSpeech } from '../alexa/rules';
import { createUserTable, startDynalite, useLocalAwsDefaults } from '../dynamo';
import { LOCALES, type ModelLocale } from '../../../models/locales';
import { replyLines, type ConsoleCommand, type ConsoleParts, type Reply, type TvLine } from './console';
import { ECHO_SHOW_8, touchCommand } from './screen';
import {
  acceptGrantDirective, deviceProblemSpeech, directiveFor, discoverDirective, pickEndpoint, readSmartHomeLine, smartHomeSpeech,
  type EndpointProblem, type KnownEndpoint, type SmartHomeRequest,
} from './phrases';
import { JA_INVOCATION_NAME, deviceProblemSpeechJa, readSmartHomeLineJa, smartHomeSpeechJa } from './phrases-ja';
import { MetricsTally, type MetricsDisplay } from './metrics';
import { speechText } from './speech-text';
import { customSkillStandIn, type Heard } from './custom-skill';
import { readPlatform, startGoogleDoor, type Platform } from '../google/sandbox-door';

export const SANDBOX_SKILL_ID = 'amzn1.ask.skill.sandbox-tv-remote';
export const SANDBOX_USER_ID = 'amzn1.ask.account.SANDBOX-DEMO-USER';
const DEMO_TOKEN = 'sandbox-demo-token';
const SANDBOX_ECHO_ID = 'amzn1.ask.device.SANDBOX-ECHO';
const SANDBOX_API_TOKEN = 'sandbox-alexa-api-token';
const EMULATOR_SNAPSHOT = 'device-cloud-emulator.json';
const LOCK_FILE = 'sandbox.lock';
const MODELS_DIR = path.join(__dirname, '..', '..', '..', 'models');

type SmartHomeAnswer = Parameters<typeof smartHomeSpeech>[0];

/** How Alexa hears and answers in one language, where the sandbox stands in for it. */
interface Language {
  examples: string[];
  /** Examples that name two of the user's TVs (by their spoken names), shown first when there are several. */
  namedExamples(first: string, second: string): string[];
  /** What opens a session ("open tv remote"). */
  openPhrase: string;
  /** How to ask the custom skill once, for the note on lines neither door takes. */
  askPhrase: string;
  readSmartHomeLine(line: string): SmartHomeRequest | undefined;
  smartHomeSpeech(response: SmartHomeAnswer, device: string): string;
  deviceProblem(problem: EndpointProblem): string;
  /** What Alexa says to a line it cannot place: short, with what can be said. */
  dontKnow: string;
  /** The prefecture the sandbox's setup chooses, so channel names work from the first line. */
  area?: string;
}

const ENGLISH: Language = {
  examples: [
    'turn on the tv', 'channel 5 on the tv', 'next channel', 'go up 3 channels', 'volume up on the tv',
    'turn it down', 'mute the tv', 'turn off the tv',
    'tell tv remote to turn on the tv', 'ask tv remote for channel 7', 'open tv remote', 'ask tv remote for help', 'stop',
  ],
  namedExamples: (first, second) => [
    `turn on the ${second} tv`, `channel 5 on the ${first} tv`, `tell tv remote to turn up the ${second} tv`, `ask tv remote for channel 3 on the ${first} tv`,
  ],
  openPhrase: 'open tv remote',
  askPhrase: 'tell tv remote to …',
  readSmartHomeLine,
  smartHomeSpeech,
  deviceProblem: deviceProblemSpeech,
  dontKnow: 'Sorry, I don\'t know that. You can say "turn on the TV", "channel 5 on the TV", "turn the volume up 3 on the TV", '
    + 'or "tell TV remote to" and a request.',
};

const JAPANESE: Language = {
  examples: [
    'テレビをつけて', 'フジテレビにして', '5チャンネルにして', '次のチャンネル', 'チャンネルを2つ上げて', '音量を3つ上げて',
    'テレビを消して', 'テレビリモコンでNHKつけて', 'テレビリモコンで音を小さくして', 'テレビリモコンを開いて', 'テレビリモコンでヘルプ', 'ストップ',
  ],
  namedExamples: (first, second) => [
    `${second}のテレビをつけて`, `${first}のテレビを5チャンネルにして`, `${JA_INVOCATION_NAME}で${second}のテレビの音量を上げて`,
  ],
  openPhrase: `${JA_INVOCATION_NAME}を開いて`,
  askPhrase: `${JA_INVOCATION_NAME}で…`,
  readSmartHomeLine: readSmartHomeLineJa,
  smartHomeSpeech: smartHomeSpeechJa,
  deviceProblem: deviceProblemSpeechJa,
  dontKnow: 'すみません、よくわかりません。「テレビをつけて」「チャンネル4に変えて」「テレビの音量を3つ上げて」、'
    + `または「${JA_INVOCATION_NAME}で」に続けてお願いを言ってください。`,
  // The sandbox's Echo is in Tokyo: 100-0001 is 千代田区千代田, 東京都 (Japan Post's postal code search,
  // post.japanpost.jp/cgi-zip; src/tv/postal-codes.ts reads it as Tokyo), so setup by voice finds the
  // prefecture as it would on an Echo whose owner allowed the address.
  area: '100-0001',
};

/** The locales the sandbox can speak: those with an interaction model in models/. */
const LANGUAGES: Record<ModelLocale, Language> = {
  'en-US': ENGLISH, 'en-GB': ENGLISH, 'en-CA': ENGLISH, 'en-AU': ENGLISH, 'en-IN': ENGLISH, 'ja-JP': JAPANESE,
};

export interface SandboxSettings {
  /** A real device cloud; with it, `deviceCloudToken` is required. Default: the embedded emulator. */
  deviceCloudBaseUrl?: string;
  deviceCloudToken?: string;
  /** An existing table (real DynamoDB, or AWS_ENDPOINT_URL_DYNAMODB). Default: embedded dynalite. */
  tableName?: string;
  /** Keep the embedded DynamoDB's data in this folder. Default: memory only. */
  dataDir?: string;
  /** The TV preset to register when the cloud offers several. Default: the first. */
  tvPresetId?: string;
  /** The language Alexa hears and speaks: a locale of models/. Default en-US. */
  locale?: ModelLocale;
  /**
   * The TV's prefecture (as setup's `area` takes it) or a postal code, which is also the sandbox Echo's
   * address for the Device Address stand-in. Default: 東京都 for ja-JP, none for English.
   */
  area?: string;
  /** The TVs to set up, by name (SANDBOX_TVS, comma-separated). Default: one TV, named by setup. */
  tvNames?: string[];
  /** Show each answer's metric line from the start (SANDBOX_METRICS: on, json or off). Default off. */
  metrics?: MetricsDisplay;
  /** Show every part's address and setup's every step at start (SANDBOX_VERBOSE=1). Default: a few lines. */
  verbose?: boolean;
  /** Who hears lines without a wake word (SANDBOX_PLATFORM: alexa or google). Default alexa. */
  platform?: Platform;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv): SandboxSettings {
  const pick = (name: string) => env[name]?.trim() || undefined;
  const settings: SandboxSettings = {
    deviceCloudBaseUrl: pick('DEVICE_CLOUD_BASE_URL'),
    deviceCloudToken: pick('DEVICE_CLOUD_TOKEN'),
    tableName: pick('TABLE_NAME'),
    dataDir: pick('SANDBOX_DATA_DIR'),
    tvPresetId: pick('TV_PRESET_ID'),
    locale: readLocale(pick('SANDBOX_LOCALE')),
    area: pick('SANDBOX_AREA'),
    tvNames: tvNamesFrom(pick('SANDBOX_TVS')),
    metrics: readMetricsDisplay(pick('SANDBOX_METRICS')),
    verbose: pick('SANDBOX_VERBOSE') === '1' ? true : undefined,
    platform: readPlatform(pick('SANDBOX_PLATFORM')),
  };
  for (const key of ['locale', 'area', 'tvNames', 'metrics', 'verbose', 'platform'] as const) if (settings[key] === undefined) delete settings[key];
  if (settings.area !== undefined && !findArea(settings.area).found) {
    throw new Error(`SANDBOX_AREA must be ${AREA_EXAMPLES}; got '${settings.area}'`);
  }
  if (settings.deviceCloudBaseUrl && !settings.deviceCloudToken) {
    throw new Error('DEVICE_CLOUD_TOKEN must be set when DEVICE_CLOUD_BASE_URL points at a real device cloud');
  }
  return settings;
}

function readLocale(value: string | undefined): ModelLocale | undefined {
  if (value === undefined) return undefined;
  const locale = LOCALES.find((l) => l.toLowerCase() === value.toLowerCase().replace('_', '-'));
  if (!locale) throw new Error(`SANDBOX_LOCALE must be one of ${LOCALES.join(', ')}; got '${value}'`);
  return locale;
}

function readMetricsDisplay(value: string | undefined): MetricsDisplay | undefined {
  if (value === undefined) return undefined;
  const display = (['on', 'off', 'json'] as const).find((d) => d === value.toLowerCase());
  if (!display) throw new Error(`SANDBOX_METRICS must be on, json or off; got '${value}'`);
  return display;
}

/** "Living room TV, Bedroom TV" -> both names; names must differ in their normal form (setup then refuses names that sound alike). */
function tvNamesFrom(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  // No TV at all: the whole setup conversation can be tried ("open tv remote").
  if (value.trim().toLowerCase() === 'none') return [];
  const names = value.split(',').map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0) throw new Error('SANDBOX_TVS must name at least one TV, e.g. SANDBOX_TVS="Living room TV,Bedroom TV"');
  const twice = names.find((n, i) => names.findIndex((m) => tvNameKey(m) === tvNameKey(n)) !== i);
  if (twice !== undefined) throw new Error(`SANDBOX_TVS names '${twice}' twice; every TV needs its own name`);
  return names;
}

export interface Sandbox extends ConsoleParts {
  close(): Promise<void>;
}

/** Starts the parts, registers the demo TV with the real setup function, and returns the console's parts. */
export async function startSandbox(settings: SandboxSettings, log: Writable): Promise<Sandbox> {
  const say = (line: string) => log.write(`${line}\n`);
  // What a first-time reader needs at start is a few lines; the rest with SANDBOX_VERBOSE=1.
  const detail = (line: string) => {
    if (settings.verbose) say(line);
  };
  const closers: Array<() => Promise<void>> = [];
  const close = async () => { for (const c of closers.reverse()) await c().catch(() => undefined); };

  try {
    useLocalAwsDefaults();
    let tableName = settings.tableName;
    if (!tableName) {
      if (settings.dataDir) {
        await fs.mkdir(settings.dataDir, { recursive: true });
        closers.push(await lockDataDir(settings.dataDir));
      }
      const dynamo = await startDynalite({ path: settings.dataDir });
      closers.push(() => dynamo.close());
      process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
      tableName = 'tv-voice-remote-sandbox-users';
      const client = new DynamoDBClient({});
      if (!(await tableExists(client, tableName))) await createUserTable(client, tableName);
      client.destroy();
      say(`- DynamoDB: embedded dynalite at ${dynamo.endpoint}, table ${tableName}${settings.dataDir ? `, data in ${settings.dataDir}` : ', in memory'}`);
    } else {
      say(`- DynamoDB: table ${tableName}`);
    }

    let emulator: Emulator | undefined;
    let persist = async (): Promise<void> => undefined;
    let baseUrl = settings.deviceCloudBaseUrl;
    const token = settings.deviceCloudToken ?? DEMO_TOKEN;
    if (!baseUrl) {
      const snapshotFile = settings.dataDir && path.join(settings.dataDir, EMULATOR_SNAPSHOT);
      const restore = snapshotFile ? await readSnapshot(snapshotFile) : undefined;
      const started = await startEmulator({ restore });
      emulator = started;
      closers.push(() => started.close());
      started.addAccount(token);
      if (snapshotFile) {
        // The emulated cloud is kept beside the persisted table, so a stored TV still exists next time.
        persist = () => fs.writeFile(snapshotFile, JSON.stringify(started.snapshot()));
        closers.push(persist);
      }
      baseUrl = started.url;
      say(`- Device cloud: emulator at ${baseUrl}, demo account signed in${restore ? ' (state restored)' : ''}`);
    } else {
      say(`- Device cloud: ${baseUrl}`);
    }

    const store = new DynamoUserStore({ tableName });
    const cloud = new DeviceCloud({ baseUrl });
    // Every command's EMF line, setup's and discovery's at start included (counted, not shown).
    const tally = new MetricsTally();
    // What account linking does on a first request: the skill stores the token it is given.
    await store.saveAccessToken(SANDBOX_USER_ID, token);

    const locale = settings.locale ?? 'en-US';
    const language = LANGUAGES[locale];
    const area = settings.area ?? language.area;
    const addresses = await startDeviceAddressStandIn();
    closers.push(() => addresses.close());
    const digits = area === undefined ? undefined : postalCodeDigits(area);
    // The prefecture as a person reads it: "東京都 (postal code 100-0001)", or the name as given.
    const found = area === undefined ? undefined : findArea(area);
    const areaLabel = found?.found && found.postalCode ? `${found.prefecture.name} (postal code ${found.postalCode})` : area;
    const echoPostalCode = digits === undefined ? undefined : `${digits.slice(0, 3)}-${digits.slice(3)}`;
    if (echoPostalCode !== undefined) {
      addresses.consent(SANDBOX_API_TOKEN);
      addresses.setAddress(SANDBOX_ECHO_ID, { countryCode: 'JP', postalCode: echoPostalCode });
    }
    detail(`- Device Address API: stand-in at ${addresses.url}, `
      + (echoPostalCode ? `the Echo's postal code ${echoPostalCode}, permission granted` : 'permission not granted (SANDBOX_AREA as a postal code grants it)'));

    // Amazon's side: the skill is enabled and linked, so Alexa sends AcceptGrant; the grant lets setup
    // report TVs to the event gateway, whose device list is what the smart-home lines reach.
    const region = LOCALE_REGIONS[locale] ?? 'NA';
    const alexaSide = await startAlexaStandIn();
    closers.push(() => alexaSide.close());
    const lwa = new LoginWithAmazon({ clientId: alexaSide.clientId, clientSecret: alexaSide.clientSecret, tokenUrl: alexaSide.tokenUrl });
    const smartHome = createSmartHomeHandler({ directory: store, cloud, logger: silentLogger, metrics: tally.sink, grantKeeping: { lwa, grants: async () => store, region } });
    const granted = await smartHome(acceptGrantDirective(alexaSide.issueGrantCode(SANDBOX_USER_ID, region), token));
    say(`- Alexa: skill linked in region ${region} (AcceptGrant -> ${granted.event.header.name}); Login with Amazon, event gateway and Alexa API stand-ins`);
    const setupDeps: SetupDeps = {
      store, cloud, logger: silentLogger, metrics: tally.sink,
      reporter: new DiscoveryReporter({ grants: store, lwa, gateway: new EventGateway({ urls: alexaSide.gatewayUrls }) }),
    };
    const names = settings.tvNames ?? [undefined];
    // The skill starts the setup function itself for setup by voice: through a stand-in for Lambda's
    // asynchronous Invoke, which runs the real function with the sandbox's parts.
    const lambda = await startLambdaStandIn({ setup: (event) => runSetupEvent(setupDeps, event) });
    closers.push(() => lambda.close());
    if (names.length === 0) say(`- Setup: no TV (SANDBOX_TVS=none); say "${language.openPhrase}" to set one up by voice`);
    else {
      detail(`- Setup: registering the remote and ${names.length === 1 ? 'the TV' : `${names.length} TVs`} (the real setup function)`
        + `${areaLabel ? `, channel names of ${areaLabel}` : ''}`);
    }
    const setUp = (tvName: string | undefined, out: (line: string) => void) =>
      setUpTv({ ...setupDeps, onStep: (st) => out(stepLine(st)) }, { userId: SANDBOX_USER_ID, area, tvName }, settings.tvPresetId, out);
    for (const tvName of names) {
      const result = await setUp(tvName, detail);
      if (!result.tv) throw new Error(`setup did not register ${tvName === undefined ? 'a TV' : `TV "${tvName}"`} (${result.status})`);
      say(settings.verbose ? `- Ready: TV "${result.tv.deviceName}" (${result.tv.thingId})`
        : `- Setup: TV "${result.tv.deviceName}" set up by the real setup function${areaLabel ? `, channel names of ${areaLabel}` : ''} (SANDBOX_VERBOSE=1 shows its steps)`);
    }
    // Every TV the user has, including any a persisted sandbox set up under other names before.
    const userTvs = async (): Promise<RegisteredTv[]> => (await store.get(SANDBOX_USER_ID))?.tvs ?? [];
    let tvs = await userTvs();
    const other = settings.tvPresetId ? tvs.find((tv) => tv.presetId !== undefined && tv.presetId !== settings.tvPresetId) : undefined;
    if (settings.tvPresetId && other) {
      say(`    TV_PRESET_ID is ${settings.tvPresetId}, but the stored TV uses preset ${other.presetId}; keeping the stored TV.`);
      say(`    To register ${settings.tvPresetId} instead, start with an empty SANDBOX_DATA_DIR.`);
    }

    // What the Alexa app does once the skill is linked: discover, and list what it found. Its list
    // changes afterwards only through discovery or events (":setup", ":remove").
    alexaSide.discovered(SANDBOX_USER_ID, await discover(smartHome, token));
    const endpoints = (): KnownEndpoint[] => alexaSide.devices(SANDBOX_USER_ID);
    say(`- Smart home: discovered ${endpoints().length} device(s)${deviceLines(alexaSide)}`);
    // Google's side: the Google Home door over the same table and device cloud, linked to the same account.
    const google = startGoogleDoor({ directory: store, cloud, tableName, token, metrics: tally.sink, tvIds: () => tvs.map((tv) => tv.thingId) });
    closers.push(() => google.close());
    say(await google.sync());
    let platform: Platform = settings.platform ?? 'alexa';
    if (platform === 'google') say('- Platform: Google hears every line (SANDBOX_PLATFORM=google; ":alexa" switches)');

    // Alexa events shown as they arrive: each once, at the next console line.
    let eventsShown = alexaSide.events().length;
    const newEvents = (): string[] => {
      const all = alexaSide.events();
      const fresh = all.slice(eventsShown);
      eventsShown = all.length;
      return fresh.map((e) => `  Alexa event: ${e.name} -> ${e.status}${e.code ? ` ${e.code}` : ''}${endpointNames(e.body)}`);
    };
    const handler = createSkillHandler({
      store, cloud, skillId: SANDBOX_SKILL_ID, logger: silentLogger, metrics: tally.sink,
      setupTrigger: lambdaSetupTrigger({ functionName: 'setup', endpoint: lambda.url, region: 'us-east-1' }),
    });
    const modelFile = path.join(MODELS_DIR, `${locale}.json`);
    const model: unknown = JSON.parse(await fs.readFile(modelFile, 'utf8'));
    const manifest: unknown = JSON.parse(await fs.readFile(path.join(MODELS_DIR, '..', 'skill', 'skill.json'), 'utf8'));
    const alexa = customSkillStandIn({
      model, locale, skillId: SANDBOX_SKILL_ID, manifest,
      // Alexa's turn: progressive responses are taken only while the skill works on this request.
      handler: (request) => addresses.turn(request, () => handler(request)),
      echo: {
        userId: SANDBOX_USER_ID, accessToken: token, deviceId: SANDBOX_ECHO_ID, apiEndpoint: addresses.url, apiAccessToken: SANDBOX_API_TOKEN,
        // The permission is granted only where the sandbox's Echo has an address (SANDBOX_AREA as a postal code).
        ...(echoPostalCode !== undefined && { consentToken: 'sandbox-consent' }),
        // An Echo Show 8: opening the skill shows the keypad, and :touch presses its keys (screen.ts).
        screen: ECHO_SHOW_8,
      },
      check: (request, response) => {
        const refusal = alexaRefusal(model, request, response);
        return refusal && `${refusal.detail} (${refusal.source})`;
      },
    });
    say(`- Alexa: ${locale}, custom skill model ${path.relative(process.cwd(), modelFile)}`);

    // The presses the last line sent to a TV that is off, for its state line.
    let ignored = new Map<string, number>();
    /** A line or a touch, noting the presses it sent that a TV that is off ignored. */
    const notingIgnored = async <T>(send: () => Promise<T>): Promise<T> => {
      const calls = emulator?.calls.length ?? 0;
      const result = await send();
      ignored = emulator ? ignoredPresses(emulator, calls) : new Map();
      return result;
    };
    const customSkill = (heard: Heard): Reply => {
      if (heard.refused !== undefined) {
        // What the Echo says when Alexa refuses the response; the session is over.
        return { speech: refusalSpeech(locale), sessionOpen: false, door: 'custom skill', note: `Alexa refused the skill's response: ${heard.refused}` };
      }
      const reply = heard.silent ? { speech: '', sessionOpen: false, door: 'custom skill' } : toReply(heard.response);
      // Open with the microphone closed (the keypad on the screen): said, a line still goes to the skill.
      const quiet = alexa.sessionOpen() && !alexa.listening() ? 'the session stays open with the keypad on the screen, the microphone closed' : undefined;
      const note = [heard.note, quiet].filter(Boolean).join('; ');
      return { ...reply, sessionOpen: alexa.listening(), ...(note && { note }) };
    };
    const smartHomeLine = async (line: string): Promise<Reply> => {
      const request = language.readSmartHomeLine(line);
      if (!request) {
        return {
          speech: language.dontKnow,
          sessionOpen: false,
          door: 'no door',
          note: `not a TV request Alexa would recognise; to use the custom skill say "${language.askPhrase}"`,
        };
      }
      const endpoint = pickEndpoint(request.device, endpoints());
      if ('problem' in endpoint) return { speech: language.deviceProblem(endpoint), sessionOpen: false, door: 'smart home' };
      const response = await smartHome(directiveFor(request, endpoint, token));
      const outcome = response.event.header.name === 'ErrorResponse' ? `ErrorResponse ${String(response.event.payload['type'])}` : response.event.header.name;
      return {
        speech: language.smartHomeSpeech(response, endpoint.friendlyName),
        sessionOpen: false,
        door: `smart home: ${request.namespace}.${request.name} to "${endpoint.friendlyName}" -> ${outcome}`,
      };
    };

    const tvStates = async (): Promise<TvLine[]> => tvs.flatMap((tv) => {
      const state = emulator?.tvState(tv.thingId);
      const presses = ignored.get(tv.thingId);
      return state ? [{ name: tv.deviceName, power: state.power, channel: state.channel, volume: state.volume, ...(presses && { ignored: presses }) }] : [];
    });

    // A setup run from the console: its steps, its answer, and Alexa's device list after it.
    const change = async (verb: string, run: (out: (line: string) => void) => Promise<SetupResult>): Promise<string[]> => {
      const lines: string[] = [];
      const result = await run((l) => lines.push(l)).catch((e: unknown) => ({ status: 'refused', next: e instanceof Error ? e.message : String(e) }));
      tvs = await userTvs();
      await persist();
      return [...lines, `  ${verb}: ${result.status}${result.next ? ` - ${result.next}` : ''}`, ...newEvents(), `  Alexa's devices:${deviceLines(alexaSide) || ' none'}`];
    };
    const commands: Record<string, ConsoleCommand> = {
      setup: {
        usage: ':setup <TV name>',
        describe: 'set up another TV with the real setup function; Alexa lists it without discovery',
        run: async (name) => (name === '' ? ['Name the TV: ":setup Bedroom TV".'] : change('setup', (out) => setUp(name, out))),
      },
      remove: {
        usage: ':remove <TV name>',
        describe: 'forget a TV with the setup function; it leaves Alexa\'s device list',
        run: async (name) => (name === '' ? ['Name the TV: ":remove Bedroom TV".']
          : change('remove', (out) => runSetup({ ...setupDeps, onStep: (st) => out(stepLine(st)) }, { userId: SANDBOX_USER_ID, removeTv: name }))),
      },
      touch: touchCommand((label) => notingIgnored(() => alexa.touch(label)), () => alexa.shown(), async (touched) => replyLines(customSkill(touched), await tvStates())),
      devices: {
        usage: ':devices',
        describe: 'discover devices again (as "Alexa, discover devices" does) and show Alexa\'s device list',
        // A TV set up from another terminal (serverless invoke local against this sandbox's table) is found too.
        run: async () => {
          const arrived = newEvents();
          alexaSide.discovered(SANDBOX_USER_ID, await discover(smartHome, token));
          await alexaSide.reportStates(SANDBOX_USER_ID, smartHome, token);
          tvs = await userTvs();
          return [...arrived, `  Alexa's devices:${deviceLines(alexaSide) || ' none'}`];
        },
      },
      google: {
        usage: ':google',
        describe: 'Google hears every line from now on ("hey google, …" always reaches Google)',
        run: async () => { platform = 'google'; return ['  Google hears every line now; ":alexa" switches back.']; },
      },
      alexa: {
        usage: ':alexa',
        describe: 'Alexa hears lines again (the default)',
        run: async () => { platform = 'alexa'; return ['  Alexa hears lines now; "hey google, …" still reaches Google.']; },
      },
      gateway: {
        usage: ':gateway offline|online',
        describe: 'unplug the emulated home gateway, or plug it back in; Alexa\'s device list shows each TV\'s health',
        run: async (argument) => {
          const online = ({ online: true, offline: false } as Record<string, boolean>)[argument.toLowerCase()];
          if (online === undefined) return ['Say ":gateway offline" or ":gateway online".'];
          if (!emulator) return ['Only the emulated device cloud has a gateway to unplug (DEVICE_CLOUD_BASE_URL is set).'];
          emulator.setGatewayOnline(token, online);
          await persist();
          // What the Alexa app shows once it asks again (ReportState to each TV).
          await alexaSide.reportStates(SANDBOX_USER_ID, smartHome, token);
          return [`  The home gateway is ${online ? 'back online' : 'offline'}.`, `  Alexa's devices:${deviceLines(alexaSide) || ' none'}`];
        },
      },
    };

    tally.take('off');
    return {
      examples: examplesFor(language, tvs),
      openPhrase: language.openPhrase,
      commands,
      metricLines: (display) => tally.take(display),
      metricsSummary: () => tally.summary(),
      ...(settings.metrics ? { metricsDisplay: settings.metrics } : {}),
      async converse(line: string): Promise<Reply> {
        // The invocation name opens the custom skill (or asks it once), and inside an open session Alexa
        // passes whatever is said to it; anything else is a smart-home request.
        const heard = addresses.spoken().length;
        const arrived = newEvents();
        const reply = await notingIgnored(async () => {
          if (google.takes(line, platform)) return google.answer(line);
          const skill = await alexa.hear(line);
          return skill ? customSkill(skill) : smartHomeLine(line);
        });
        // A voice setup may have added or forgotten a TV.
        if (reply.door === 'custom skill') tvs = await userTvs();
        await persist();
        // What Alexa played while the skill worked (progressive responses), before its answer.
        const played = addresses.spoken().slice(heard).map((s) => speechText({ type: 'SSML', ssml: s.speech }));
        // Alexa events that reached the gateway meanwhile (this line's setup, or another terminal's).
        const events = [...arrived, ...newEvents()].map((l) => l.trim());
        const withEvents = events.length > 0 ? { ...reply, note: [reply.note, ...events].filter(Boolean).join('; ') } : reply;
        return played.length > 0 ? { ...withEvents, speech: `${played.join(' ')} … ${withEvents.speech}` } : withEvents;
      },
      tvStates,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * One sandbox per data folder: the embedded DynamoDB cannot share its files, and a second one would
 * die on its first request. The lock names the holder's pid, so a lock left by a killed sandbox is taken over.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return () => fs.rm(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw e;
      const holder = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
      if (isRunning(holder)) {
        throw new Error(`SANDBOX_DATA_DIR ${dir} is in use by another sandbox (process ${holder}). `
          + `Leave that one first, or use another folder. If no sandbox is running, delete ${file}.`);
      }
      await fs.rm(file, { force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** With several TVs, commands that name one come first. */
function examplesFor(language: Language, tvs: RegisteredTv[]): string[] {
  const cores = tvs.map((tv) => nameCore(tv.deviceName)).filter((c) => c !== '');
  return cores.length < 2 ? language.examples : [...language.namedExamples(cores[0]!, cores[1]!), ...language.examples];
}

async function tableExists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (e) {
    if (e instanceof ResourceNotFoundException) return false;
    throw e;
  }
}

async function readSnapshot(file: string): Promise<CloudSnapshot | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as CloudSnapshot;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read the saved emulator state ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The friendly names (or ids) of the endpoints an event names, for its line. */
function endpointNames(body: unknown): string {
  const endpoints = (body as { event?: { payload?: { endpoints?: { friendlyName?: unknown; endpointId?: unknown }[] } } } | undefined)?.event?.payload?.endpoints ?? [];
  const names = endpoints.map((e) => (typeof e.friendlyName === 'string' ? `"${e.friendlyName}"` : String(e.endpointId)));
  return names.length > 0 ? ` (${names.join(', ')})` : '';
}

async function discover(handler: (event: unknown) => Promise<EventMessage>, token: string): Promise<unknown[]> {
  const response = await handler(discoverDirective(token));
  if (response.event.header.name !== 'Discover.Response') {
    throw new Error(`discovery failed: ${String(response.event.payload['type'])} ${String(response.event.payload['message'])}`);
  }
  return response.event.payload['endpoints'] as unknown[];
}

function stepLine(step: { step: string; outcome: string; detail?: string }): string {
  return `    ${step.outcome.padEnd(7)} ${step.step}${step.detail ? `: ${step.detail}` : ''}`;
}

/** Alexa's device list, one device a line, a TV marked when the Alexa app last read it as not OK. */
function deviceLines(alexa: AlexaStandIn): string {
  return alexa.devices(SANDBOX_USER_ID).map((e) => `\n    "${e.friendlyName}" (${e.endpointId})${healthOf(e.state)}`).join('');
}

/**
 * A device's connectivity as the last ReportState answered it (Alexa.EndpointHealth), or why it is unknown;
 * nothing for one that is OK or was not asked about, as the app marks only a device that is not.
 */
function healthOf(state: DeviceState | undefined): string {
  if (state === undefined) return '';
  if ('error' in state) return ` - state unknown (ReportState answered ErrorResponse ${state.error})`;
  if ('refused' in state) return ` - state unknown (Alexa refused the answer: ${state.refused})`;
  const connectivity = state.properties.find((p) => p.namespace === 'Alexa.EndpointHealth' && p.name === 'connectivity');
  const value = (connectivity?.value as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' && value !== 'OK' ? ` - connectivity ${value}` : '';
}

/** Setup of one TV, taking the first preset the cloud offers unless TV_PRESET_ID names one. */
async function setUpTv(deps: SetupDeps, event: { userId: string; area?: string; tvName?: string }, tvPresetId: string | undefined, say: (line: string) => void): Promise<SetupResult> {
  const result = await runSetup(deps, { ...event, tvPresetId });
  if (result.status !== 'choose_preset' || !result.presets?.length) return result;
  const first = result.presets[0]!;
  say(`    ${result.presets.length} TV presets offered; using ${first.deviceId} (set TV_PRESET_ID to choose another)`);
  return runSetup(deps, { ...event, tvPresetId: first.deviceId });
}

function toReply(envelope: ResponseEnvelope): Reply {
  const r = envelope.response;
  const card = r.card && 'content' in r.card ? { title: r.card.title, content: r.card.content } : r.card && r.card.type === 'LinkAccount' ? { title: 'Link account', content: 'Link your account in the Alexa app.' } : undefined;
  return { speech: speechText(r.outputSpeech), card, sessionOpen: r.shouldEndSession === false, door: 'custom skill' };
}

/**
 * The channel and volume presses of this line (the emulator's calls since `from`) that a TV ignored
 * because it is off, by TV: the device cloud answers OK to them, as it cannot see the TV.
 */
function ignoredPresses(emulator: Emulator, from: number): Map<string, number> {
  const ignored = new Map<string, number>();
  for (const call of emulator.calls.slice(from)) {
    const thingId = (call.body as { thingId?: unknown } | undefined)?.thingId;
    if (call.method !== 'PUT' || !/^\/device\/v2\/tv\/(?:channel|volume)\/$/.test(call.path) || typeof thingId !== 'string') continue;
    if (emulator.tvState(thingId)?.power === 'off') ignored.set(thingId, (ignored.get(thingId) ?? 0) + 1);
  }
  return ignored;
}
