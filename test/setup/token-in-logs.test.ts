// No token in any log, whatever the device cloud echoes (issue 19): the emulator answers setup's call
// with an error text holding the token in one form or another; the error, the steps and every log
// line carry only codes and a short excerpt with every form removed.
import { randomBytes } from 'node:crypto';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { newAccount, setupFails, useWorld } from '../support/setup-world';

const world = useWorld();
const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' };

/** Every form the table below echoes; any 8-character run of one of them in the output is a leak. */
function forms(token: string): string[] {
  const base64 = (t: string) => Buffer.from(t).toString('base64');
  return [
    token,
    token.toUpperCase(),
    encodeURIComponent(token),
    base64(token),
    Buffer.from(token).toString('base64url'),
    base64(`Bearer:${token}`).slice(8),
  ];
}

function leaks(output: string, token: string): string[] {
  const folded = output.toLowerCase();
  const found: string[] = [];
  for (const form of forms(token)) {
    for (let i = 0; i + 8 <= form.length; i++) {
      const run = form.slice(i, i + 8).toLowerCase();
      if (folded.includes(run)) found.push(run);
    }
  }
  return found;
}

const echoes: Array<[string, (token: string) => string]> = [
  ['as is', (t) => `token ${t} is not valid`],
  ['upper-cased', (t) => `TOKEN ${t.toUpperCase()} IS NOT VALID`],
  ['lower-cased', (t) => `token ${t.toLowerCase()} is not valid`],
  ['URL-encoded', (t) => `https://cloud.example/auth?access_token=${encodeURIComponent(t)}&x=1`],
  ['URL-encoded twice', (t) => `redirect=${encodeURIComponent(`https://a/?t=${encodeURIComponent(t)}`)}`],
  ['JSON-escaped', (t) => `{"token":${JSON.stringify(t)}}`],
  ['base64', (t) => `credential ${Buffer.from(t).toString('base64')} refused`],
  ['base64url', (t) => `jwt.${Buffer.from(t).toString('base64url')}.sig`],
  ['base64 of Authorization: Basic', (t) => `basic ${Buffer.from(`user:${t}`).toString('base64')}`],
  ['cut short', (t) => `token ${t.slice(0, 12)}… expired`],
  ['its tail', (t) => `…${t.slice(-9)} expired`],
  ['inside a word', (t) => `x${t.slice(3, 20)}y`],
  ['as a bearer header', (t) => `Authorization: Bearer ${t}`],
];

describe.each(echoes)('a device-cloud error echoing the token %s', (_how, echo) => {
  it('reaches no log line, no step and no error message; the error keeps the codes', async () => {
    const { userId } = await newAccount(world, { storeToken: false });
    // A token with a slash, a plus and an equals sign: every escape changes it.
    const token = `Ab+/=Cd${randomBytes(12).toString('hex')}Ef+/9`;
    world.emulator.addAccount(token);
    world.emulator.injectFault({
      ...PLUGINS,
      status: 401,
      body: { result: 1, errorCode: 11, errorMessage: echo(token) },
    });

    const error = await setupFails(world, { userId, accessToken: token, tvPresetId: DEFAULT_PRESETS[0].deviceId });

    expect(error.message).toContain('HTTP 401, result 1, errorCode 11');
    const output = [error.message, JSON.stringify(error.run.live), ...error.run.logLines].join('\n');
    expect(leaks(output, token)).toEqual([]);
  });
});
