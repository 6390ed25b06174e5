// A local stand-in for the two Google services Request Sync calls (a service account's OAuth 2.0 token
// endpoint and HomeGraph's devices:requestSync), over real HTTP on loopback, for tests and the sandbox.
// What each accepts and refuses, with Google's pages: docs/sandbox.md#google-homegraph.
import { randomBytes, verify, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parseJsonObject } from '../../json';
import { readBody } from '../emulator/server';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const HOMEGRAPH_SCOPE = 'https://www.googleapis.com/auth/homegraph';
/** Google's own token endpoint allows this much clock skew on iat. */
const SKEW_SECONDS = 60;
const MAX_BODY_BYTES = 64 * 1024;

export interface HomeGraphStandInOptions {
  /** The public half of the service account's key pair. */
  publicKey: KeyObject;
  /** The service account's e-mail: the only iss the token endpoint takes. */
  clientEmail: string;
  /** Lifetime of an access token; Google's is an hour. */
  accessTokenSeconds?: number;
  now?: () => number;
}

/** One requestSync as HomeGraph received it, taken or not. */
export interface ReceivedSync {
  status: number;
  agentUserId?: string;
  async?: boolean;
}

/** One token request: issued, or refused with OAuth's error code. */
export interface ReceivedTokenRequest {
  status: number;
  error?: string;
}

/** What the next calls to one of the two services get instead of an answer, until told otherwise. */
export type StandInFailure = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang' | 'reset';

export interface HomeGraphStandIn {
  /** HomeGraph's base URL (HOMEGRAPH_BASE_URL). */
  url: string;
  /** The token endpoint: the token_uri of the key file the test writes. */
  tokenUri: string;
  clientEmail: string;
  /** Google knows this user: what a SYNC answer naming it does when the user links the account. */
  link(agentUserId: string): void;
  /** Google forgets the user (unlinked in the Google Home app): requestSync answers 404. */
  unlink(agentUserId: string): void;
  syncs(): ReceivedSync[];
  tokenRequests(): ReceivedTokenRequest[];
  /** Every access token issued so far (a test checks none reached a log). */
  issuedTokens(): string[];
  /** From now on every call to `service` gets `failure`; undefined answers again. */
  fail(service: 'token' | 'homegraph', failure: StandInFailure | undefined): void;
  /** Every access token issued so far is expired. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function startHomeGraphStandIn(options: HomeGraphStandInOptions): Promise<HomeGraphStandIn> {
  const now = options.now ?? Date.now;
  const lifetimeSeconds = options.accessTokenSeconds ?? 3600;
  const known = new Set<string>();
  const accessTokens = new Map<string, number>();
  const syncs: ReceivedSync[] = [];
  const tokenRequests: ReceivedTokenRequest[] = [];
  const failures: Partial<Record<'token' | 'homegraph', StandInFailure>> = {};
  const sockets = new Set<Socket>();
  let tokenUri = '';

  function token(text: string): Reply {
    const refuse = (error: string, description: string): Reply => {
      tokenRequests.push({ status: 400, error });
      return { status: 400, body: { error, error_description: description } };
    };
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== JWT_BEARER_GRANT) return refuse('unsupported_grant_type', 'Invalid grant_type');
    const problem = assertionProblem(form.get('assertion') ?? '');
    if (problem !== undefined) return refuse('invalid_grant', problem);
    const access = `ya29.standin-${randomBytes(32).toString('base64url')}`;
    accessTokens.set(access, now() + lifetimeSeconds * 1000);
    tokenRequests.push({ status: 200 });
    return { status: 200, body: { access_token: access, expires_in: lifetimeSeconds, token_type: 'Bearer' } };
  }

  /** Why the JWT is not a grant of this service account, or undefined when it is. */
  function assertionProblem(assertion: string): string | undefined {
    const parts = assertion.split('.');
    if (parts.length !== 3) return 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe';
    const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
    const header = parseJsonObject(Buffer.from(headerPart, 'base64url').toString('utf8'));
    const claims = parseJsonObject(Buffer.from(claimsPart, 'base64url').toString('utf8'));
    if (header?.['alg'] !== 'RS256') return 'Invalid JWT: alg must be RS256';
    if (
      !verify(
        'sha256',
        Buffer.from(`${headerPart}.${claimsPart}`),
        options.publicKey,
        Buffer.from(signaturePart, 'base64url'),
      )
    )
      return 'Invalid JWT Signature.';
    if (claims === undefined) return 'Invalid JWT: the claims are not JSON';
    if (claims['iss'] !== options.clientEmail) return 'Invalid JWT: iss is not the service account';
    if (claims['aud'] !== tokenUri) return 'Invalid JWT: aud must be the token endpoint';
    if (typeof claims['scope'] !== 'string' || !claims['scope'].split(' ').includes(HOMEGRAPH_SCOPE))
      return 'Invalid JWT: scope lacks the HomeGraph scope';
    const iat = claims['iat'];
    const exp = claims['exp'];
    const seconds = Math.floor(now() / 1000);
    if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isInteger(iat) || !Number.isInteger(exp))
      return 'Invalid JWT: iat and exp must be whole seconds';
    if (iat > seconds + SKEW_SECONDS || exp <= seconds || exp <= iat || exp - iat > 3600) {
      return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values';
    }
    return undefined;
  }

  function requestSync(authorization: string | undefined, text: string): Reply {
    const error = (
      status: number,
      state: string,
      message: string,
      received: Omit<ReceivedSync, 'status'> = {},
    ): Reply => {
      syncs.push({ status, ...received });
      return { status, body: { error: { code: status, message, status: state } } };
    };
    const bearer = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= now())
      return error(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    const body = parseJsonObject(text);
    const agentUserId = body?.['agentUserId'];
    const async = body?.['async'];
    if (typeof agentUserId !== 'string' || agentUserId === '' || (async !== undefined && typeof async !== 'boolean')) {
      return error(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
    }
    const received = { agentUserId, ...(async !== undefined && { async }) };
    if (!known.has(agentUserId)) return error(404, 'NOT_FOUND', 'Requested entity was not found.', received);
    syncs.push({ status: 200, ...received });
    // "If successful, the response body is empty": as JSON, the empty object.
    return { status: 200, body: {} };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const service = path === '/token' ? 'token' : path === '/v1/devices:requestSync' ? 'homegraph' : undefined;
    const failure = service === undefined ? undefined : failures[service];
    if (failure === 'hang') return;
    if (failure === 'reset') {
      req.socket.destroy();
      return;
    }
    const text = await readBody(req, MAX_BODY_BYTES);
    if (failure !== undefined) return send(res, failure);
    if (text === undefined)
      return send(res, { status: 413, body: { error: { code: 413, status: 'FAILED_PRECONDITION' } } });
    if (req.method === 'POST' && service === 'token') return send(res, token(text));
    if (req.method === 'POST' && service === 'homegraph')
      return send(res, requestSync(req.headers.authorization, text));
    return send(res, { status: 404, body: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } } });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => send(res, { status: 500, body: { error: { code: 500, status: 'INTERNAL' } } }));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUri = `${url}/token`;

  return {
    url,
    tokenUri,
    clientEmail: options.clientEmail,
    link: (agentUserId) => void known.add(agentUserId),
    unlink: (agentUserId) => void known.delete(agentUserId),
    syncs: () => [...syncs],
    tokenRequests: () => [...tokenRequests],
    issuedTokens: () => [...accessTokens.keys()],
    fail(service, failure) {
      if (failure === undefined) delete failures[service];
      else failures[service] = failure;
    },
    expireAccessTokens() {
      for (const t of accessTokens.keys()) accessTokens.set(t, now());
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, reply: Reply): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, { ...(text && { 'content-type': 'application/json' }), ...reply.headers });
  res.end(text);
}
