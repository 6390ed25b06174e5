// Realistic request envelopes as Alexa sends them: the linked token in context.System.user (and the
// session user), a session that is new or ongoing, declared slots with or without values.
import { randomUUID } from 'node:crypto';
import type {
  IntentRequest, LaunchRequest, RequestEnvelope, SessionEndedError, SessionEndedRequest, Slot,
} from 'ask-sdk-model';

export const SKILL_ID = 'amzn1.ask.skill.00000000-tv-remote-test';

/** Whose request it is; filled in by the runner for each case. */
export interface Who {
  userId: string;
  token: string;
}

export interface RequestOptions {
  /** 'new' (default): the first request of a session. 'ongoing': a follow-up after a launch. */
  session?: 'new' | 'ongoing';
  /** Whether Alexa sends the linked token (default true). */
  withToken?: boolean;
  /** Default SKILL_ID. */
  applicationId?: string;
}

export type RequestSpec = (who: Who) => RequestEnvelope;

type Request = IntentRequest | LaunchRequest | SessionEndedRequest;

function envelope(request: Request, who: Who, options: RequestOptions): RequestEnvelope {
  const applicationId = options.applicationId ?? SKILL_ID;
  const user = options.withToken === false ? { userId: who.userId } : { userId: who.userId, accessToken: who.token };
  return {
    version: '1.0',
    session: {
      new: options.session !== 'ongoing',
      sessionId: `amzn1.echo-api.session.${randomUUID()}`,
      application: { applicationId },
      user,
      attributes: {},
    },
    context: {
      System: {
        application: { applicationId },
        user,
        device: { deviceId: 'amzn1.ask.device.test-echo', supportedInterfaces: {} },
        apiEndpoint: 'https://api.amazonalexa.com',
        apiAccessToken: 'alexa-api-token-not-the-linked-one',
      },
    },
    request,
  };
}

const base = () => ({ requestId: `amzn1.echo-api.request.${randomUUID()}`, timestamp: new Date().toISOString(), locale: 'en-US' });

export function launch(options: RequestOptions = {}): RequestSpec {
  return (who) => envelope({ type: 'LaunchRequest', ...base() }, who, options);
}

/** `slots`: a value, or undefined for a declared slot the user left empty. */
export function intent(name: string, slots: Record<string, string | undefined> = {}, options: RequestOptions = {}): RequestSpec {
  const filled: Record<string, Slot> = {};
  for (const [slot, value] of Object.entries(slots)) {
    filled[slot] = value === undefined
      ? { name: slot, confirmationStatus: 'NONE' }
      : { name: slot, value, confirmationStatus: 'NONE' };
  }
  return (who) => envelope(
    { type: 'IntentRequest', ...base(), dialogState: 'COMPLETED', intent: { name, confirmationStatus: 'NONE', slots: filled } },
    who,
    options,
  );
}

export function sessionEnded(options: RequestOptions = {}, error?: SessionEndedError): RequestSpec {
  const request: SessionEndedRequest = error
    ? { type: 'SessionEndedRequest', ...base(), reason: 'ERROR', error }
    : { type: 'SessionEndedRequest', ...base(), reason: 'USER_INITIATED' };
  return (who) => envelope(request, who, options);
}
