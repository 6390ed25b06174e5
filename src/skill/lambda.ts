// Composition root of the skill Lambda: environment read once at cold start, parts shared across requests,
// loaded in the order of the user's wait and primed before the first command. Why this order:
// docs/cold-start.md#skill-lambda.
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
  const { primeSkill } = await import('./cold-start/priming');
  const { lambdaSetupTrigger } = await import('./services/setup-trigger');
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
