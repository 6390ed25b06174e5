// The sandbox's Google side: the real Google Home door (src/google/app.ts) over the sandbox's table and
// device cloud, reached through the Google stand-in (stand-in.ts) as Google reaches a Function URL. A line
// that starts with "Hey Google" / "OK Google" / 「OK Google」 goes here whatever the platform; with the
// platform set to Google (SANDBOX_PLATFORM=google, or ":google" at the console) every line does.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DeviceCloudConnector } from '../../cloud/api';
import { createGoogleHandler } from '../../google/app';
import { silentLogger } from '../../log';
import type { MetricsSink } from '../../metrics';
import { DynamoGoogleLinks } from '../../store/families/google-links';
import { DynamoTokenReach } from '../../store/families/token-reach';
import type { Tvs } from '../../store';
import type { Reply } from '../sandbox/console';
import { afterInvocation, lineLanguage } from './reader';
import { GENERIC_ERROR } from './speech';
import { googleStandIn, GoogleRefusal, type GoogleStandIn } from './stand-in';

export type Platform = 'alexa' | 'google';

export const PLATFORMS: readonly Platform[] = ['alexa', 'google'];

export function readPlatform(value: string | undefined): Platform | undefined {
  if (value === undefined) return undefined;
  const platform = PLATFORMS.find((p) => p === value.trim().toLowerCase());
  if (!platform) throw new Error(`SANDBOX_PLATFORM must be alexa or google; got '${value}'`);
  return platform;
}

export interface GoogleDoorOptions {
  directory: Pick<Tvs, 'tvsBehindGateways'>;
  cloud: DeviceCloudConnector;
  /** The sandbox's table: the household's agentUserId is kept there as the deployed door keeps it. */
  tableName: string;
  /** The device-cloud token account linking gives Google (the same account Alexa links). */
  token: string;
  metrics?: MetricsSink;
  /** The household's TV ids now: when they differ from what Google synced, it syncs again, as Request Sync after setup asks. */
  tvIds?: () => readonly string[];
}

export interface GoogleDoor {
  stand: GoogleStandIn;
  /** Whether the line is Google's: said to Google, the answer to its question, or any line while the platform is Google. */
  takes(line: string, platform: Platform): boolean;
  /** The line through the stand-in and the door, as the console shows an answer. */
  answer(line: string): Promise<Reply>;
  /** SYNC, as on linking (and as Request Sync asks after setup): one line saying what Google lists. */
  sync(): Promise<string>;
  close(): Promise<void>;
}

export function startGoogleDoor(options: GoogleDoorOptions): GoogleDoor {
  const client = new DynamoDBClient({});
  const handler = createGoogleHandler({
    directory: options.directory,
    links: new DynamoGoogleLinks({ tableName: options.tableName, client }),
    reach: new DynamoTokenReach({ tableName: options.tableName, client }),
    cloud: options.cloud,
    logger: silentLogger,
    ...(options.metrics && { metrics: options.metrics }),
  });
  const stand = googleStandIn({ fulfillment: handler, token: options.token });

  // SYNC "is triggered at user setup or when a user reconnects" (intents/sync/sync.request.schema.json's
  // description): the sandbox links at start, so it syncs then.
  const sync = async (): Promise<string> => {
    try {
      const devices = await stand.sync();
      const names = devices.map((d) => `"${d.name}"`).join(', ');
      const code = stand.syncError();
      return `- Google: linked, SYNC -> ${devices.length} device(s)${names ? ` ${names}` : ''}${code ? ` (errorCode ${code})` : ''}`;
    } catch (e) {
      return `- Google: SYNC failed: ${e instanceof Error ? e.message : String(e)}`;
    }
  };

  return {
    stand,
    // After "which one?" Google listens for the answer, said without "Hey Google".
    takes: (line, platform) => platform === 'google' || afterInvocation(line) !== undefined || stand.awaiting(),
    sync,
    async answer(line) {
      try {
        const known = options.tvIds?.();
        const synced = stand.devices().map((d) => d.id);
        const changed =
          known !== undefined && (known.length !== synced.length || known.some((id) => !synced.includes(id)));
        if (changed) await stand.sync();
        const answer = await stand.hear(line);
        const { result, heard } = answer;
        const door = result
          ? `google: ${result.command} -> ${result.status}${result.errorCode ? ` ${result.errorCode}` : ''}`
          : `google: no command (${heard.kind})`;
        const note = changed
          ? `the household's TVs changed: Google synced again, as Request Sync after setup asks (${stand.devices().length} device(s))`
          : undefined;
        return { speech: answer.speech, sessionOpen: false, door, speaker: 'Google', ...(note && { note }) };
      } catch (e) {
        if (!(e instanceof GoogleRefusal)) throw e;
        // What Google says to a response it cannot use; the sandbox shows why, as its own note.
        return {
          speech: GENERIC_ERROR[lineLanguage(line)],
          sessionOpen: false,
          door: `google: ${e.intent} -> refused`,
          note: `sandbox error: ${e.message}`,
          speaker: 'Google',
        };
      }
    },
    close: async () => client.destroy(),
  };
}
