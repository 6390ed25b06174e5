// Composition root of the smart-home Lambda: environment read once at cold start, parts shared across
// directives. The table is only read (discovery); control directives go straight to the device cloud.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeviceCloud, DEFAULT_TIMEOUT_MS } from '../cloud/client';
import { optionalIntEnv, requireEnv } from '../config';
import { jsonLogger } from '../log';
import { DynamoUserStore } from '../store';
import { createSmartHomeHandler } from './app';

export const handler = createSmartHomeHandler({
  directory: new DynamoUserStore({
    tableName: requireEnv('TABLE_NAME'),
    // Alexa waits 8 s in all: a slow table read must fail fast enough to still answer.
    client: new DynamoDBClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 500, requestTimeout: 1000 } }),
  }),
  cloud: new DeviceCloud({
    baseUrl: requireEnv('DEVICE_CLOUD_BASE_URL'),
    timeoutMs: optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS),
  }),
  logger: jsonLogger(undefined, { component: 'smarthome' }),
});
