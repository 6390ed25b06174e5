// The one reader of OAuth token answers (src/oauth.ts), which Login with Amazon and Google's token endpoint
// both go through: what counts as a token issued, and how everything else is told apart.
import { readTokenAnswer, type TokenAnswer } from '../src/oauth';

const SENT_AT = 1_800_000_000_000;
const MAX = 16;
const issued = (expiresIn: number): TokenAnswer['kind'] => {
  const answer = readTokenAnswer(200, { access_token: 'Atza|x', expires_in: expiresIn }, SENT_AT, MAX);
  if (answer.kind === 'issued') expect(answer.expiresAt).toBe(SENT_AT + expiresIn * 1000);
  return answer.kind;
};

describe('an OAuth token answer', () => {
  it.each([
    ['a minute, the shortest sane lifetime', 60, 'issued'],
    ['an hour, as both services say', 3600, 'issued'],
    ['a day, the longest sane lifetime', 86_400, 'issued'],
    ['a second under a minute', 59, 'absurd'],
    ['a second over a day', 86_401, 'absurd'],
    ['a year', 31_536_000, 'absurd'],
    ['an hour and a half second', 3600.5, 'absurd'],
  ])('with %s (%d s) is %s', (_, expiresIn, kind) => {
    expect(issued(expiresIn)).toBe(kind);
  });

  it.each([
    ['a token at the length limit', { access_token: 'a'.repeat(MAX), expires_in: 3600 }, 'issued'],
    ['a token over the length limit', { access_token: 'a'.repeat(MAX + 1), expires_in: 3600 }, 'absurd'],
    ['a token with a space', { access_token: 'Atza x', expires_in: 3600 }, 'absurd'],
    ['a token outside printable ASCII', { access_token: 'Atza|é', expires_in: 3600 }, 'absurd'],
    ['an empty token', { access_token: '', expires_in: 3600 }, 'absurd'],
    ['no lifetime', { access_token: 'Atza|x' }, 'absurd'],
    ['a lifetime as a string', { access_token: 'Atza|x', expires_in: '3600' }, 'absurd'],
  ])('200 with %s is %s', (_, body, kind) => {
    expect(readTokenAnswer(200, body, SENT_AT, MAX).kind).toBe(kind);
  });

  it('a success that is not JSON is unreadable (a proxy page: the service is unavailable, not refusing)', () => {
    expect(readTokenAnswer(200, undefined, SENT_AT, MAX)).toEqual({ kind: 'unreadable' });
    expect(readTokenAnswer(204, undefined, SENT_AT, MAX)).toEqual({ kind: 'unreadable' });
  });

  it("a refusal carries the body's error code only, never its description", () => {
    const answer = readTokenAnswer(400, { error: 'invalid_grant', error_description: 'code Atza|x' }, SENT_AT, MAX);
    expect(answer).toEqual({ kind: 'error', error: 'invalid_grant' });
    expect(readTokenAnswer(503, undefined, SENT_AT, MAX)).toEqual({ kind: 'error', error: undefined });
  });
});
