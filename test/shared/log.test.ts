// The one token redaction (src/log.ts): every form a service may echo a token in is removed, our own
// words and unrelated text stay, and an excerpt never carries a piece of the token long enough to count.
import { redactText, serviceExcerpt } from '../../src/log';

const TOKEN = 'Zq8+/x=Kp3Lm9Nw2Rt5Vy7Bc4Df6Gh1';
const b64 = (text: string): string => Buffer.from(text).toString('base64');

describe('redactText with the token known', () => {
  it.each([
    ['as is', `token ${TOKEN} refused`],
    ['upper-cased', `TOKEN ${TOKEN.toUpperCase()} REFUSED`],
    ['lower-cased', `token ${TOKEN.toLowerCase()} refused`],
    ['URL-encoded', `?access_token=${encodeURIComponent(TOKEN)}&a=1`],
    ['URL-encoded twice', `next=${encodeURIComponent(encodeURIComponent(TOKEN))}`],
    ['URL-encoded with lower-case hex', `t=${encodeURIComponent(TOKEN).toLowerCase()}`],
    ['JSON-escaped inside JSON', JSON.stringify({ error: { token: TOKEN } })],
    ['base64', `c=${b64(TOKEN)}`],
    ['base64url', `c=${Buffer.from(TOKEN).toString('base64url')}`],
    ['base64 after one byte', `c=${b64(`:${TOKEN}`)}`],
    ['base64 after two bytes', `c=${b64(`u:${TOKEN}`)}`],
    ['cut to its first 8 characters', `t=${TOKEN.slice(0, 8)}`],
    ['its last 8 characters', `t=…${TOKEN.slice(-8)}`],
    ['a run from the middle', `x${TOKEN.slice(11, 19)}y`],
  ])('removes the token %s', (_how, text) => {
    const out = redactText(text, TOKEN);
    expect(out).toContain('[redacted]');
    for (const form of [TOKEN, encodeURIComponent(TOKEN), b64(TOKEN)]) {
      for (let i = 0; i + 8 <= form.length; i++)
        expect(out.toLowerCase()).not.toContain(form.slice(i, i + 8).toLowerCase());
    }
  });

  it.each([
    ['words of its own', 'the access token was rejected; link the account again'],
    ['a short common run', 'result 1, errorCode 11 (Zq8+)'],
    ['an empty text', ''],
  ])('leaves %s as it is', (_what, text) => {
    expect(redactText(text, TOKEN)).toBe(text);
  });

  it('masks any bearer token, known or not', () => {
    expect(redactText('Authorization: Bearer abc.def.ghi', TOKEN)).toBe('Authorization: Bearer [redacted]');
    expect(redactText('bearer   xyz')).toBe('Bearer [redacted]');
  });
});

describe('serviceExcerpt', () => {
  it.each([
    ['a long text', `${'x'.repeat(300)} ${TOKEN}`, 80],
    ['a token at the cut', `${'y'.repeat(70)}${TOKEN}`, 80],
    ['line breaks', `line one\r\nline two ${TOKEN}\n`, 80],
  ])('of %s is short, on one line, and holds no piece of the token', (_what, text, max) => {
    const out = serviceExcerpt(text, TOKEN, max);
    expect(out.length).toBeLessThanOrEqual(max);
    expect(out).not.toMatch(/[\r\n]/);
    for (let i = 0; i + 8 <= TOKEN.length; i++)
      expect(out.toLowerCase()).not.toContain(TOKEN.slice(i, i + 8).toLowerCase());
  });
});
