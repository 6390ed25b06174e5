// One HTTP exchange with the device cloud, under the outbound policy (src/outbound.ts: no redirect
// followed, a bounded body, a per-call timeout), keep-alive, and every failure turned into a
// DeviceCloudError. The token goes into the authorization header and nowhere else.
import { isRecord, type JsonObject } from '../json';
import { exchange, ExchangeFailure } from '../outbound';
import { httpAgent, httpsAgent } from './connection';
import { redactText } from '../log';
import { DeviceCloudError, kindForErrorCode, kindForResult, kindForStatus, type DeviceCloudErrorKind } from './errors';

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the base URL, exactly as the interface spells it (trailing slashes matter). */
  path: string;
  query?: Record<string, string>;
  body?: Record<string, string>;
  /** Extra headers, e.g. accept on the preset call. */
  headers?: Record<string, string>;
  /** A 2xx body that is a bare JSON array is a success (the preset list's shape is not public). */
  bareArrayOk?: boolean;
}

export interface InterpretOptions {
  /** See HttpCall.bareArrayOk; the array is returned as `{ result: 0, list }`. */
  bareArrayOk?: boolean;
  /** Text cut out of the service's message: the access token, should the service echo it. */
  secret?: string;
}

/** The device cloud's largest documented answers (device and preset lists) are a few kilobytes. */
export const DEVICE_CLOUD_MAX_BYTES = 1024 * 1024;

export class HttpTransport {
  private readonly base: URL;

  constructor(
    baseUrl: string,
    readonly timeoutMs: number,
  ) {
    // Keep a path prefix of the base URL: "https://h/api" + "/device/..." -> "https://h/api/device/...".
    this.base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  }

  async send(accessToken: string, call: HttpCall): Promise<JsonObject> {
    const endpoint = `${call.method} ${call.path}`;
    const url = new URL(call.path.replace(/^\//, ''), this.base);
    for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);

    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, ...call.headers };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const { status, text } = await exchange(url.toString(), {
        method: call.method,
        headers,
        ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
        timeoutMs: this.timeoutMs,
        maxBytes: DEVICE_CLOUD_MAX_BYTES,
        agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
      });
      return interpret(endpoint, status, text, { bareArrayOk: call.bareArrayOk, secret: accessToken });
    } catch (e) {
      if (!(e instanceof ExchangeFailure)) throw e;
      // The failure's words never quote the request.
      const kind: DeviceCloudErrorKind = e.kind === 'timeout' ? 'timeout' : 'unavailable';
      throw new DeviceCloudError(kind, { endpoint, serviceMessage: e.message });
    }
  }
}

/** Turns a status and body into the success object or the error of the taxonomy. */
export function interpret(endpoint: string, status: number, text: string, options: InterpretOptions = {}): JsonObject {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const obj = isRecord(body) ? body : undefined;
  const result = typeof obj?.result === 'number' ? obj.result : undefined;
  const ok = status >= 200 && status < 300;

  if (ok && result === 0 && obj) return obj;
  if (ok && options.bareArrayOk && Array.isArray(body)) return { result: 0, list: body };

  if (result === undefined) {
    const kind = ok ? 'malformed' : (kindForStatus(status) ?? 'rejected');
    const serviceMessage = ok ? (obj ? 'response has no result' : 'response is not JSON') : undefined;
    throw new DeviceCloudError(kind, { endpoint, status, serviceMessage });
  }

  const errorCode = readErrorCode(obj);
  const serviceMessage = readMessage(obj, options.secret);
  throw new DeviceCloudError(classify(status, result, errorCode), {
    endpoint,
    status,
    result,
    errorCode,
    serviceMessage,
  });
}

function classify(status: number, result: number, errorCode: number | undefined): DeviceCloudErrorKind {
  if (status === 401) return 'unauthorized';
  // The engine puts its own code (100, 200, 300...) in result; Device Connect puts result 1 beside an
  // errorCode. Either may also travel inside `error`. The most specific known code wins.
  if (result !== 0 && result !== 1) {
    const byResult = kindForResult(result);
    if (byResult !== 'rejected') return byResult;
  }
  if (errorCode !== undefined) {
    const byCode = errorCode < 100 ? kindForErrorCode(errorCode) : kindForResult(errorCode);
    if (byCode !== 'rejected') return byCode;
  }
  return kindForStatus(status) ?? 'rejected';
}

function readErrorCode(obj: JsonObject | undefined): number | undefined {
  const direct = toNumber(obj?.errorCode);
  if (direct !== undefined) return direct;
  const error = obj?.error;
  return isRecord(error) ? toNumber(error.code ?? error.errorCode) : undefined;
}

function readMessage(obj: JsonObject | undefined, secret: string | undefined): string | undefined {
  const error = obj?.error;
  const raw = obj?.errorMessage ?? (isRecord(error) ? (error.message ?? error.errorMessage) : undefined);
  if (typeof raw !== 'string' || raw === '') return undefined;
  // A service may echo the token it refused; cut it out before the message can reach a log.
  return redactText(raw, secret).slice(0, 200);
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
}
