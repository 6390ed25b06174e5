// Runs around every test file (jest setupFilesAfterEnv): whatever the code under test writes to the
// console or stdout/stderr in this process is kept, and after the file no kept line may hold a secret
// the file made, in any encoding: a device-cloud token (newToken) or a link code the store issued.
// Tokens and link codes are secrets; a log line is where they leak.
import { LinkCodeItems } from '../../src/store/families/link-codes';

const captured: string[] = [];
const secrets = new Set<string>();

/** Called by newToken (test/support/emulator.ts) for every token a test makes. */
export function rememberSecret(secret: string): void {
  secrets.add(secret);
}
(globalThis as { rememberSecret?: (s: string) => void }).rememberSecret = rememberSecret;

// Every code the store issues, whoever asked for it.
const issue = LinkCodeItems.prototype.issueLinkCode;
LinkCodeItems.prototype.issueLinkCode = async function issueLinkCode(
  this: LinkCodeItems,
  ...args: Parameters<typeof issue>
) {
  const code = await issue.apply(this, args);
  secrets.add(code.code);
  return code;
};

for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    captured.push(args.map((a) => (typeof a === 'string' ? a : safeJson(a))).join(' '));
    original(...args);
  };
}
// stdout and stderr outlive the file (every file of a Jest worker shares them), so their own write comes
// back after it: a wrapper left in place would hold this file's whole module graph for the worker's life.
const restores = [process.stdout, process.stderr].map((stream) => {
  const own = stream.write;
  const write = own.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    captured.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
    return write(chunk, ...rest);
  }) as typeof stream.write;
  return () => {
    stream.write = own;
  };
});

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The ways a secret may be written: as is, base64, base64url, hex, URL-encoded. */
function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [
    ...new Set([
      secret,
      bytes.toString('base64').replace(/=+$/, ''),
      bytes.toString('base64url'),
      bytes.toString('hex'),
      encodeURIComponent(secret),
    ]),
  ];
}

/** A six-digit code matches only as a whole number, not inside a timestamp. */
function finds(line: string, form: string): boolean {
  if (!/^\d+$/.test(form)) return line.includes(form);
  return new RegExp(`(?<!\\d)${form}(?!\\d)`).test(line);
}

afterAll(() => {
  for (const restore of restores) restore();
  const leaks: string[] = [];
  for (const secret of secrets) {
    for (const form of encodings(secret)) {
      const line = captured.find((l) => finds(l, form));
      if (line)
        leaks.push(
          `${/^\d{6}$/.test(secret) ? 'a link code' : 'a token'} in a log line: ${line.slice(0, 200).replace(form, '<secret>')}`,
        );
    }
  }
  captured.length = 0;
  secrets.clear();
  expect(leaks).toEqual([]);
});
