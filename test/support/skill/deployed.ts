// The skill as deployed: src/skill/lambda.ts with serverless.yml's environment, which always names the
// setup function (SETUP_FUNCTION_NAME), so the skill always has its setup trigger and with it the
// conversation's handlers (src/skill/questions/conversation.ts: every pending question, "Which TV?"
// included). Here the trigger's Invoke goes to a loopback stand-in for Lambda (src/local/lambda) that runs
// the real setup function; dynalite and the device-cloud emulator behind, as useLoopback gives them.
// Conversation tests compose the skill only through this module: a skill without a trigger is one
// production never runs.
import { DeviceCloud } from '../../../src/cloud/client';
import { startLambdaStandIn, type LambdaStandIn } from '../../../src/local/lambda';
import type { Logger } from '../../../src/log';
import { runSetupEvent } from '../../../src/setup';
import { createSkillHandler, type SkillDeps, type SkillHandler } from '../../../src/skill/app';
import { lambdaSetupTrigger } from '../../../src/skill/services/setup-trigger';
import { DynamoForgetting } from '../../../src/store/families/forgetting';
import type { Loopback } from '../loopback';
import { useFixture } from '../fixture';
import { SKILL_ID } from './requests';

/** The setup function's name at the stand-in (serverless.yml's SETUP_FUNCTION_NAME in production). */
const SETUP_FUNCTION = 'setup';

/** What a test may set of the deployed parts: a wrapped store, a clock, a budget; never the trigger. */
export type DeployedParts = Partial<Omit<SkillDeps, 'setupTrigger'>>;

export interface DeployedOptions extends DeployedParts {
  /** Where the trigger's Invoke goes: the stand-in useDeployedSkill started, or a faulty server in its place. */
  lambdaUrl: string;
}

/** The deployed composition over the loopback parts, its setup trigger invoking `lambdaUrl`. */
export function deployedSkill(loopback: Loopback, { lambdaUrl, ...parts }: DeployedOptions): SkillHandler {
  return createSkillHandler({
    store: loopback.dynamo.store,
    forgetting: new DynamoForgetting({ tableName: loopback.dynamo.tableName, client: loopback.dynamo.client }),
    // The deployed client waits 3 s a call (DEFAULT_TIMEOUT_MS); 1 s is ample for a loopback emulator.
    cloud: new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 1000 }),
    skillId: SKILL_ID,
    ...parts,
    setupTrigger: lambdaSetupTrigger({ functionName: SETUP_FUNCTION, endpoint: lambdaUrl, region: 'us-east-1' }),
  });
}

export interface DeployedSkill {
  /** The skill as deployed. */
  readonly handler: SkillHandler;
  /** The Lambda stand-in its setup trigger invokes, running the real setup function. */
  readonly lambda: LambdaStandIn;
  /** The same composition with a logger of the test's (its warnings and errors read). */
  withLogger(logger: Logger): SkillHandler;
  /** The same composition with some parts of the test's (a counting store, a clock, a budget). */
  with(parts: DeployedParts): SkillHandler;
}

/**
 * Registers the hooks (after useLoopback's): the Lambda stand-in with the real setup function started
 * before the file's tests and closed after them, and the deployed skill in front of it.
 */
export function useDeployedSkill(loopback: Loopback): DeployedSkill {
  const started = useFixture('the deployed skill', {
    start: async () => {
      // The setup function's own client, with its deployed timeout (src/setup/lambda.ts): no one waits on it.
      const setupCloud = new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 10_000 });
      const lambda = await startLambdaStandIn({
        [SETUP_FUNCTION]: (event) => runSetupEvent({ store: loopback.dynamo.store, cloud: setupCloud }, event),
      });
      return { lambda, handler: deployedSkill(loopback, { lambdaUrl: lambda.url }) };
    },
    close: (parts) => parts.lambda.close(),
  });
  return {
    get handler() {
      return started().handler;
    },
    get lambda() {
      return started().lambda;
    },
    withLogger: (logger) => deployedSkill(loopback, { lambdaUrl: started().lambda.url, logger }),
    with: (parts) => deployedSkill(loopback, { ...parts, lambdaUrl: started().lambda.url }),
  };
}
