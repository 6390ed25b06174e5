// One HTTPS exchange with an Amazon service, under the outbound policy (src/outbound.ts: no redirect
// followed, a bounded body, a timeout), keep-alive, and the answer read as JSON when it is JSON.
// Failures of the exchange itself become AlexaApiErrors (unavailable or timeout); answers are the caller's.
import http from 'node:http';
import https from 'node:https';
import { parseJsonObject, type JsonObject } from '../json';
import { exchange, ExchangeFailure } from '../outbound';
import { AlexaApiError, type AlexaService } from './errors';

const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

export const DEFAULT_ALEXA_TIMEOUT_MS = 5000;
/** Login with Amazon's token answers and the gateway's errors are a few hundred bytes. */
export const ALEXA_MAX_BYTES = 64 * 1024;

export interface Answer {
  status: number;
  /** The body when it is a JSON object; undefined otherwise. */
  json: JsonObject | undefined;
}

export async function post(
  service: AlexaService,
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Answer> {
  try {
    const { status, text } = await exchange(url, {
      method: 'POST',
      headers,
      body,
      timeoutMs,
      maxBytes: ALEXA_MAX_BYTES,
      agent: url.startsWith('https:') ? httpsAgent : httpAgent,
    });
    return { status, json: parseJsonObject(text) };
  } catch (e) {
    if (!(e instanceof ExchangeFailure)) throw e;
    throw new AlexaApiError(e.kind === 'timeout' ? 'timeout' : 'unavailable', service, e.message);
  }
}
