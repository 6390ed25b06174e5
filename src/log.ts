// Structured one-line JSON logs for CloudWatch. Any field whose name looks like a secret is replaced,
// and strings that look like bearer tokens are masked, so no access token reaches a log.
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const SECRET_KEY = /token|authorization|secret|password/i;

/** A run of this many characters of a secret, in any of its forms, counts as the secret. */
const SECRET_RUN = 8;
const REDACTED = '[redacted]';

/**
 * `text` with every bearer token masked, and `secret` (a token known to the caller) removed in every
 * form a service might echo it in: as is, case-changed, URL- or JSON-escaped, base64 (any alignment,
 * standard or URL alphabet), and any run of SECRET_RUN characters of one of those (a token cut short).
 */
export function redactText(text: string, secret?: string): string {
  const clean = secret ? removeSecret(text, secret) : text;
  return clean.replace(/Bearer\s+\S+/gi, `Bearer ${REDACTED}`);
}

// eslint-disable-next-line no-control-regex -- control characters are what it replaces
const CONTROL_RUNS = /[\u0000-\u001f\u007f]+/g;

/**
 * At most `max` characters of a text a service sent, for a log or an error message: the secret and any
 * bearer token removed first (so no cut can leave a piece long enough to count), control characters
 * shown as spaces.
 */
export function serviceExcerpt(text: string, secret: string | undefined, max = 80): string {
  const clean = redactText(text, secret).replace(CONTROL_RUNS, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

/** ASCII case only, so the folded text keeps every index of the original. */
const fold = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(encodeURIComponent(secret)),
    JSON.stringify(secret).slice(1, -1),
  ];
  for (let shift = 0; shift < 3; shift++) {
    // Inside a longer base64 text the token starts at any byte offset: the characters that depend on the
    // bytes before or after it are dropped, the rest must match.
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const inner = encoded.slice(Math.ceil((shift * 8) / 6), -2);
    forms.push(inner, inner.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(forms.map(fold))].filter((f) => f !== '');
}

function removeSecret(text: string, secret: string): string {
  const folded = fold(text);
  const hidden = new Uint8Array(text.length);
  const runs = new Set<string>();
  for (const form of secretForms(secret)) {
    if (form.length < SECRET_RUN) {
      for (let at = folded.indexOf(form); at !== -1; at = folded.indexOf(form, at + 1))
        hidden.fill(1, at, at + form.length);
    } else {
      for (let i = 0; i + SECRET_RUN <= form.length; i++) runs.add(form.slice(i, i + SECRET_RUN));
    }
  }
  for (let i = 0; i + SECRET_RUN <= folded.length; i++) {
    if (runs.has(folded.slice(i, i + SECRET_RUN))) hidden.fill(1, i, i + SECRET_RUN);
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (hidden[i] === 0) out += text[i];
    else if (i === 0 || hidden[i - 1] === 0) out += REDACTED;
  }
  return out;
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redact(value.message, depth + 1),
      ...redactObject(value as unknown as LogFields, depth),
    };
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
  const emit =
    (level: string) =>
    (message: string, fields: LogFields = {}) =>
      write(JSON.stringify({ level, message, ...(redact({ ...base, ...fields }) as LogFields) }));
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** A logger that drops everything (tests, the sandbox's quiet mode). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
