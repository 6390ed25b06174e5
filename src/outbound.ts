// The one policy of every outbound HTTP call: no redirect followed, a bounded body, a deadline, nothing
// read once answered, a cut body failing at once, and one classification of answers (success, refused,
// unavailable). Why each: docs/architecture.md#calls-out-one-policy.
import http, { type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import fetch from 'node-fetch';

export type AnswerClass = 'success' | 'refused' | 'unavailable';

export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
  /** The most bytes of body read; a longer one is unavailable. */
  maxBytes: number;
  /** Default: Node's global agent for the URL's protocol. */
  agent?: Agent;
  /** The caller's own deadline (it gives up): ends the exchange as a timeout. */
  signal?: AbortSignal;
}

export interface Answered {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

/** Why no answer could be read. The message never quotes the request (it may hold a secret). */
export class ExchangeFailure extends Error {
  override readonly name = 'ExchangeFailure';

  constructor(
    readonly kind: 'timeout' | 'redirect' | 'too-large' | 'connection',
    detail: string,
  ) {
    super(detail);
  }
}

export function classOf(status: number): AnswerClass {
  if (status >= 200 && status < 300) return 'success';
  if (status === 429 || status < 200 || (status >= 300 && status < 400) || status >= 500) return 'unavailable';
  return 'refused';
}

/** One exchange under the policy: the status, headers and body text of an answer, or an ExchangeFailure. */
export async function exchange(url: string, call: Exchange): Promise<Answered> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), call.timeoutMs);
  const givenUp = (): void => controller.abort();
  if (call.signal?.aborted) givenUp();
  call.signal?.addEventListener('abort', givenUp, { once: true });
  let cutShort = false;
  const agent = watching(call.agent ?? (url.startsWith('https:') ? https.globalAgent : http.globalAgent), (res) => {
    // Closed before the whole body came (a whole one sets `complete` first): stop waiting for the rest.
    if (!res.complete && !controller.signal.aborted) {
      cutShort = true;
      controller.abort();
    }
  });
  try {
    const response = await fetch(url, {
      method: call.method,
      headers: call.headers,
      ...(call.body !== undefined && { body: typeof call.body === 'string' ? call.body : Buffer.from(call.body) }),
      agent,
      signal: controller.signal,
      redirect: 'manual',
      size: call.maxBytes,
    });
    // The abort below is also told to the body, which must then have a listener whether it is read or not.
    response.body.on('error', () => undefined);
    if (response.status >= 300 && response.status < 400) {
      // The body is not read (the abort below drops it): what the other side says after a redirect is not an answer.
      throw new ExchangeFailure('redirect', `HTTP ${response.status} redirect, not followed`);
    }
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, text };
  } catch (e) {
    if (e instanceof ExchangeFailure) throw e;
    if (cutShort) throw new ExchangeFailure('connection', 'the connection closed before the whole body came');
    if (call.signal?.aborted) throw new ExchangeFailure('timeout', 'no answer before the caller gave up');
    if (controller.signal.aborted) throw new ExchangeFailure('timeout', `no answer within ${call.timeoutMs} ms`);
    if ((e as { type?: unknown } | null)?.type === 'max-size')
      throw new ExchangeFailure('too-large', `the answer is longer than ${call.maxBytes} bytes`);
    const code = (e as { code?: unknown } | null)?.code;
    throw new ExchangeFailure('connection', typeof code === 'string' ? code : 'the connection failed');
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', givenUp);
    // A no-op after a whole answer (node-fetch stops listening once the body ended, and the socket is back
    // in the pool); otherwise it destroys the request's socket, so nothing more is read or kept open.
    controller.abort();
  }
}

/**
 * The agent as an "Agent-like object" (Node's http.request accepts any object with addRequest) that also
 * tells `closed` when the answer to this one request closes: node-fetch gives no access to the request.
 */
function watching(agent: Agent, closed: (res: IncomingMessage) => void): Agent {
  const addRequest = (agent as unknown as { addRequest(req: ClientRequest, options: unknown): void }).addRequest;
  return new Proxy(agent, {
    get(target, key) {
      if (key === 'addRequest') {
        return (req: ClientRequest, options: unknown) => {
          req.once('response', (res: IncomingMessage) => res.once('close', () => closed(res)));
          addRequest.call(target, req, options);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A call to an outside service that failed, by class: the service, the kind its caller acts on, the HTTP
 * status and the service's own error code. It never holds a token, a key or what was sent: the doors' and
 * setup's clients (Login with Amazon, the Alexa event gateway, HomeGraph) each name their kinds.
 */
export class ServiceCallError<Kind extends string, Service extends string> extends Error {
  constructor(
    readonly kind: Kind,
    readonly service: Service,
    detail: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(`${service}: ${kind}${status === undefined ? '' : ` (HTTP ${status}${code ? ` ${code}` : ''})`}: ${detail}`);
  }

  /** What a log line may carry. */
  fields(): Record<string, unknown> {
    return { kind: this.kind, service: this.service, status: this.status, code: this.code };
  }
}
