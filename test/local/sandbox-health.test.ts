// The sandbox's ":gateway offline|online": the emulated home gateway unplugged and back. Alexa's device list
// (the stand-in asks ReportState, as the Alexa app does) shows the TV UNREACHABLE, and a spoken command gets
// Amazon's words for an unreachable device ("Alexa.EndpointHealth Interface 3.1"), in both languages.
import { Writable } from 'node:stream';
import { SMART_HOME_WORDS, type SmartHomeWords } from '../../src/local/sandbox/phrases';
import { SMART_HOME_WORDS_JA } from '../../src/local/sandbox/phrases-ja';
import { startSandbox } from '../../src/local/sandbox/sandbox';
import { useLoopback } from '../support/loopback';

jest.setTimeout(30_000);

const SCRIPTS: Array<[locale: 'en-US' | 'ja-JP', turnOn: string, words: SmartHomeWords]> = [
  ['en-US', 'turn on the tv', SMART_HOME_WORDS],
  ['ja-JP', 'テレビをつけて', SMART_HOME_WORDS_JA],
];

describe.each(SCRIPTS)('the sandbox in %s', (locale, turnOn, words) => {
  // A table of its own: the sandbox's user and TV are fixed, and each sandbox starts a fresh emulator.
  const loopback = useLoopback();

  it('shows the TV unreachable in the device list while the gateway is offline, and Alexa says so for a command', async () => {
    let started = '';
    const log = new Writable({
      write: (chunk: Buffer, _enc, done) => {
        started += chunk.toString();
        done();
      },
    });
    // The test's table (a sandbox's own dynalite would take over this worker's DynamoDB endpoint); its own emulator.
    const sandbox = await startSandbox({ tableName: loopback.dynamo.tableName, locale }, log);
    try {
      const gateway = sandbox.commands?.['gateway'];
      if (!gateway) throw new Error('the sandbox has no :gateway command');
      // A TV that is fine is listed as it always was: the app marks only one that is not.
      expect(started).toMatch(/discovered 1 device\(s\)\n {4}"TV" \(tv:[0-9a-f-]+\)\n/);

      expect((await gateway.run('offline')).join('\n')).toMatch(
        /The home gateway is offline\.\n {2}Alexa's devices:\n {4}"TV" \(tv:[0-9a-f-]+\) - connectivity UNREACHABLE$/,
      );
      const unreachable = await sandbox.converse(turnOn);
      expect(unreachable.door).toMatch(/-> ErrorResponse ENDPOINT_UNREACHABLE$/);
      expect(unreachable.speech).toBe(words.errors.ENDPOINT_UNREACHABLE.say('TV'));
      expect(words.errors.ENDPOINT_UNREACHABLE.from).toBe('Amazon');
      expect((await sandbox.tvStates())[0]).toMatchObject({ power: 'off' });

      expect((await gateway.run('online')).join('\n')).toMatch(
        /The home gateway is back online\.\n {2}Alexa's devices:\n {4}"TV" \(tv:[0-9a-f-]+\)$/,
      );
      expect((await sandbox.converse(turnOn)).door).toMatch(/-> Response$/);
      expect((await sandbox.tvStates())[0]).toMatchObject({ power: 'on' });
      expect(await gateway.run('sideways')).toEqual(['Say ":gateway offline" or ":gateway online".']);
    } finally {
      await sandbox.close();
    }
  });
});
