// The one policy of every outbound HTTP call: the device cloud, Login with Amazon, the Alexa event
// gateway, Alexa's Device Address and Progressive Response APIs.
// - No redirect is followed: none of these endpoints redirects, so a 3xx is a fault or an attack, and
//   following it would send the token, the client secret or the grant code to the new location.
// - The body is bounded and the call has a deadline.
// - One classification of answers: success (2xx), refused (4xx as the service documents it; only this
//   may change stored state), unavailable (5xx, 429, a redirect, a timeout, a body too large, a dropped
//   connection). A 2xx whose body is not the documented shape is unavailable too: the caller says so
//   when it reads the body (`unreadable`).
import type { Agent } from 'node:http';
import fetch from 'node-fetch';

export type AnswerClass = 'success' | 'refused' | 'unavailable';

export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The most bytes of body read; a longer one is unavailable. */
  maxBytes: number;
  agent?: Agent;
}

export interface Answered {
  status: number;
  text: string;
}

/** Why no answer could be read. The message never quotes the request (it may hold a secret). */
export class ExchangeFailure extends Error {
  override readonly name = 'ExchangeFailure';

  constructor(readonly kind: 'timeout' | 'redirect' | 'too-large' | 'connection', detail: string) {
    super(detail);
  }
}

export function classOf(status: number): AnswerClass {
  if (status >= 200 && status < 300) return 'success';
  if (status === 429 || status < 200 || status >= 300 && status < 400 || status >= 500) return 'unavailable';
  return 'refused';
}

/** One exchange under the policy: the status and body text of an answer, or an ExchangeFailure. */
export async function exchange(url: string, call: Exchange): Promise<Answered> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), call.timeoutMs);
  try {
    const response = await fetch(url, {
      method: call.method,
      headers: call.headers,
      ...(call.body !== undefined && { body: call.body }),
      ...(call.agent && { agent: call.agent }),
      signal: controller.signal,
      redirect: 'manual',
      size: call.maxBytes,
    });
    if (response.status >= 300 && response.status < 400) {
      // The body is not read: whatever the other side says after a redirect is not an answer.
      response.body.resume();
      throw new ExchangeFailure('redirect', `HTTP ${response.status} redirect, not followed`);
    }
    return { status: response.status, text: await response.text() };
  } catch (e) {
    if (e instanceof ExchangeFailure) throw e;
    if (controller.signal.aborted) throw new ExchangeFailure('timeout', `no answer within ${call.timeoutMs} ms`);
    if ((e as { type?: unknown } | null)?.type === 'max-size') throw new ExchangeFailure('too-large', `the answer is longer than ${call.maxBytes} bytes`);
    const code = (e as { code?: unknown } | null)?.code;
    throw new ExchangeFailure('connection', typeof code === 'string' ? code : 'the connection failed');
  } finally {
    clearTimeout(timer);
  }
}
