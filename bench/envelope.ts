// A realistic Alexa IntentRequest envelope (the shape of test/skill/support/requests.ts, without jest):
// the linked token in context.System.user and the session user, a new session, declared slots.
import { randomUUID } from 'node:crypto';
import type { RequestEnvelope, Slot } from 'ask-sdk-model';

export const BENCH_SKILL_ID = 'amzn1.ask.skill.00000000-tv-remote-bench';

export function intentEnvelope(name: string, slots: Record<string, string>, who: { userId: string; token: string }): RequestEnvelope {
  const applicationId = BENCH_SKILL_ID;
  const user = { userId: who.userId, accessToken: who.token };
  const filled: Record<string, Slot> = {};
  for (const [slot, value] of Object.entries(slots)) filled[slot] = { name: slot, value, confirmationStatus: 'NONE' };
  return {
    version: '1.0',
    session: {
      new: true,
      sessionId: `amzn1.echo-api.session.${randomUUID()}`,
      application: { applicationId },
      user,
      attributes: {},
    },
    context: {
      System: {
        application: { applicationId },
        user,
        device: { deviceId: 'amzn1.ask.device.bench-echo', supportedInterfaces: {} },
        apiEndpoint: 'https://api.amazonalexa.com',
        apiAccessToken: 'alexa-api-token-not-the-linked-one',
      },
    },
    request: {
      type: 'IntentRequest',
      requestId: `amzn1.echo-api.request.${randomUUID()}`,
      timestamp: new Date().toISOString(),
      locale: 'en-US',
      dialogState: 'COMPLETED',
      intent: { name, confirmationStatus: 'NONE', slots: filled },
    },
  };
}
