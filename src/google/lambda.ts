// Composition root of the Google Home Lambda, wired like the two Alexa functions: environment read once
// at cold start, the device cloud's connection opened first so its round trips pass while the rest loads.
// Every intent reads the table (the household's TVs), so its client loads in the init phase too, which
// Lambda runs on a full vCPU whatever the memory size (entry.mjs holds the init phase until `ready`).
import { DEFAULT_TIMEOUT_MS, nextTurn, preconnect } from '../cloud/connection';
import { optionalIntEnv, requireEnv } from '../config';
import { jsonLogger } from '../log';
import { emfLines } from '../metrics';
import type { GoogleDeps, GoogleHandler } from './app';

const tableName = requireEnv('TABLE_NAME');
const baseUrl = requireEnv('DEVICE_CLOUD_BASE_URL');
const timeoutMs = optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS);
const logger = jsonLogger(undefined, { fn: 'google' });
preconnect(baseUrl);

/** The handler once the cold start's steps have loaded (a test's fresh module load waits for it too). */
export const ready: Promise<GoogleHandler> = (async () => {
  await nextTurn();
  const { DeviceCloud } = await import('../cloud/client');
  await nextTurn();
  const { DynamoUserStore, dynamoClient, ALEXA_TABLE_BUDGET } = await import('../store');
  const { DynamoGoogleLinks } = await import('../store/google-links');
  await nextTurn();
  const { createGoogleHandler } = await import('./app');
  const { primeGoogle } = await import('./priming');
  // Google waits as Alexa does: the table gets the voice functions' budget.
  const client = dynamoClient(ALEXA_TABLE_BUDGET);
  const deps: GoogleDeps = {
    directory: new DynamoUserStore({ tableName, client }),
    links: new DynamoGoogleLinks({ tableName, client }),
    cloud: new DeviceCloud({ baseUrl, timeoutMs }),
    logger,
    metrics: emfLines(),
  };
  // A priming that fails or hangs costs nothing but its own time: the requests do not need it.
  await primeGoogle(deps, client).catch(() => undefined);
  return createGoogleHandler(deps);
})();

export const handler: GoogleHandler = async (event) => (await ready)(event);
