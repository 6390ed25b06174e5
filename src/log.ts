// Structured one-line JSON logs for CloudWatch. Any field whose name looks like a secret is replaced,
// and strings that look like bearer tokens are masked, so no access token reaches a log.
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const SECRET_KEY = /token|authorization|secret|password/i;

/** `text` with every bearer token masked, and `secret` (a token known to the caller) wherever it appears. */
export function redactText(text: string, secret?: string): string {
  const clean = secret ? text.split(secret).join('[redacted]') : text;
  return clean.replace(/Bearer\s+\S+/gi, 'Bearer [redacted]');
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) {
    return { name: value.name, message: redact(value.message, depth + 1), ...redactObject(value as unknown as LogFields, depth) };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (typeof value === 'object' && value !== null) return redactObject(value as LogFields, depth);
  return value;
}

function redactObject(obj: LogFields, depth: number): LogFields {
  const out: LogFields = {};
  for (const [k, v] of Object.entries(obj)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function jsonLogger(write: (line: string) => void = (l) => console.log(l), base: LogFields = {}): Logger {
  const emit = (level: string) => (message: string, fields: LogFields = {}) =>
    write(JSON.stringify({ level, message, ...(redact({ ...base, ...fields }) as LogFields) }));
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** A logger that drops everything (tests, the sandbox's quiet mode). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
