// The sandbox's Google side as a new user tries it: `npm start`'s entry with lines piped in, read from its
// output. "Hey Google" / 「OK Google」 lines reach the Google door, the emulated TV moves, and the answer
// names the Google door.
import { PassThrough } from 'node:stream';
import { runConsole } from '../../src/local/sandbox/console';
import { startSandbox } from '../../src/local/sandbox/sandbox';
import { settingsFromEnv, type SandboxSettings } from '../../src/local/sandbox/settings';
import { runSandbox } from '../support/sandbox/process';

/** The sandbox started in this process, the lines piped into its console; everything it printed. */
async function converse(settings: SandboxSettings, lines: string[]): Promise<string> {
  const output = new PassThrough();
  let stdout = '';
  output.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  const sandbox = await startSandbox(settings, output);
  try {
    const input = new PassThrough();
    input.end(`${lines.join('\n')}\n`);
    await runConsole(sandbox, { input, output, interactive: false });
  } finally {
    await sandbox.close();
  }
  return stdout;
}

/** The lines that follow `you> <utterance>` up to the next prompt. */
function answerTo(stdout: string, utterance: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.indexOf(`you> ${utterance}`);
  if (start < 0) throw new Error(`no "you> ${utterance}" in:\n${stdout}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith('you> ') || l === 'Bye.');
  return rest.slice(0, end < 0 ? undefined : end);
}

jest.setTimeout(60_000);

describe('the sandbox has Google too', () => {
  it('"hey google, channel 8 on the tv" and 「OK Google、テレビの音量を2つ下げて」 move the TV through the Google door; other lines stay Alexa\'s', async () => {
    const run = await runSandbox(
      [
        'hey google, turn on the tv',
        'hey google, channel 8 on the tv',
        'OK Google、テレビの音量を2つ下げて',
        'hey google, mute the tv',
        'channel 5',
        '',
      ].join('\n'),
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/- Google: linked, SYNC -> 1 device\(s\) "TV"/);
    expect(answerTo(run.stdout, 'hey google, turn on the tv')).toEqual([
      '  [google: action.devices.commands.OnOff -> SUCCESS]',
      'Google: OK, turning TV on.',
      '  TV: ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'hey google, channel 8 on the tv')).toEqual([
      '  [google: action.devices.commands.selectChannel -> SUCCESS]',
      'Google: OK, changing the channel.',
      '  TV: ON  | channel  8 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'OK Google、テレビの音量を2つ下げて')).toEqual([
      '  [google: action.devices.commands.volumeRelative -> SUCCESS]',
      'Google: はい、音量を下げます。',
      '  TV: ON  | channel  8 | volume  8',
    ]);
    // The door refuses what an IR remote cannot do; nothing is pressed.
    expect(answerTo(run.stdout, 'hey google, mute the tv')).toEqual([
      '  [google: action.devices.commands.mute -> ERROR functionNotSupported]',
      "Google: Sorry, TV can't do that.",
      '  TV: ON  | channel  8 | volume  8',
    ]);
    expect(answerTo(run.stdout, 'channel 5')[0]).toBe(
      '  [smart home: Alexa.ChannelController.ChangeChannel to "TV" -> Response]',
    );
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });

  it('with the platform Google in Japanese, every line is Google\'s: 「フジテレビにして」 tunes Tokyo\'s 8 by name; ":alexa" gives lines back to Alexa', async () => {
    // In this process (the console and the parts as `npm start` runs them, without a second start-up).
    const stdout = await converse({ locale: 'ja-JP', platform: 'google' }, [
      'テレビをつけて',
      'フジテレビにして',
      ':alexa',
      '5チャンネルにして',
    ]);

    expect(stdout).toMatch(/- Google: linked, SYNC -> 1 device\(s\)/);
    expect(answerTo(stdout, 'テレビをつけて')[0]).toBe('  [google: action.devices.commands.OnOff -> SUCCESS]');
    expect(answerTo(stdout, 'フジテレビにして')).toEqual([
      '  [google: action.devices.commands.selectChannel -> SUCCESS]',
      'Google: はい、チャンネルを変えます。',
      expect.stringMatching(/: ON {2}\| channel {2}8 \|/),
    ]);
    expect(answerTo(stdout, '5チャンネルにして')[0]).toMatch(
      /^ {2}\[smart home: Alexa\.ChannelController\.ChangeChannel/,
    );
  });
});

/**
 * Two TVs and none named: each platform asks which, and takes the answer on the next line (a name, a part
 * of one, "the bedroom one", 「寝室の方」), sending the first line's command to that TV. A line that is no
 * answer is heard as a new request.
 */
describe('"Which one?" with two TVs, on Alexa and on Google', () => {
  it('in English', async () => {
    const stdout = await converse({ tvNames: ['Living room TV', 'Bedroom TV'] }, [
      'turn on the tv',
      'bedroom',
      'hey google, channel 4 on the tv',
      'the living room one',
      'mute the tv',
      'channel 5 on the bedroom tv',
    ]);
    expect(answerTo(stdout, 'turn on the tv')[1]).toBe(
      'Alexa: A few things share the name TV. Which one did you want?',
    );
    expect(answerTo(stdout, 'bedroom')[0]).toBe(
      '  [smart home: Alexa.PowerController.TurnOn to "Bedroom TV" -> Response]',
    );
    expect(answerTo(stdout, 'hey google, channel 4 on the tv')[1]).toBe(
      'Google: Sorry, which one: Living room TV or Bedroom TV?',
    );
    expect(answerTo(stdout, 'the living room one')).toEqual([
      '  [google: action.devices.commands.selectChannel -> SUCCESS]',
      'Google: OK, changing the channel.',
      // The living room TV is off, so it ignored the press: what reached it is what matters here.
      expect.stringMatching(/^ {2}Living room TV: off .*ignored the press/),
      expect.stringMatching(/^ {2}Bedroom TV/),
    ]);
    // Not an answer: a new request, which asks again.
    expect(answerTo(stdout, 'mute the tv')[1]).toMatch(/^Alexa: A few things share the name TV/);
    expect(answerTo(stdout, 'channel 5 on the bedroom tv')[0]).toBe(
      '  [smart home: Alexa.ChannelController.ChangeChannel to "Bedroom TV" -> Response]',
    );
  });

  it('in Japanese', async () => {
    const stdout = await converse({ locale: 'ja-JP', tvNames: ['リビングのテレビ', '寝室のテレビ'] }, [
      'テレビをつけて',
      '寝室の方',
      'OK Google、テレビを5チャンネルにして',
      '寝室のテレビ',
      'テレビの音を消して',
      'リビング',
    ]);
    expect(answerTo(stdout, 'テレビをつけて')[1]).toBe(
      'Alexa: テレビが複数あります。「リビングのテレビ」、「寝室のテレビ」のどれですか?',
    );
    expect(answerTo(stdout, '寝室の方')[0]).toBe(
      '  [smart home: Alexa.PowerController.TurnOn to "寝室のテレビ" -> Response]',
    );
    expect(answerTo(stdout, 'OK Google、テレビを5チャンネルにして')[1]).toBe(
      'Google: どれですか?リビングのテレビ、寝室のテレビ',
    );
    expect(answerTo(stdout, '寝室のテレビ')[0]).toBe('  [google: action.devices.commands.selectChannel -> SUCCESS]');
    expect(answerTo(stdout, '寝室のテレビ')[3]).toMatch(/^ {2}寝室のテレビ\s*: ON {2}\| channel {2}5 /);
    // Mute words mean mute, asked about like any request; the answer sends SetMute.
    expect(answerTo(stdout, 'リビング')[0]).toBe(
      '  [smart home: Alexa.Speaker.SetMute to "リビングのテレビ" -> ErrorResponse INVALID_DIRECTIVE]',
    );
  });
});

describe('SANDBOX_PLATFORM', () => {
  it('is alexa or google, and nothing else', () => {
    expect(settingsFromEnv({ SANDBOX_PLATFORM: 'Google' }).platform).toBe('google');
    expect(settingsFromEnv({}).platform).toBeUndefined();
    expect(() => settingsFromEnv({ SANDBOX_PLATFORM: 'siri' })).toThrow(
      /SANDBOX_PLATFORM must be alexa or google; got 'siri'/,
    );
  });
});
