// Composition root of the setup Lambda: reads the environment once per container and wires the real
// device-cloud client, the DynamoDB store and the JSON logger into runSetup.
import { DeviceCloud } from '../cloud/client';
import { optionalIntEnv, requireEnv } from '../config';
import { deploymentFromEnv } from '../deployment';
import { jsonLogger } from '../log';
import { DynamoUserStore, dynamoClient, SETUP_TABLE_BUDGET } from '../store';
import { runSetup } from './setup';
import type { SetupDeps, SetupResult } from './types';

/** Setup runs outside Alexa's 8 s budget, so a slow gateway gets longer than on voice requests. */
export const SETUP_TIMEOUT_MS = 10000;

let deps: SetupDeps | undefined;

function wire(env: NodeJS.ProcessEnv = process.env): SetupDeps {
  return {
    store: new DynamoUserStore({ tableName: requireEnv('TABLE_NAME', env), client: dynamoClient(SETUP_TABLE_BUDGET) }),
    cloud: new DeviceCloud({
      baseUrl: requireEnv('DEVICE_CLOUD_BASE_URL', env),
      timeoutMs: optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', SETUP_TIMEOUT_MS, env),
    }),
    logger: jsonLogger(undefined, { fn: 'setup' }),
    deployment: deploymentFromEnv(env),
  };
}

export async function handler(event: unknown): Promise<SetupResult> {
  deps ??= wire();
  return runSetup(deps, event);
}
