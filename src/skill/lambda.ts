// Composition root of the skill Lambda: environment read once at cold start, parts shared across requests.
// The cold start is ordered for the user's wait. The device cloud's connection opens as soon as the
// environment is read, and its TCP and TLS round trips pass while the rest loads in steps, each after an
// event-loop turn that lets the handshake move on. The first device call reuses that connection.
// The table's client is imported statically all the same: loaded in a step (a lazy module), esbuild keeps
// every command of the AWS SDK, which costs more CPU than the step overlaps.
// Once loaded, the skill is primed: one launch runs through every layer, the table answered here and
// nothing sent, so the first command finds its code compiled. Lambda waits for `ready` in its init phase
// (entry.mjs, an ES module's top-level await), which runs on a full vCPU whatever the memory size.
import { DEFAULT_TIMEOUT_MS, nextTurn, preconnect } from '../cloud/connection';
import { optionalEnv, optionalIntEnv, requireEnv } from '../config';
import { jsonLogger } from '../log';
import { emfLines } from '../metrics';
import { ALEXA_TABLE_BUDGET, DynamoUserStore, dynamoClient } from '../store';
import type { SkillDeps, SkillHandler } from './app';

const tableName = requireEnv('TABLE_NAME');
const baseUrl = requireEnv('DEVICE_CLOUD_BASE_URL');
const timeoutMs = optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS);
const skillId = optionalEnv('SKILL_ID');
const setupFunction = requireEnv('SETUP_FUNCTION_NAME');
const logger = jsonLogger(undefined, { fn: 'skill' });
preconnect(baseUrl);

/** The handler once the cold start's steps have loaded (a test's fresh module load waits for it too). */
export const ready: Promise<SkillHandler> = (async () => {
  await nextTurn();
  const { DeviceCloud } = await import('../cloud/client');
  await nextTurn();
  const { createSkillHandler } = await import('./app');
  const { primeSkill } = await import('./priming');
  const { lambdaSetupTrigger } = await import('./setup-trigger');
  const client = dynamoClient(ALEXA_TABLE_BUDGET);
  const deps: SkillDeps = {
    setupTrigger: lambdaSetupTrigger({ functionName: setupFunction }),
    store: new DynamoUserStore({ tableName, client }),
    cloud: new DeviceCloud({ baseUrl, timeoutMs }),
    skillId,
    logger,
    metrics: emfLines(),
  };
  // A priming that fails or hangs costs nothing but its own time: the commands do not need it.
  await primeSkill(deps, client).catch(() => undefined);
  return createSkillHandler(deps);
})();

export const handler: SkillHandler = async (event, context) => (await ready)(event, context);
