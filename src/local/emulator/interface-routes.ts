// Checks what a client sends before any endpoint runs: exact path and method, the bearer token,
// accept and content-type headers, query parameters and body field types. Strict on purpose, so a
// client mistake fails here the way it could fail against the real cloud.
import type { IncomingHttpHeaders } from 'node:http';
import type { CloudState } from './state';
import { EmulatedFailure } from './failure';
import { parseJsonObject } from '../../json';
import { endpoints, type Endpoint } from './endpoints';
import { deviceError, engineError, failureReply, type Reply } from './wire';

export interface IncomingCall {
  method: string;
  path: string;
  /** Every query parameter, with repeats, in order. */
  query: [string, string][];
  headers: IncomingHttpHeaders;
  bodyText: string;
}

export class InterfaceRoutes {
  private readonly byPath = new Map<string, Endpoint[]>();

  constructor(private readonly state: CloudState) {
    for (const e of endpoints(state)) this.byPath.set(e.path, [...(this.byPath.get(e.path) ?? []), e]);
  }

  answer(call: IncomingCall): Reply {
    const candidates = this.byPath.get(call.path);
    if (!candidates) return deviceError(2, 'unknown path');
    const endpoint = candidates.find((e) => e.method === call.method);
    if (!endpoint) {
      const reply = deviceError(3, 'method not supported');
      return { ...reply, headers: { allow: candidates.map((e) => e.method).join(', ') } };
    }

    const token = bearerToken(call.headers.authorization);
    if (token === undefined) return deviceError(13, 'access token missing');
    const tokenState = this.state.tokenState(token);
    if (tokenState === 'unknown') return deviceError(11, 'access token invalid');
    if (tokenState === 'expired') return deviceError(12, 'access token expired');

    const invalid = (message: string): Reply =>
      endpoint.form === 'management' ? engineError(400, message) : deviceError(10, message);
    const missingId = (field: string, message: string): Reply =>
      endpoint.form === 'device' && field === 'thingId' ? deviceError(5, message) : invalid(message);

    if (endpoint.accept && !accepts(call.headers.accept, endpoint.accept)) {
      return { ...invalid(`accept must be ${endpoint.accept}`), status: 406 };
    }

    const query: Record<string, string> = {};
    for (const [name, value] of call.query) {
      if (!endpoint.query?.includes(name)) return invalid(`unexpected query parameter ${name}`);
      if (name in query) return invalid(`query parameter ${name} given twice`);
      query[name] = value;
    }
    for (const name of endpoint.query ?? []) {
      if (!query[name]) return missingId(name, `query parameter ${name} is required`);
    }

    let body: Record<string, string> = {};
    if (!endpoint.body) {
      if (call.bodyText !== '') return invalid(`${call.method} takes no body`);
    } else {
      if (mediaType(call.headers['content-type']) !== 'application/json') {
        return invalid('content-type must be application/json');
      }
      const parsed = parseJsonObject(call.bodyText);
      if (!parsed) return invalid('body must be a JSON object');
      const allowed = [...endpoint.body.required, ...(endpoint.body.optional ?? [])];
      for (const [name, value] of Object.entries(parsed)) {
        if (!allowed.includes(name)) return invalid(`unexpected field ${name}`);
        if (typeof value !== 'string') return invalid(`field ${name} must be a string`);
      }
      body = parsed as Record<string, string>;
      for (const name of endpoint.body.required) {
        if (!body[name]) return missingId(name, `field ${name} is required`);
      }
    }

    try {
      return endpoint.handle({ token, query, body });
    } catch (e) {
      if (e instanceof EmulatedFailure) return failureReply(endpoint.form, e);
      throw e;
    }
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([^\s]+)$/.exec(header ?? '');
  return match?.[1];
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

function accepts(header: string | undefined, type: string): boolean {
  return (header ?? '').split(',').some((part) => mediaType(part) === type);
}
