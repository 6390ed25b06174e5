// The Smart Home API v3 messages, typed by hand: no maintained package covers them (ask-sdk-model is for
// custom skills). Directives arrive as `unknown` and are read tolerantly (src/smarthome/request.ts, each
// interface's payload in its module under src/smarthome/interfaces/); responses are built only from these types.

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
