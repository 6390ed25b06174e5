// Composition root of the skill Lambda: environment read once at cold start, parts shared across requests.
import { DeviceCloud, DEFAULT_TIMEOUT_MS } from '../cloud/client';
import { optionalEnv, optionalIntEnv, requireEnv } from '../config';
import { deploymentFromEnv } from '../deployment';
import { jsonLogger } from '../log';
import { emfLines } from '../metrics';
import { DynamoUserStore, dynamoClient, ALEXA_TABLE_BUDGET } from '../store';
import { createSkillHandler } from './app';

const logger = jsonLogger(undefined, { fn: 'skill' });

export const handler = createSkillHandler({
  store: new DynamoUserStore({
    tableName: requireEnv('TABLE_NAME'),
    client: dynamoClient(ALEXA_TABLE_BUDGET),
  }),
  cloud: new DeviceCloud({
    baseUrl: requireEnv('DEVICE_CLOUD_BASE_URL'),
    timeoutMs: optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS),
  }),
  skillId: optionalEnv('SKILL_ID'),
  logger,
  deployment: deploymentFromEnv(),
  metrics: emfLines(),
});
