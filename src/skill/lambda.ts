// Composition root of the skill Lambda: environment read once at cold start, parts shared across requests.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeviceCloud, DEFAULT_TIMEOUT_MS } from '../cloud/client';
import { optionalIntEnv, requireEnv } from '../config';
import { jsonLogger } from '../log';
import { DynamoUserStore } from '../store';
import { createSkillHandler } from './app';

const logger = jsonLogger(undefined, { component: 'skill' });

export const handler = createSkillHandler({
  store: new DynamoUserStore({
    tableName: requireEnv('TABLE_NAME'),
    // Alexa waits 8 s in all: a slow table read must fail fast enough to still answer in words.
    client: new DynamoDBClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 500, requestTimeout: 1000 } }),
  }),
  cloud: new DeviceCloud({
    baseUrl: requireEnv('DEVICE_CLOUD_BASE_URL'),
    timeoutMs: optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS),
  }),
  skillId: process.env.SKILL_ID?.trim() || undefined,
  logger,
});
