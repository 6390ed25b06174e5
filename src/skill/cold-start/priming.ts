// The skill's priming at cold start (lambda.ts): one launch from a linked user with one TV runs through
// every layer (ask-sdk, the request's user, the table's client, the words), the table answered here and
// nothing sent to any service, nothing logged or counted. Afterwards the first command finds that code
// compiled and the table client's caches filled.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { silentLogger } from '../../log';
import { outsideCommands } from '../../metrics';
import { userItemWithOneTv, withLocalAnswers } from '../../store';
import { createSkillHandler, type SkillDeps } from '../app';

/** Priming is local work of a few ms; past this it is abandoned, so init stays bounded. */
export const PRIMING_TIMEOUT_MS = 1000;
const USER = 'amzn1.ask.account.PRIMING';
const TOKEN = 'priming';

/** Runs the priming launch with `deps` (whose store uses `client`) and returns its answer. */
export function primeSkill(deps: SkillDeps, client: DynamoDBClient): Promise<ResponseEnvelope> {
  const skill = createSkillHandler({ ...deps, logger: silentLogger, metrics: undefined });
  return withLocalAnswers(client, tableAnswer, PRIMING_TIMEOUT_MS, () =>
    outsideCommands(() => skill(launch(deps.skillId))),
  );
}

/** The priming user with one TV for a read, an empty success for anything else. */
function tableAnswer(commandName: string): Record<string, unknown> {
  return commandName === 'GetItemCommand' ? { Item: userItemWithOneTv(USER, TOKEN) } : {};
}

/** "アレクサ、テレビリモコンを開いて": a launch touches the table and no other service. */
function launch(skillId: string | undefined): RequestEnvelope {
  const application = { applicationId: skillId || 'amzn1.ask.skill.priming' };
  const user = { userId: USER, accessToken: TOKEN };
  return {
    version: '1.0',
    session: { new: true, sessionId: 'priming', application, user },
    context: {
      System: {
        application,
        user,
        device: { deviceId: 'priming', supportedInterfaces: {} },
        apiEndpoint: 'https://priming.invalid',
      },
    },
    request: { type: 'LaunchRequest', requestId: 'priming', timestamp: new Date().toISOString(), locale: 'ja-JP' },
  };
}
