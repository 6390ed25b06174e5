// The local sandbox: the whole skill against an emulated TV, with no AWS account and no Echo.
// Everything it runs is the real code (skill handler, setup, store); only the device cloud and
// DynamoDB are local stand-ins, and either can be swapped for the real one through the environment.
import path from 'node:path';
import type { Writable } from 'node:stream';
import { promises as fs } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { VirtualAlexa } from 'virtual-alexa';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../../cloud/client';
import { DynamoUserStore } from '../../store';
import { createSkillHandler } from '../../skill/app';
import { runSetup } from '../../setup/setup';
import { silentLogger } from '../../log';
import { startEmulator, type CloudSnapshot, type Emulator } from '../emulator';
import { createUserTable, startDynalite } from '../dynamo';
import type { ConsoleParts, Reply, TvLine } from './console';
import { speechText } from './speech-text';

export const SANDBOX_SKILL_ID = 'amzn1.ask.skill.sandbox-tv-remote';
export const SANDBOX_USER_ID = 'amzn1.ask.account.SANDBOX-DEMO-USER';
const DEMO_TOKEN = 'sandbox-demo-token';
const EMULATOR_SNAPSHOT = 'device-cloud-emulator.json';
const MODEL_FILE = path.join(__dirname, '..', '..', '..', 'models', 'en-US.json');

export const EXAMPLES = [
  'turn on the tv', 'channel 5', 'next channel', 'go up 3 channels', 'previous channel',
  'volume up 3', 'turn it down', 'louder', 'turn off the tv', 'open tv remote', 'help', 'stop',
];

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
}

export function settingsFromEnv(env: NodeJS.ProcessEnv): SandboxSettings {
  const pick = (name: string) => env[name]?.trim() || undefined;
  const settings: SandboxSettings = {
    deviceCloudBaseUrl: pick('DEVICE_CLOUD_BASE_URL'),
    deviceCloudToken: pick('DEVICE_CLOUD_TOKEN'),
    tableName: pick('TABLE_NAME'),
    dataDir: pick('SANDBOX_DATA_DIR'),
    tvPresetId: pick('TV_PRESET_ID'),
  };
  if (settings.deviceCloudBaseUrl && !settings.deviceCloudToken) {
    throw new Error('DEVICE_CLOUD_TOKEN must be set when DEVICE_CLOUD_BASE_URL points at a real device cloud');
  }
  return settings;
}

export interface Sandbox extends ConsoleParts {
  close(): Promise<void>;
}

/** Starts the parts, registers the demo TV with the real setup function, and returns the console's parts. */
export async function startSandbox(settings: SandboxSettings, log: Writable): Promise<Sandbox> {
  const say = (line: string) => log.write(`${line}\n`);
  const closers: Array<() => Promise<void>> = [];
  const close = async () => { for (const c of closers.reverse()) await c().catch(() => undefined); };

  try {
    ensureLocalAwsDefaults();
    let tableName = settings.tableName;
    if (!tableName) {
      if (settings.dataDir) await fs.mkdir(settings.dataDir, { recursive: true });
      const dynamo = await startDynalite({ path: settings.dataDir });
      closers.push(() => dynamo.close());
      process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
      tableName = 'tv-voice-remote-sandbox-users';
      const client = new DynamoDBClient({});
      if (!(await tableExists(client, tableName))) await createUserTable(client, tableName);
      client.destroy();
      say(`- DynamoDB: embedded dynalite at ${dynamo.endpoint}${settings.dataDir ? `, data in ${settings.dataDir}` : ', in memory'}`);
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
    // What account linking does on a first request: the skill stores the token it is given.
    await store.saveAccessToken(SANDBOX_USER_ID, token);

    say('- Setup: registering the remote and the TV (the real setup function)');
    const onStep = (s: { step: string; outcome: string; detail?: string }) =>
      say(`    ${s.outcome.padEnd(7)} ${s.step}${s.detail ? `: ${s.detail}` : ''}`);
    let result = await runSetup({ store, cloud, logger: silentLogger, onStep }, { userId: SANDBOX_USER_ID, tvPresetId: settings.tvPresetId });
    if (result.status === 'choose_preset' && result.presets?.length) {
      const first = result.presets[0]!;
      say(`    ${result.presets.length} TV presets offered; using ${first.deviceId} (set TV_PRESET_ID to choose another)`);
      result = await runSetup({ store, cloud, logger: silentLogger, onStep }, { userId: SANDBOX_USER_ID, tvPresetId: first.deviceId });
    }
    if (!result.tv) throw new Error(`setup did not register a TV (${result.status})`);
    const tvThingId = result.tv.thingId;
    say(`- Ready: TV "${result.tv.deviceName}" (${tvThingId})`);

    const handler = createSkillHandler({ store, cloud, skillId: SANDBOX_SKILL_ID, logger: silentLogger });
    const alexa = VirtualAlexa.Builder()
      .handler((event: RequestEnvelope) => handler(event))
      .interactionModelFile(MODEL_FILE)
      .applicationID(SANDBOX_SKILL_ID)
      .create();
    alexa.context().user().setID(SANDBOX_USER_ID);
    alexa.context().setAccessToken(token);

    return {
      examples: EXAMPLES,
      async converse(utterance: string): Promise<Reply> {
        let response: unknown;
        try {
          response = await alexa.utter(utterance);
        } catch (e) {
          // Real Alexa sends what no sample phrase matches to the skill's FallbackIntent.
          if (!(e instanceof Error && /Unable to match utterance/i.test(e.message))) throw e;
          const reply = toReply((await alexa.intend('AMAZON.FallbackIntent')) as unknown as ResponseEnvelope);
          return { ...reply, note: 'no sample phrase matched, so Alexa sent FallbackIntent' };
        }
        await persist();
        return toReply(response as ResponseEnvelope);
      },
      async tvState(): Promise<TvLine | undefined> {
        const tv = emulator?.tvState(tvThingId);
        return tv && { power: tv.power, channel: tv.channel, volume: tv.volume };
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
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

function toReply(envelope: ResponseEnvelope): Reply {
  const r = envelope.response;
  const card = r.card && 'content' in r.card ? { title: r.card.title, content: r.card.content } : r.card && r.card.type === 'LinkAccount' ? { title: 'Link account', content: 'Link your account in the Alexa app.' } : undefined;
  return { speech: speechText(r.outputSpeech), card, sessionOpen: r.shouldEndSession === false };
}

/** The SDK wants a region and credentials even for a local endpoint; real ones win when present. */
function ensureLocalAwsDefaults(): void {
  process.env.AWS_REGION ??= 'us-east-1';
  if (!process.env.AWS_PROFILE) {
    process.env.AWS_ACCESS_KEY_ID ??= 'sandbox';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'sandbox';
  }
}
