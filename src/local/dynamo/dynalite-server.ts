// dynalite in this process on loopback: the DynamoDB protocol for tests and the sandbox, no Java, no AWS.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { withTimeToLive } from './time-to-live-shim';

export interface DynaliteOptions {
  /** Folder to persist tables in; in memory when absent. */
  path?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface RunningDynalite {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL_DYNAMODB. */
  endpoint: string;
  close(): Promise<void>;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export async function startDynalite(options: DynaliteOptions = {}): Promise<RunningDynalite> {
  // No artificial CREATING/DELETING delays: a created table is usable at once.
  const server = dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const [handler] = server.listeners('request') as RequestListener[];
  if (!handler) throw new Error('dynalite server has no request listener');
  server.removeAllListeners('request');
  server.on('request', withTimeToLive(handler));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err?: Error) => (err ? reject(err) : resolve()));
        // SDK clients keep sockets alive; drop them so close does not wait for their idle timeout.
        server.closeAllConnections();
      }),
  };
}

/** The region and stand-in keys the AWS SDK insists on even for a loopback endpoint; dynalite checks neither. */
export const LOCAL_AWS_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
} as const;

/** Puts LOCAL_AWS_ENV into the environment where nothing real is set: a region, keys or a profile win. */
export function useLocalAwsDefaults(env: NodeJS.ProcessEnv = process.env): void {
  env.AWS_REGION ??= LOCAL_AWS_ENV.AWS_REGION;
  // With a profile named the SDK reads the profile and ignores keys in the environment.
  if (!env.AWS_PROFILE) {
    env.AWS_ACCESS_KEY_ID ??= LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID;
    env.AWS_SECRET_ACCESS_KEY ??= LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY;
  }
}
