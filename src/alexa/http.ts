// One HTTPS exchange with an Amazon service: keep-alive, a timeout that throws, and the answer read as
// JSON when it is JSON. Failures of the exchange itself become AlexaApiErrors; answers are the caller's.
import http from 'node:http';
import https from 'node:https';
import fetch from 'node-fetch';
import { parseJsonObject, type JsonObject } from '../json';
import { AlexaApiError, type AlexaService } from './errors';

const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

export const DEFAULT_ALEXA_TIMEOUT_MS = 5000;

export interface Answer {
  status: number;
  /** The body when it is a JSON object; undefined otherwise. */
  json: JsonObject | undefined;
}

export async function post(service: AlexaService, url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      agent: url.startsWith('https:') ? httpsAgent : httpAgent,
      signal: controller.signal,
    });
    const text = await response.text();
    return { status: response.status, json: parseJsonObject(text) };
  } catch (e) {
    // The original error is not passed on: node-fetch errors can quote the request.
    if (controller.signal.aborted) throw new AlexaApiError('timeout', service, `no answer within ${timeoutMs} ms`);
    const code = (e as { code?: unknown } | null)?.code;
    throw new AlexaApiError('unavailable', service, typeof code === 'string' ? code : 'the connection failed');
  } finally {
    clearTimeout(timer);
  }
}
