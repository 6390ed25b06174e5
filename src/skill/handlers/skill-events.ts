// Alexa's skill events (skill/skill.json, events.subscriptions; Amazon, "Add Events to Your Skill",
// https://developer.amazon.com/docs/smapi/add-events-to-your-skill-with-smapi.html): SkillDisabled, a user
// disabled the skill, so what is kept for them is deleted (src/store/families/forgetting.ts) whatever its
// body's userInformationPersistenceStatus says: a user who enables the skill again links and sets up
// again. The event arrives outside any session and nobody hears the answer: an empty response.
import * as Alexa from 'ask-sdk-core';
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { asRecord, nonEmptyText } from '../../json';
import type { Logger } from '../../log';
import type { Forgetting } from '../../store/families/forgetting';

export const SKILL_DISABLED = 'AlexaSkillEvent.SkillDisabled';

export function skillDisabledHandler(forgetting: Pick<Forgetting, 'forgetUser'>, logger: Logger): RequestHandler {
  return {
    canHandle: (input: HandlerInput): boolean => Alexa.getRequestType(input.requestEnvelope) === SKILL_DISABLED,
    async handle(input: HandlerInput): Promise<Response> {
      const persistence = asRecord(asRecord(input.requestEnvelope.request)?.['body'])?.[
        'userInformationPersistenceStatus'
      ];
      // An event that names no user deletes nothing: there is no one to forget.
      const userId = nonEmptyText(asRecord(input.requestEnvelope.context?.System?.user)?.['userId']);
      if (userId === undefined) {
        logger.warn('skill event refused: it names no user', { requestType: SKILL_DISABLED });
        return input.responseBuilder.getResponse();
      }
      const report = await forgetting.forgetUser(userId);
      // Counts only: the keys name the user.
      logger.info('user data deleted: the skill was disabled', {
        deleted: report.deleted.length,
        changed: report.changed.length,
        kept: report.kept.length,
        ...(typeof persistence === 'string' && { userInformationPersistenceStatus: persistence.slice(0, 32) }),
      });
      return input.responseBuilder.getResponse();
    },
  };
}
