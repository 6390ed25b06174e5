// Google's HomeGraph API for the one call setup makes, devices:requestSync, authorized with a service
// account's JWT exchanged for an access token kept until shortly before it expires; every exchange under
// the outbound policy. Google's pages: docs/google-home.md#homegraph-client.
import { sign } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { parseJsonObject, type JsonObject } from '../json';
import { classOf, exchange, ExchangeFailure, type Answered } from '../outbound';
import { readTokenAnswer } from '../oauth';
import { googleCode, HomeGraphError, type HomeGraphService } from './errors';
import type { ServiceAccountKey } from './key';

export const HOMEGRAPH_BASE_URL = 'https://homegraph.googleapis.com';
/** "Obtain an OAuth 2.0 access token with the https://www.googleapis.com/auth/homegraph scope" (request-sync guide). */
export const HOMEGRAPH_SCOPE = 'https://www.googleapis.com/auth/homegraph';
/** The grant_type the service-account page's token request carries, with the signed JWT as `assertion`. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** exp: "This value has a maximum of 1 hour after the issued time" (the service-account page). */
export const ASSERTION_SECONDS = 3600;
/** A token with less left than this is renewed first: it must not expire on the way. */
const EXPIRY_MARGIN_MS = 60_000;

export const DEFAULT_HOMEGRAPH_TIMEOUT_MS = 5000;
/** Google's token answers and error bodies are a few hundred bytes; a requestSync success is empty. */
const MAX_BYTES = 64 * 1024;

const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

export interface HomeGraphOptions {
  /** The service-account key, read when the first call needs it (the setup Lambda reads its secret then). */
  key: () => Promise<ServiceAccountKey>;
  /** Default: Google's; a loopback stand-in's in tests and the sandbox. */
  baseUrl?: string;
  timeoutMs?: number;
  now?: () => number;
}

/** sent: Google took the request; unknown-user: Google knows no user by this agentUserId (404). */
export type RequestSyncOutcome = 'sent' | 'unknown-user';

interface AccessToken {
  value: string;
  expiresAt: number;
}

export class HomeGraph {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  // #private: logging or inspecting the client never shows the token.
  #token: Promise<AccessToken> | undefined;

  constructor(private readonly options: HomeGraphOptions) {
    this.baseUrl = (options.baseUrl ?? HOMEGRAPH_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_HOMEGRAPH_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Asks Google to send the fulfillment a SYNC for this user. `async: true`: "the request will be added to a
   * queue and a response will be returned immediately" (requestSync reference), so setup does not wait for
   * Google's SYNC round trip. Throws a HomeGraphError saying why it was not taken.
   */
  async requestSync(agentUserId: string): Promise<RequestSyncOutcome> {
    const body = JSON.stringify({ agentUserId, async: true });
    let renewed = false;
    let token = await this.accessToken();
    let answer = await this.post('homegraph', `${this.baseUrl}/v1/devices:requestSync`, body, {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    });
    if (answer.status === 401) {
      // A token Google no longer takes before we thought (revoked, clock skew): one new token, one retry, as Home Assistant does.
      renewed = true;
      this.#token = undefined;
      token = await this.accessToken();
      answer = await this.post('homegraph', `${this.baseUrl}/v1/devices:requestSync`, body, {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      });
    }
    // "If successful, the response body is empty" (requestSync reference): `{}` or nothing.
    if (classOf(answer.status) === 'success') return 'sent';
    const error = parseJsonObject(answer.text)?.['error'];
    const code = googleCode(typeof error === 'object' && error !== null ? (error as JsonObject)['status'] : undefined);
    // No user by this id: Google forgot the link (the user unlinked, or Google never had a SYNC with it).
    // Home Assistant reads a 404 so too. With async, the reference says "the caller will not receive any
    // error responses" of the SYNC itself; a 404 Google does send still means what it says.
    if (answer.status === 404) return 'unknown-user';
    if (classOf(answer.status) === 'refused') {
      throw new HomeGraphError(
        'refused',
        'homegraph',
        answer.status === 401 && renewed ? 'a fresh access token was refused too' : 'requestSync was refused',
        answer.status,
        code,
      );
    }
    throw new HomeGraphError('unavailable', 'homegraph', 'requestSync was not answered', answer.status, code);
  }

  /** The kept token while it has more than the margin left, else a new one. */
  private async accessToken(): Promise<string> {
    const kept = this.#token;
    if (kept !== undefined) {
      const token = await kept.catch(() => undefined);
      if (token !== undefined && token.expiresAt - this.now() > EXPIRY_MARGIN_MS) return token.value;
      // A failed or used-up token is fetched again, once for every call waiting on it.
      if (this.#token === kept) this.#token = undefined;
    }
    this.#token ??= this.fetchToken();
    return (await this.#token).value;
  }

  private async fetchToken(): Promise<AccessToken> {
    const key = await this.options.key();
    const sentAt = this.now();
    const assertion = signedAssertion(key, Math.floor(sentAt / 1000));
    const form = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString();
    const { status, text } = await this.post('token', key.tokenUri, form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    const answer = readTokenAnswer(status, parseJsonObject(text), sentAt, MAX_TOKEN_LENGTH);
    if (answer.kind === 'issued') return { value: answer.accessToken, expiresAt: answer.expiresAt };
    if (answer.kind !== 'error') {
      const why = answer.kind === 'unreadable' ? 'is not JSON' : 'lacks a sane access_token or expires_in';
      throw new HomeGraphError('unavailable', 'token', `the token answer ${why}`, status);
    }
    const code = googleCode(answer.error);
    if (classOf(status) === 'refused')
      throw new HomeGraphError('key-refused', 'token', "the service account's assertion was refused", status, code);
    throw new HomeGraphError('unavailable', 'token', 'no access token', status, code);
  }

  private async post(
    service: HomeGraphService,
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<Answered> {
    try {
      return await exchange(url, {
        method: 'POST',
        headers,
        body,
        timeoutMs: this.timeoutMs,
        maxBytes: MAX_BYTES,
        agent: url.startsWith('https:') ? httpsAgent : httpAgent,
      });
    } catch (e) {
      if (!(e instanceof ExchangeFailure)) throw e;
      throw new HomeGraphError(e.kind === 'timeout' ? 'timeout' : 'unavailable', service, e.message);
    }
  }
}

/**
 * The JWT of the service-account grant: header {alg: RS256, typ: JWT}, claims iss (the account's e-mail),
 * scope, aud (the token endpoint: "When making an access token request this value is always
 * https://oauth2.googleapis.com/token", which is the key's token_uri), iat and exp, an hour apart; signed
 * RS256, RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 section 3.3, https://www.rfc-editor.org/rfc/rfc7518#section-3.3).
 */
export function signedAssertion(key: ServiceAccountKey, iat: number): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(key.keyId !== undefined && { kid: key.keyId }) };
  const claims = { iss: key.clientEmail, scope: HOMEGRAPH_SCOPE, aud: key.tokenUri, iat, exp: iat + ASSERTION_SECONDS };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
}

const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** Google's access tokens are printable text ("ya29." and more), up to a few kilobytes. */
const MAX_TOKEN_LENGTH = 8192;
