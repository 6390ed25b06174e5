// Composition root of the smart-home Lambda: environment read once at cold start, parts shared across
// directives; the device cloud's connection opens first, the table's client loads only when a directive
// needs it. Why: docs/cold-start.md#smarthome-lambda.
import { voiceLambda } from '../cold-start';
import { optionalEnv } from '../config';
import { emfLines } from '../metrics';
import type { DynamoUserStore } from '../store';
import type { SmartHomeHandler } from './app';
import type { GrantKeeping } from './directives/directive';

/** LWA must answer well inside Alexa's 8 s, beside the device cloud's plugin list. */
const LWA_TIMEOUT_MS = 4000;

const { tableName, logger, deviceCloud } = voiceLambda('smarthome');

let store: Promise<DynamoUserStore> | undefined;
/** The table, loaded by the first directive that needs it and kept for the next. */
function table(): Promise<DynamoUserStore> {
  store ??= import('../store').then(
    ({ DynamoUserStore, dynamoClient, ALEXA_TABLE_BUDGET }) =>
      new DynamoUserStore({ tableName, client: dynamoClient(ALEXA_TABLE_BUDGET) }),
  );
  return store;
}

/** Proactive discovery's half, from the environment; a half-configured client turns it off, never the door. */
async function grantKeeping(): Promise<GrantKeeping | undefined> {
  const { LoginWithAmazon, lwaCredentialsFromEnv } = await import('../alexa/lwa');
  const { alexaRegionOf } = await import('../alexa/regions');
  let credentials;
  try {
    credentials = lwaCredentialsFromEnv();
  } catch (e) {
    logger.error('Alexa grants are not kept', { error: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
  if (credentials === undefined) return undefined;
  const awsRegion = optionalEnv('AWS_REGION') ?? optionalEnv('REGION');
  const region = alexaRegionOf(awsRegion);
  if (region === undefined) {
    logger.warn('Alexa grants are not kept: this AWS region serves no Alexa region', { awsRegion });
    return undefined;
  }
  return {
    lwa: new LoginWithAmazon({ ...credentials, timeoutMs: LWA_TIMEOUT_MS }),
    grants: async () => (await table()).grants,
    region,
  };
}

/** The handler once the cold start's steps have loaded (a test's fresh module load waits for it too). */
export const ready: Promise<SmartHomeHandler> = (async () => {
  const cloud = await deviceCloud();
  const { createSmartHomeHandler } = await import('./app');
  return createSmartHomeHandler({
    directory: { tvsBehindGateways: async (gateways) => (await table()).tvs.tvsBehindGateways(gateways) },
    cloud,
    logger,
    metrics: emfLines(),
    grantKeeping: await grantKeeping(),
  });
})();

export const handler: SmartHomeHandler = async (event, context) => (await ready)(event, context);
