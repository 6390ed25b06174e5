// Composition root of the skill Lambda: environment read once at cold start, parts shared across requests.
// The cold start is ordered for the user's wait (src/cold-start.ts): the device cloud's connection opens
// first and its round trips pass while the rest loads; the first device call reuses that connection.
// The table's client is imported statically all the same: loaded in a step (a lazy module), esbuild keeps
// every command of the AWS SDK, which costs more CPU than the step overlaps.
// Once loaded, the skill is primed: one launch runs through every layer, the table answered here and
// nothing sent, so the first command finds its code compiled. Lambda waits for `ready` in its init phase
// (entry.mjs, an ES module's top-level await), which runs on a full vCPU whatever the memory size.
import { voiceLambda } from '../cold-start';
import { optionalEnv, requireEnv } from '../config';
import { emfLines } from '../metrics';
import { ALEXA_TABLE_BUDGET, DynamoUserStore, dynamoClient } from '../store';
import { DynamoForgetting } from '../store/families/forgetting';
import type { SkillDeps, SkillHandler } from './app';

const { tableName, logger, deviceCloud } = voiceLambda('skill');
const skillId = optionalEnv('SKILL_ID');
const setupFunction = requireEnv('SETUP_FUNCTION_NAME');

/** The handler once the cold start's steps have loaded (a test's fresh module load waits for it too). */
export const ready: Promise<SkillHandler> = (async () => {
  const cloud = await deviceCloud();
  const { createSkillHandler } = await import('./app');
  const { primeSkill } = await import('./priming');
  const { lambdaSetupTrigger } = await import('./setup-trigger');
  const client = dynamoClient(ALEXA_TABLE_BUDGET);
  const deps: SkillDeps = {
    setupTrigger: lambdaSetupTrigger({ functionName: setupFunction }),
    store: new DynamoUserStore({ tableName, client }),
    forgetting: new DynamoForgetting({ tableName, client }),
    cloud,
    skillId,
    logger,
    metrics: emfLines(),
  };
  // A priming that fails or hangs costs nothing but its own time: the commands do not need it.
  await primeSkill(deps, client).catch(() => undefined);
  return createSkillHandler(deps);
})();

export const handler: SkillHandler = async (event, context) => (await ready)(event, context);
