// Where the sandbox keeps its state: the user table (embedded dynalite unless TABLE_NAME names one) and the
// device cloud (the emulator unless a real one is set). With SANDBOX_DATA_DIR both outlive the process.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { createUserTable, startDynalite } from '../dynamo';
import { startEmulator, type CloudSnapshot, type Emulator } from '../emulator';
import type { Closer, Say } from './parts';
import type { SandboxSettings } from './settings';

const DEMO_TOKEN = 'sandbox-demo-token';
const EMULATOR_SNAPSHOT = 'device-cloud-emulator.json';
const LOCK_FILE = 'sandbox.lock';

/** The user table's name: the one settings give, or the embedded DynamoDB's, created on first use. */
export async function startTable(settings: SandboxSettings, closers: Closer[], say: Say): Promise<string> {
  if (settings.tableName) {
    say(`- DynamoDB: table ${settings.tableName}`);
    return settings.tableName;
  }
  if (settings.dataDir) {
    await fs.mkdir(settings.dataDir, { recursive: true });
    closers.push(await lockDataDir(settings.dataDir));
  }
  const dynamo = await startDynalite({ path: settings.dataDir });
  closers.push(() => dynamo.close());
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
  const tableName = 'tv-voice-remote-sandbox-users';
  const client = new DynamoDBClient({});
  if (!(await tableExists(client, tableName))) await createUserTable(client, tableName);
  client.destroy();
  say(
    `- DynamoDB: embedded dynalite at ${dynamo.endpoint}, table ${tableName}${settings.dataDir ? `, data in ${settings.dataDir}` : ', in memory'}`,
  );
  return tableName;
}

export interface DeviceCloudSide {
  baseUrl: string;
  /** The account's token: the real cloud's from settings, or the emulator's demo account's. */
  token: string;
  /** The embedded device cloud, when no real one is set. */
  emulator: Emulator | undefined;
  /** Saves the emulator's state beside the table; does nothing when nothing is kept. */
  persist(): Promise<void>;
}

/** The device cloud settings name, or the emulator with the demo account signed in (its state restored from the data folder). */
export async function startDeviceCloud(
  settings: SandboxSettings,
  closers: Closer[],
  say: Say,
): Promise<DeviceCloudSide> {
  const token = settings.deviceCloudToken ?? DEMO_TOKEN;
  if (settings.deviceCloudBaseUrl) {
    say(`- Device cloud: ${settings.deviceCloudBaseUrl}`);
    return { baseUrl: settings.deviceCloudBaseUrl, token, emulator: undefined, persist: async () => undefined };
  }
  const snapshotFile = settings.dataDir && path.join(settings.dataDir, EMULATOR_SNAPSHOT);
  const restore = snapshotFile ? await readSnapshot(snapshotFile) : undefined;
  const emulator = await startEmulator({ restore });
  closers.push(() => emulator.close());
  emulator.addAccount(token);
  let persist = async (): Promise<void> => undefined;
  if (snapshotFile) {
    // The emulated cloud is kept beside the persisted table, so a stored TV still exists next time.
    persist = () => fs.writeFile(snapshotFile, JSON.stringify(emulator.snapshot()));
    closers.push(persist);
  }
  say(`- Device cloud: emulator at ${emulator.url}, demo account signed in${restore ? ' (state restored)' : ''}`);
  return { baseUrl: emulator.url, token, emulator, persist };
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
        throw new Error(
          `SANDBOX_DATA_DIR ${dir} is in use by another sandbox (process ${holder}). ` +
            `Leave that one first, or use another folder. If no sandbox is running, delete ${file}.`,
          { cause: e },
        );
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
    throw new Error(`cannot read the saved emulator state ${file}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
}
