// The Smart Home API v3 messages this door reads and writes, typed by hand: no maintained package
// covers them (ask-sdk-model is for custom skills). Directives arrive as `unknown` and are read
// tolerantly in directive.ts; responses are built only from these types.

export interface Header {
  namespace: string;
  name: string;
  payloadVersion: string;
  messageId: string;
  correlationToken?: string;
}

export interface Scope {
  type: 'BearerToken';
  token: string;
}

/** What Alexa sends back with every directive for an endpoint we discovered. */
export interface DirectiveEndpoint {
  endpointId: string;
  scope?: Scope;
  cookie?: Record<string, string>;
}

export interface Directive {
  header: Header;
  endpoint?: DirectiveEndpoint;
  payload: Record<string, unknown>;
}

// Payloads of the directives handled (after reading; fields Alexa may leave out are optional).
export interface ChangeChannelPayload {
  channel?: { number?: string; callSign?: string; affiliateCallSign?: string; uri?: string };
  channelMetadata?: { name?: string; image?: string };
}

export interface SkipChannelsPayload {
  channelCount: number;
}

export interface AdjustVolumePayload {
  volumeSteps: number;
  /** True when the user named no number (Alexa then sends 10 steps). */
  volumeStepsDefault?: boolean;
}

// ----- what we send back -----

export interface ContextProperty {
  namespace: string;
  name: string;
  value: unknown;
  timeOfSample: string;
  uncertaintyInMilliseconds: number;
}

export interface ResponseEndpoint {
  endpointId: string;
}

export interface EventMessage {
  event: {
    header: Header;
    /** Absent on Discover and AcceptGrant answers. The token is never echoed back. */
    endpoint?: ResponseEndpoint;
    payload: Record<string, unknown>;
  };
  context?: { properties: ContextProperty[] };
}

/** The error types this door sends (a subset of the schema's enum). */
export type ErrorType =
  | 'BRIDGE_UNREACHABLE'
  | 'ENDPOINT_UNREACHABLE'
  | 'EXPIRED_AUTHORIZATION_CREDENTIAL'
  | 'INSUFFICIENT_PERMISSIONS'
  | 'INTERNAL_ERROR'
  | 'INVALID_AUTHORIZATION_CREDENTIAL'
  | 'INVALID_DIRECTIVE'
  | 'INVALID_VALUE'
  | 'NO_SUCH_ENDPOINT'
  | 'NOT_SUPPORTED_IN_CURRENT_MODE'
  | 'VALUE_OUT_OF_RANGE';

export interface ErrorPayload {
  type: ErrorType;
  message: string;
  validRange?: { minimumValue: number; maximumValue: number };
  currentDeviceMode?: 'OTHER';
}
