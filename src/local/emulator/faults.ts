// Injected faults: each call takes the first matching fault in order of injection, until its
// `times` are used up; a fault with `after` first lets that many matching calls through untouched.
// A fault with only `latencyMs` delays the normal answer.
import { isRecord } from '../../json';
import type { Fault } from './types';
import { deviceError, engineError, plainStatus, type Reply } from './wire';

const FAULT_FIELDS = [
  'method',
  'path',
  'after',
  'times',
  'latencyMs',
  'status',
  'body',
  'rawBody',
  'result',
  'errorCode',
  'drop',
  'retryAfterSeconds',
];

export class FaultQueue {
  private pending: { fault: Fault; skip: number; left: number }[] = [];

  add(fault: Fault): void {
    checkFault(fault);
    this.pending.push({ fault: { ...fault }, skip: fault.after ?? 0, left: fault.times ?? 1 });
  }

  clear(): void {
    this.pending = [];
  }

  take(method: string, path: string): Fault | undefined {
    const index = this.pending.findIndex(
      ({ fault }) =>
        (fault.method === undefined || fault.method === method) && (fault.path === undefined || fault.path === path),
    );
    if (index < 0) return undefined;
    const entry = this.pending[index];
    if (entry.skip > 0) {
      // A skipped call passes this fault by, and is not offered to later ones either.
      entry.skip -= 1;
      return undefined;
    }
    entry.left -= 1;
    if (entry.left <= 0) this.pending.splice(index, 1);
    return entry.fault;
  }
}

/** The answer a fault replaces the normal one with; undefined when it only delays or drops. */
export function faultReply(fault: Fault): Reply | undefined {
  const reply = baseReply(fault);
  if (reply && fault.retryAfterSeconds !== undefined)
    return { ...reply, headers: { ...reply.headers, 'retry-after': String(fault.retryAfterSeconds) } };
  return reply;
}

function baseReply(fault: Fault): Reply | undefined {
  if (fault.rawBody !== undefined) return { status: fault.status ?? 200, text: fault.rawBody };
  if (fault.body !== undefined) return { status: fault.status ?? 200, json: fault.body };
  if (fault.errorCode !== undefined) {
    return deviceError(fault.errorCode, 'injected fault', fault.status, fault.result ?? 1);
  }
  if (fault.result !== undefined) return engineError(fault.result, 'injected fault', fault.status);
  if (fault.status !== undefined) return plainStatus(fault.status);
  return undefined;
}

/** Throws on a fault that could not mean anything, so a typo in a test fails loudly. */
export function checkFault(value: unknown): asserts value is Fault {
  if (!isRecord(value)) throw new TypeError('a fault must be an object');
  const f = value;
  for (const key of Object.keys(f)) if (!FAULT_FIELDS.includes(key)) throw new TypeError(`unknown fault field ${key}`);
  for (const key of ['method', 'path', 'rawBody']) {
    if (f[key] !== undefined && typeof f[key] !== 'string') throw new TypeError(`fault ${key} must be a string`);
  }
  for (const key of ['after', 'times', 'latencyMs', 'status', 'result', 'errorCode', 'retryAfterSeconds']) {
    const n = f[key];
    if (n !== undefined && (typeof n !== 'number' || !Number.isInteger(n) || n < 0)) {
      throw new TypeError(`fault ${key} must be a non-negative integer`);
    }
  }
  if (f.times === 0) throw new TypeError('fault times must be at least 1');
  if (f.status !== undefined && ((f.status as number) < 100 || (f.status as number) > 599)) {
    throw new TypeError('fault status must be an HTTP status');
  }
  if (f.drop !== undefined && typeof f.drop !== 'boolean') throw new TypeError('fault drop must be a boolean');
  if (f.retryAfterSeconds !== undefined && f.status === undefined)
    throw new TypeError('fault retryAfterSeconds needs a status (e.g. 429)');
}
