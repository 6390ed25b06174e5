// Composition root of the smart-home Lambda: environment read once at cold start, parts shared across
// directives. The table is read by discovery and written only with Alexa's grants (AcceptGrant);
// control directives go straight to the device cloud.
import { LoginWithAmazon, lwaCredentialsFromEnv } from '../alexa/lwa';
import { alexaRegionOf } from '../alexa/regions';
import { DeviceCloud, DEFAULT_TIMEOUT_MS } from '../cloud/client';
import { optionalEnv, optionalIntEnv, requireEnv } from '../config';
import { jsonLogger } from '../log';
import { emfLines } from '../metrics';
import { ALEXA_TABLE_BUDGET, DynamoUserStore, dynamoClient } from '../store';
import { createSmartHomeHandler } from './app';
import type { GrantKeeping } from './grant';

/** LWA must answer well inside Alexa's 8 s, beside the device cloud's plugin list. */
const LWA_TIMEOUT_MS = 4000;

const logger = jsonLogger(undefined, { fn: 'smarthome' });
const store = new DynamoUserStore({
  tableName: requireEnv('TABLE_NAME'),
  client: dynamoClient(ALEXA_TABLE_BUDGET),
});

/** Proactive discovery's half, from the environment; a half-configured client turns it off, never the door. */
function grantKeeping(): GrantKeeping | undefined {
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
  return { lwa: new LoginWithAmazon({ ...credentials, timeoutMs: LWA_TIMEOUT_MS }), grants: async () => store, region };
}

export const handler = createSmartHomeHandler({
  directory: store,
  cloud: new DeviceCloud({
    baseUrl: requireEnv('DEVICE_CLOUD_BASE_URL'),
    timeoutMs: optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS),
  }),
  logger,
  metrics: emfLines(),
  grantKeeping: grantKeeping(),
});
