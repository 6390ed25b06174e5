// Realistic request envelopes as Alexa sends them: the linked token in context.System.user (and the
// session user), a session that is new or ongoing, declared slots with or without values.
import { randomUUID } from 'node:crypto';
import type {
  IntentRequest,
  LaunchRequest,
  Request as AlexaRequest,
  RequestEnvelope,
  SessionEndedError,
  SessionEndedRequest,
  Slot,
  canfulfill,
} from 'ask-sdk-model';
import type { RegisteredTv } from '../../../src/store/types';

export const SKILL_ID = 'amzn1.ask.skill.00000000-tv-remote-test';

/** Whose request it is; filled in by the runner for each case. */
export interface Who {
  userId: string;
  token: string;
  /** The request's locale; default en-US. */
  locale?: string;
  /** The user's TVs, for session attributes that name one. */
  tvs?: RegisteredTv[];
}

export interface RequestOptions {
  /** 'new' (default): the first request of a session. 'ongoing': a follow-up after a launch. */
  session?: 'new' | 'ongoing';
  /** Whether Alexa sends the linked token (default true). */
  withToken?: boolean;
  /** Default SKILL_ID. */
  applicationId?: string;
  /** When Alexa made the request (ISO 8601); default now, when the envelope is built. */
  timestamp?: string;
  /** Session attributes Alexa sends back from the previous response (given the user's TVs). */
  attributes?: (tvs: RegisteredTv[]) => Record<string, unknown>;
  /** 'IN_PROGRESS': the answer to a slot the skill elicited (Dialog.ElicitSlot). Default 'COMPLETED'. */
  dialogState?: 'IN_PROGRESS' | 'COMPLETED';
  /** The Echo and Alexa's API as the request shows them: a stand-in apiEndpoint, a granted permission. */
  echo?: { apiEndpoint?: string; apiAccessToken?: string; deviceId?: string; permissionGranted?: boolean };
}

export type RequestSpec = (who: Who) => RequestEnvelope;

type Request = IntentRequest | LaunchRequest | SessionEndedRequest | canfulfill.CanFulfillIntentRequest | AlexaRequest;

function envelope(request: Request, who: Who, options: RequestOptions): RequestEnvelope {
  const applicationId = options.applicationId ?? SKILL_ID;
  const granted = options.echo?.permissionGranted ? { permissions: { consentToken: 'alexa-consent-token' } } : {};
  const user =
    options.withToken === false
      ? { userId: who.userId, ...granted }
      : { userId: who.userId, accessToken: who.token, ...granted };
  return {
    version: '1.0',
    session: {
      new: options.session !== 'ongoing',
      sessionId: `amzn1.echo-api.session.${randomUUID()}`,
      application: { applicationId },
      user,
      attributes: options.attributes?.(who.tvs ?? []) ?? {},
    },
    context: {
      System: {
        application: { applicationId },
        user,
        device: { deviceId: options.echo?.deviceId ?? 'amzn1.ask.device.test-echo', supportedInterfaces: {} },
        apiEndpoint: options.echo?.apiEndpoint ?? 'https://api.amazonalexa.com',
        apiAccessToken: options.echo?.apiAccessToken ?? 'alexa-api-token-not-the-linked-one',
      },
    },
    request,
  };
}

const base = (who: Who, options: RequestOptions = {}) => ({
  requestId: `amzn1.echo-api.request.${randomUUID()}`,
  timestamp: options.timestamp ?? new Date().toISOString(),
  locale: who.locale ?? 'en-US',
});

export function launch(options: RequestOptions = {}): RequestSpec {
  return (who) => envelope({ type: 'LaunchRequest', ...base(who, options) }, who, options);
}

/** A custom slot's value with Alexa's entity resolution: the catalogue value it matched, or none. */
export interface ResolvedValue {
  value: string;
  resolvedTo: string | undefined;
}

/** `slots`: a value, undefined for a declared slot the user left empty, or a value with its resolution. */
function slotMap(slots: Record<string, string | undefined | ResolvedValue>): Record<string, Slot> {
  const filled: Record<string, Slot> = {};
  for (const [slot, value] of Object.entries(slots)) {
    if (value === undefined) filled[slot] = { name: slot, confirmationStatus: 'NONE' };
    else if (typeof value === 'string') filled[slot] = { name: slot, value, confirmationStatus: 'NONE' };
    else
      filled[slot] = {
        name: slot,
        value: value.value,
        confirmationStatus: 'NONE',
        resolutions: resolution(slot, value.resolvedTo),
      };
  }
  return filled;
}

export function intent(
  name: string,
  slots: Record<string, string | undefined | ResolvedValue> = {},
  options: RequestOptions = {},
): RequestSpec {
  const filled = slotMap(slots);
  return (who) =>
    envelope(
      {
        type: 'IntentRequest',
        ...base(who, options),
        dialogState: options.dialogState ?? 'COMPLETED',
        intent: { name, confirmationStatus: 'NONE', slots: filled },
      },
      who,
      options,
    );
}

function resolution(slot: string, resolvedTo: string | undefined): Slot['resolutions'] {
  const authority = `amzn1.er-authority.echo-sdk.${SKILL_ID}.${slot}`;
  return {
    resolutionsPerAuthority: [
      resolvedTo === undefined
        ? { authority, status: { code: 'ER_SUCCESS_NO_MATCH' }, values: [] }
        : {
            authority,
            status: { code: 'ER_SUCCESS_MATCH' },
            values: [{ value: { name: resolvedTo, id: resolvedTo } }],
          },
    ],
  };
}

export function sessionEnded(options: RequestOptions = {}, error?: SessionEndedError): RequestSpec {
  return (who) => {
    const request: SessionEndedRequest = error
      ? { type: 'SessionEndedRequest', ...base(who, options), reason: 'ERROR', error }
      : { type: 'SessionEndedRequest', ...base(who, options), reason: 'USER_INITIATED' };
    return envelope(request, who, options);
  };
}

/** Alexa asking whether the skill could serve a request spoken without its name. */
export function canFulfill(
  name: string,
  slots: Record<string, string | undefined> = {},
  options: RequestOptions = {},
): RequestSpec {
  return (who) =>
    envelope(
      {
        type: 'CanFulfillIntentRequest',
        ...base(who, options),
        intent: { name, confirmationStatus: 'NONE', slots: slotMap(slots) },
      },
      who,
      options,
    );
}

/** Any other request type, e.g. 'Connections.Response' or 'AlexaSkillEvent.SkillEnabled', with its fields. */
export function otherRequest(
  type: string,
  fields: Record<string, unknown> = {},
  options: RequestOptions = {},
): RequestSpec {
  return (who) => envelope({ type, ...base(who, options), ...fields } as unknown as AlexaRequest, who, options);
}

/** A well-formed envelope damaged by `damage` (which may delete or replace anything): what Alexa never should send. */
export function damaged(from: RequestSpec, damage: (envelope: Record<string, unknown>) => unknown): RequestSpec {
  return (who) => damage(structuredClone(from(who)) as unknown as Record<string, unknown>) as RequestEnvelope;
}
