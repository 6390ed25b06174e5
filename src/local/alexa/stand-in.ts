// A local stand-in for Login with Amazon's token endpoint and the Alexa event gateway of each region, over
// real HTTP on loopback, for tests and the sandbox; it keeps each customer's device list as the Alexa app
// would show it. What it accepts and refuses: docs/sandbox.md#alexa-stand-in.
import { randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRecord } from '../../json';
import { readBody } from '../emulator/server';
import { smartHomeSchemaErrors } from './schema';

export type StandInRegion = 'NA' | 'EU' | 'FE';
const REGION_PATHS: Record<StandInRegion, string> = { NA: 'na', EU: 'eu', FE: 'fe' };

/** A device as the Alexa app lists it: what discovery or an AddOrUpdateReport said about it. */
export interface AlexaDevice {
  endpointId: string;
  friendlyName: string;
  cookie: Record<string, string>;
  /** The whole endpoint object, as sent. */
  endpoint: Record<string, unknown>;
  /** What the skill answered the last ReportState (reportStates), if one was sent. */
  state?: DeviceState;
}

/**
 * The answer to the Alexa app's last ReportState: the StateReport's properties, the ErrorResponse's type,
 * or why Alexa would not take the answer (not Amazon's schema, not a StateReport).
 */
export type DeviceState =
  { properties: Array<{ namespace: string; name: string; value: unknown }> } | { error: string } | { refused: string };

/** The skill's smart-home door, as Alexa reaches it: a directive in, a message out. */
export type SmartHomeSkill = (directive: unknown) => Promise<unknown>;

/** Every event the gateway received, accepted or not. */
export interface ReceivedEvent {
  region: StandInRegion;
  name: string;
  /** The customer the token belongs to, when it belongs to one. */
  customer?: string;
  status: number;
  /** Amazon's error code when refused. */
  code?: string;
  body: unknown;
}

export interface AlexaStandInOptions {
  /** The skill's messaging client the token endpoint accepts. */
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of an access token; LWA's is an hour. */
  accessTokenSeconds?: number;
  now?: () => number;
}

export interface AlexaStandIn {
  url: string;
  tokenUrl: string;
  gatewayUrls: Record<StandInRegion, string>;
  clientId: string;
  /** The client secret it was started with. */
  clientSecret: string;
  /**
   * The client secrets the token endpoint accepts from now on: the operator's rotation (a new one, and
   * the old one too until it is revoked). Any other is refused as any wrong secret is (invalid_client).
   */
  acceptClientSecrets(secrets: readonly string[]): void;
  /** What Alexa does when a customer enables the skill and links: a single-use grant code for AcceptGrant. */
  issueGrantCode(customer: string, region: StandInRegion): string;
  /** The customer's devices, as the Alexa app lists them. */
  devices(customer: string): AlexaDevice[];
  /** What a Discover.Response lists becomes the customer's device list (Alexa replaces it on discovery). */
  discovered(customer: string, endpoints: unknown[]): void;
  /**
   * What the Alexa app does to show the customer's devices: an Alexa.ReportState to each device that
   * declares a retrievable property, with the customer's linked token, each answer kept as its `state`.
   */
  reportStates(customer: string, skill: SmartHomeSkill, token: string): Promise<void>;
  events(): ReceivedEvent[];
  /** Every access token of the customer (or of everyone) is expired from now on. */
  expireAccessTokens(customer?: string): void;
  /** The customer disables the skill: events are refused with SKILL_DISABLED, refresh tokens revoked. */
  disableSkill(customer: string): void;
  close(): Promise<void>;
}

interface Customer {
  region: StandInRegion;
  enabled: boolean;
  devices: Map<string, AlexaDevice>;
}

interface AccessToken {
  customer: string;
  expiresAt: number;
}

const MAX_BODY_BYTES = 512 * 1024;

export async function startAlexaStandIn(options: AlexaStandInOptions = {}): Promise<AlexaStandIn> {
  const clientId = options.clientId ?? 'amzn1.application-oa2-client.standin';
  const clientSecret = options.clientSecret ?? `standin-secret-${randomBytes(8).toString('hex')}`;
  let acceptedSecrets: readonly string[] = [clientSecret];
  const lifetimeMs = (options.accessTokenSeconds ?? 3600) * 1000;
  const now = options.now ?? Date.now;
  const customers = new Map<string, Customer>();
  const codes = new Map<string, string>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, string>();
  const received: ReceivedEvent[] = [];

  function issueTokens(customer: string, refreshToken?: string): Record<string, unknown> {
    const access = `Atza|${randomBytes(24).toString('base64url')}`;
    accessTokens.set(access, { customer, expiresAt: now() + lifetimeMs });
    const refresh = refreshToken ?? `Atzr|${randomBytes(24).toString('base64url')}`;
    refreshTokens.set(refresh, customer);
    return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: lifetimeMs / 1000 };
  }

  function token(body: string): Reply {
    const form = new URLSearchParams(body);
    const oauthError = (status: number, error: string, description: string): Reply => ({
      status,
      body: { error, error_description: description },
    });
    if (form.get('client_id') !== clientId || !acceptedSecrets.includes(form.get('client_secret') ?? ''))
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const customer = codes.get(form.get('code') ?? '');
      if (customer === undefined)
        return oauthError(400, 'invalid_grant', 'The authorization code is invalid or has been used');
      codes.delete(form.get('code') ?? '');
      return { status: 200, body: issueTokens(customer) };
    }
    if (grantType === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const customer = refreshTokens.get(refresh);
      if (customer === undefined || !customers.get(customer)?.enabled)
        return oauthError(400, 'invalid_grant', 'The refresh token is invalid or revoked');
      return { status: 200, body: issueTokens(customer, refresh) };
    }
    return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }

  function event(region: StandInRegion, authorization: string | undefined, text: string): Reply {
    const refuse = (status: number, code: string, description: string, customer?: string, body?: unknown): Reply => {
      received.push({ region, name: eventName(body), customer, status, code, body });
      return {
        status,
        body: {
          header: { namespace: 'System', name: 'Exception', messageId: randomUUID() },
          payload: { code, description },
        },
      };
    };
    const bearer = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const access = bearer === undefined ? undefined : accessTokens.get(bearer);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(400, 'INVALID_REQUEST_EXCEPTION', 'the body is not JSON');
    }
    if (access === undefined)
      return refuse(401, 'INVALID_ACCESS_TOKEN_EXCEPTION', 'the access token is not valid', undefined, body);
    if (access.expiresAt <= now())
      return refuse(401, 'INVALID_ACCESS_TOKEN_EXCEPTION', 'the access token has expired', access.customer, body);
    const customer = customers.get(access.customer)!;
    if (!customer.enabled)
      return refuse(403, 'SKILL_DISABLED_EXCEPTION', 'the customer has disabled the skill', access.customer, body);
    if (customer.region !== region)
      return refuse(
        400,
        'INVALID_REQUEST_EXCEPTION',
        `the customer is served by the ${customer.region} gateway`,
        access.customer,
        body,
      );
    const errors = smartHomeSchemaErrors(body);
    if (errors.length > 0)
      return refuse(
        400,
        'INVALID_REQUEST_EXCEPTION',
        `the event does not match the schema: ${errors.slice(0, 5).join('; ')}`,
        access.customer,
        body,
      );
    const payload = (body as { event: { payload: { endpoints: Record<string, unknown>[]; scope: { token: string } } } })
      .event.payload;
    if (payload.scope.token !== bearer)
      return refuse(
        400,
        'INVALID_REQUEST_EXCEPTION',
        'scope.token is not the token the event was sent with',
        access.customer,
        body,
      );
    const name = eventName(body);
    if (name === 'AddOrUpdateReport')
      for (const e of payload.endpoints) customer.devices.set(String(e['endpointId']), device(e));
    else if (name === 'DeleteReport')
      for (const e of payload.endpoints) customer.devices.delete(String(e['endpointId']));
    received.push({ region, name, customer: access.customer, status: 202, body });
    return { status: 202 };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req, MAX_BODY_BYTES);
    if (text === undefined) return send(res, { status: 413, body: { error: 'payload too large' } });
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === '/auth/o2/token') return send(res, token(text));
    const region = (Object.keys(REGION_PATHS) as StandInRegion[]).find((r) => path === `/${REGION_PATHS[r]}/v3/events`);
    if (req.method === 'POST' && region !== undefined) return send(res, event(region, req.headers.authorization, text));
    return send(res, { status: 404, body: { error: 'not found' } });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => send(res, { status: 500, body: { error: 'stand-in failure' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const customerOf = (name: string, region: StandInRegion = 'NA'): Customer => {
    let c = customers.get(name);
    if (!c) customers.set(name, (c = { region, enabled: true, devices: new Map() }));
    return c;
  };

  return {
    url,
    tokenUrl: `${url}/auth/o2/token`,
    gatewayUrls: { NA: `${url}/na/v3/events`, EU: `${url}/eu/v3/events`, FE: `${url}/fe/v3/events` },
    clientId,
    clientSecret,
    acceptClientSecrets: (secrets) => {
      acceptedSecrets = [...secrets];
    },
    issueGrantCode(customer, region) {
      // Enabling the skill (again) enables it, in the customer's region.
      Object.assign(customerOf(customer, region), { region, enabled: true });
      const code = `ANU${randomBytes(12).toString('base64url')}`;
      codes.set(code, customer);
      return code;
    },
    devices: (customer) => [...(customers.get(customer)?.devices.values() ?? [])],
    discovered(customer, endpoints) {
      const c = customerOf(customer);
      c.devices = new Map(endpoints.filter(isRecord).map((e) => [String(e['endpointId']), device(e)]));
    },
    async reportStates(customer, skill, token) {
      for (const d of customers.get(customer)?.devices.values() ?? []) {
        if (hasRetrievable(d.endpoint)) d.state = stateOf(await skill(reportStateDirective(d, token)));
      }
    },
    events: () => [...received],
    expireAccessTokens(customer) {
      for (const t of accessTokens.values()) if (customer === undefined || t.customer === customer) t.expiresAt = now();
    },
    disableSkill(customer) {
      customerOf(customer).enabled = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function device(endpoint: Record<string, unknown>): AlexaDevice {
  const cookie = isRecord(endpoint['cookie'])
    ? Object.fromEntries(
        Object.entries(endpoint['cookie']).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
      )
    : {};
  return {
    endpointId: String(endpoint['endpointId']),
    friendlyName: String(endpoint['friendlyName'] ?? ''),
    cookie,
    endpoint,
  };
}

/**
 * Alexa queries a device's state only for properties discovery declared retrievable ("Alexa.ReportState
 * and Alexa.StateReport Interfaces 3", Discovery: "When you set retrievable = true for an interface, Alexa
 * can query your skill for the current state of the properties of that interface").
 */
function hasRetrievable(endpoint: Record<string, unknown>): boolean {
  const capabilities = Array.isArray(endpoint['capabilities']) ? endpoint['capabilities'] : [];
  return capabilities.some((c) => isRecord(c) && isRecord(c['properties']) && c['properties']['retrievable'] === true);
}

/** Alexa.ReportState as that page shows it: the endpoint with its scope and cookie, a correlation token, an empty payload. */
function reportStateDirective(device: AlexaDevice, token: string): unknown {
  return {
    directive: {
      header: {
        namespace: 'Alexa',
        name: 'ReportState',
        payloadVersion: '3',
        messageId: randomUUID(),
        correlationToken: randomBytes(24).toString('base64'),
      },
      endpoint: { scope: { type: 'BearerToken', token }, endpointId: device.endpointId, cookie: device.cookie },
      payload: {},
    },
  };
}

/** Only a schema-valid Alexa.StateReport (or ErrorResponse) counts: the page says ReportState requires a StateReport. */
function stateOf(answer: unknown): DeviceState {
  const errors = smartHomeSchemaErrors(answer);
  if (errors.length > 0) return { refused: `not Amazon's schema: ${errors.slice(0, 3).join('; ')}` };
  // Valid against the schema, so these parts are there and of these types.
  const message = answer as {
    event: { header: { name: string }; payload: Record<string, unknown> };
    context?: { properties?: Array<{ namespace: string; name: string; value: unknown }> };
  };
  const { name } = message.event.header;
  if (name === 'ErrorResponse') return { error: String(message.event.payload['type']) };
  if (name !== 'StateReport') return { refused: `${name} is no answer to ReportState` };
  return {
    properties: (message.context?.properties ?? []).map((p) => ({
      namespace: p.namespace,
      name: p.name,
      value: p.value,
    })),
  };
}

function eventName(body: unknown): string {
  const header =
    isRecord(body) && isRecord(body['event']) && isRecord(body['event']['header'])
      ? body['event']['header']
      : undefined;
  return typeof header?.['name'] === 'string' ? header['name'] : '(unreadable)';
}

interface Reply {
  status: number;
  body?: unknown;
}

function send(res: ServerResponse, reply: Reply): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, text ? { 'content-type': 'application/json' } : {});
  res.end(text);
}
