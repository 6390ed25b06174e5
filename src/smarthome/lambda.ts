// Composition root of the smart-home Lambda: environment read once at cold start, parts shared across
// directives. The table is only read (discovery); control directives go straight to the device cloud.
import { DeviceCloud, DEFAULT_TIMEOUT_MS } from '../cloud/client';
import { optionalIntEnv, requireEnv } from '../config';
import { jsonLogger } from '../log';
import { emfLines } from '../metrics';
import { ALEXA_TABLE_BUDGET, DynamoUserStore, dynamoClient } from '../store';
import { createSmartHomeHandler } from './app';

export const handler = createSmartHomeHandler({
  directory: new DynamoUserStore({
    tableName: requireEnv('TABLE_NAME'),
    client: dynamoClient(ALEXA_TABLE_BUDGET),
  }),
  cloud: new DeviceCloud({
    baseUrl: requireEnv('DEVICE_CLOUD_BASE_URL'),
    timeoutMs: optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS),
  }),
  logger: jsonLogger(undefined, { fn: 'smarthome' }),
  metrics: emfLines(),
});
