// Login with Amazon, for the tokens a skill sends Alexa events with: the AcceptGrant code exchanged once,
// then the refresh token when the access token has expired. Neither the client secret (Secrets Manager,
// src/secrets.ts) nor a token ever reaches an error. More: docs/smart-home.md#lwa.
import { optionalEnv } from '../config';
import { isIssuedToken, readTokenAnswer } from '../oauth';
import { classOf } from '../outbound';
import { cachedSecret, fixedSecret, readSecretString, SecretReadError, type SecretSource } from '../secrets';
import { AlexaApiError } from './errors';
import { DEFAULT_ALEXA_TIMEOUT_MS, post } from './http';
import { LWA_TOKEN_URL } from './regions';

/** What LWA hands back; `expiresAt` is epoch ms. */
export interface LwaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

export interface LwaClientOptions {
  clientId: string;
  /** The value (the sandbox, tests) or where it is read from (deployed: Secrets Manager). */
  clientSecret: string | SecretSource;
  /** Default: Amazon's; the local stand-in's in tests and the sandbox. */
  tokenUrl?: string;
  timeoutMs?: number;
  now?: () => number;
}

/** How long a read client secret is used before it is read again: a rotation reaches every container by then. */
export const CLIENT_SECRET_TTL_MS = 5 * 60 * 1000;

/**
 * One read inside AcceptGrant's share of Alexa's 8 s: Secrets Manager answers in well under a second, and
 * LWA's own call (4 s at most) still fits after a slow one.
 */
const CLIENT_SECRET_BUDGET = { connectTimeoutMs: 1000, requestTimeoutMs: 1500, maxAttempts: 1 };

/**
 * The skill's messaging client as deployed: ALEXA_CLIENT_ID, and ALEXA_CLIENT_SECRET_NAME, the Secrets
 * Manager secret (name or ARN) holding its secret as plain text. Undefined when neither is set, which turns
 * proactive discovery off. One without the other is a deployment error, and so is a secret value in the
 * environment (ALEXA_CLIENT_SECRET, which older versions read): it belongs in Secrets Manager.
 */
export function lwaCredentialsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Pick<LwaClientOptions, 'clientId' | 'clientSecret'> | undefined {
  if (optionalEnv('ALEXA_CLIENT_SECRET', env) !== undefined) {
    throw new Error(
      'environment variable ALEXA_CLIENT_SECRET is set: the client secret is read from Secrets Manager now; put it in a secret and set ALEXA_CLIENT_SECRET_NAME to its name (docs/operating.md, "Secrets")',
    );
  }
  const clientId = optionalEnv('ALEXA_CLIENT_ID', env);
  const secretName = optionalEnv('ALEXA_CLIENT_SECRET_NAME', env);
  if (clientId === undefined && secretName === undefined) return undefined;
  if (clientId === undefined || secretName === undefined) {
    throw new Error(
      `environment variable ${clientId === undefined ? 'ALEXA_CLIENT_ID' : 'ALEXA_CLIENT_SECRET_NAME'} is not set, but ${clientId === undefined ? 'ALEXA_CLIENT_SECRET_NAME' : 'ALEXA_CLIENT_ID'} is: set both (the skill's Alexa Skill Messaging client) or neither`,
    );
  }
  return { clientId, clientSecret: clientSecretFrom(secretName, now) };
}

/** The client secret read from Secrets Manager, kept CLIENT_SECRET_TTL_MS; a failed read is LWA unavailable. */
export function clientSecretFrom(secretId: string, now: () => number = Date.now): SecretSource {
  return cachedSecret(
    async () => {
      try {
        return (await readSecretString(secretId, CLIENT_SECRET_BUDGET)).trim();
      } catch (e) {
        if (e instanceof SecretReadError)
          throw new AlexaApiError('unavailable', 'login-with-amazon', `the skill's client secret: ${e.message}`);
        throw e;
      }
    },
    { ttlMs: CLIENT_SECRET_TTL_MS, now },
  );
}

export class LoginWithAmazon {
  private readonly tokenUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly secret: SecretSource;

  constructor(private readonly options: LwaClientOptions) {
    if (!options.clientId || !options.clientSecret)
      throw new Error("Login with Amazon needs the skill's client id and secret");
    this.secret = typeof options.clientSecret === 'string' ? fixedSecret(options.clientSecret) : options.clientSecret;
    this.tokenUrl = options.tokenUrl ?? LWA_TOKEN_URL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_ALEXA_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** The AcceptGrant directive's code, for the customer's first tokens. */
  exchangeCode(code: string): Promise<LwaTokens> {
    return this.token({ grant_type: 'authorization_code', code });
  }

  /** A new access token (LWA may also hand a new refresh token; else the old one stays valid). */
  refresh(refreshToken: string): Promise<LwaTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);
  }

  /**
   * With the kept client secret; when LWA refuses the client, once more with the secret read again (it
   * was rotated since it was read) if that differs. A refused client spends no grant code, so the code
   * is still good for the second try.
   */
  private async token(grant: Record<string, string>, currentRefreshToken?: string): Promise<LwaTokens> {
    const secret = await this.secret.value();
    try {
      return await this.tokenWith(secret, grant, currentRefreshToken);
    } catch (e) {
      if (!(e instanceof AlexaApiError && e.kind === 'client-refused')) throw e;
      const reread = await this.secret.reread();
      if (reread === secret) throw e;
      return this.tokenWith(reread, grant, currentRefreshToken);
    }
  }

  private async tokenWith(
    clientSecret: string,
    grant: Record<string, string>,
    currentRefreshToken?: string,
  ): Promise<LwaTokens> {
    const body = new URLSearchParams({
      ...grant,
      client_id: this.options.clientId,
      client_secret: clientSecret,
    }).toString();
    const sentAt = this.now();
    const { status, json } = await post(
      'login-with-amazon',
      this.tokenUrl,
      body,
      { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      this.timeoutMs,
    );
    const answer = readTokenAnswer(status, json, sentAt, MAX_TOKEN_LENGTH);
    if (answer.kind === 'issued') {
      const refreshToken = answer.body['refresh_token'] ?? currentRefreshToken;
      if (isIssuedToken(refreshToken, MAX_TOKEN_LENGTH))
        return { accessToken: answer.accessToken, refreshToken, expiresAt: answer.expiresAt };
    }
    if (answer.kind !== 'error') {
      const why =
        answer.kind === 'unreadable' ? 'is not JSON' : 'lacks a sane access_token, refresh_token or expires_in';
      throw new AlexaApiError('unavailable', 'login-with-amazon', `the token answer ${why}`, status);
    }
    const error = typeof answer.error === 'string' ? answer.error : undefined;
    if (error === 'invalid_grant')
      throw new AlexaApiError(
        'grant-refused',
        'login-with-amazon',
        'the grant code or refresh token is not valid (any more)',
        status,
        error,
      );
    if (error === 'invalid_client' || error === 'unauthorized_client') {
      throw new AlexaApiError(
        'client-refused',
        'login-with-amazon',
        "the skill's client id or secret was refused; check ALEXA_CLIENT_ID and the secret ALEXA_CLIENT_SECRET_NAME names",
        status,
        error,
      );
    }
    const kind = classOf(status) === 'refused' ? 'message-refused' : 'unavailable';
    throw new AlexaApiError(kind, 'login-with-amazon', 'the token request was refused', status, error);
  }
}

/** LWA's tokens are a few hundred printable characters ("Atza|…", "Atzr|…"). */
const MAX_TOKEN_LENGTH = 4096;
