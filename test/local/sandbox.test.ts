// The sandbox as a person runs it: `npm start`'s entry with lines piped in, read from its output.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { SMART_HOME_WORDS } from '../../src/local/sandbox/phrases';
import { SMART_HOME_WORDS_JA } from '../../src/local/sandbox/phrases-ja';
import { settingsFromEnv } from '../../src/local/sandbox/settings';
import type { ErrorType } from '../../src/alexa/messages';
import { WORDS } from '../../src/skill/words';
import { MAX_STEPS } from '../../src/tv/control';
import { emfViolations } from '../support/emf';
import {
  runSandbox as runSandboxInProcess,
  runSandboxProcess,
  spawnSandbox as spawnSandboxProcess,
  type SandboxRun,
} from '../support/sandbox/process';

type Run = SandboxRun;

// The step-by-step start, which most of these tests read; the quiet one has a test of its own.
function spawnSandbox(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawnSandboxProcess({ SANDBOX_VERBOSE: '1', ...env });
}

function runSandbox(input: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runSandboxInProcess(input, { SANDBOX_VERBOSE: '1', ...env });
}

/** The lines that follow `you> <utterance>` up to the next prompt. */
function answerTo(stdout: string, utterance: string, occurrence = 0): string[] {
  const lines = stdout.split('\n');
  let seen = -1;
  const start = lines.findIndex((l) => l === `you> ${utterance}` && ++seen === occurrence);
  if (start < 0) throw new Error(`no "you> ${utterance}" in:\n${stdout}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith('you> ') || l === 'Bye.');
  return rest.slice(0, end < 0 ? undefined : end);
}

jest.setTimeout(60_000);

const SMART_HOME = (directive: string, outcome = 'Response') => `  [smart home: ${directive} to "TV" -> ${outcome}]`;

describe('the local sandbox', () => {
  it('registers the demo TV with the setup function, discovers it, and answers smart-home lines', async () => {
    // `npm start`'s own entry, in a process of its own, as a person runs it; the other tests run its function in-process.
    const run = await runSandboxProcess(
      'turn on the tv\nchannel 5\nnext channel\nvolume up 3 on the tv\nturn it down\nvolume up\nchannel 13\nchannel up 50 on the tv\nmute the tv\nturn off the tv\n',
      { SANDBOX_VERBOSE: '1' },
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/register-remote/);
    expect(run.stdout).toMatch(/register-tv/);
    expect(run.stdout).toMatch(/- Ready: TV "TV"/);
    expect(run.stdout).toMatch(/- Smart home: discovered 1 device\(s\)\n {4}"TV" \(tv:[0-9a-f-]+\)/);
    expect(answerTo(run.stdout, 'turn on the tv')).toEqual([
      SMART_HOME('Alexa.PowerController.TurnOn'),
      'Alexa: OK.',
      '  TV: ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'channel 5')).toEqual([
      SMART_HOME('Alexa.ChannelController.ChangeChannel'),
      'Alexa: OK.',
      '  TV: ON  | channel  5 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'next channel')[2]).toBe('  TV: ON  | channel  6 | volume 10');
    expect(answerTo(run.stdout, 'volume up 3 on the tv')[2]).toBe('  TV: ON  | channel  6 | volume 13');
    expect(answerTo(run.stdout, 'turn it down')[2]).toBe('  TV: ON  | channel  6 | volume 12');
    // A volume naming no device is the Echo's own, as on an Echo: no TV moves.
    expect(answerTo(run.stdout, 'volume up')[0]).toBe('  [no door]');
    expect(answerTo(run.stdout, 'volume up')[3]).toBe('  TV: ON  | channel  6 | volume 12');
    expect(answerTo(run.stdout, 'channel 13')).toEqual([
      SMART_HOME('Alexa.ChannelController.ChangeChannel', 'ErrorResponse VALUE_OUT_OF_RANGE'),
      'Alexa: TV can only be set between 1 and 12.',
      '  TV: ON  | channel  6 | volume 12',
    ]);
    // Past the limit of steps, Alexa says the count one command takes, never a negative range.
    expect(answerTo(run.stdout, 'channel up 50 on the tv').slice(1)).toEqual([
      `Alexa: TV can only be set between 1 and ${MAX_STEPS}.`,
      '  TV: ON  | channel  6 | volume 12',
    ]);
    expect(answerTo(run.stdout, 'mute the tv')[0]).toBe(
      SMART_HOME('Alexa.Speaker.SetMute', 'ErrorResponse INVALID_DIRECTIVE'),
    );
    expect(answerTo(run.stdout, 'turn off the tv')[2]).toBe('  TV: off | channel  6 | volume 12');
    expect(run.stdout.trimEnd().endsWith('Bye.')).toBe(true);
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });

  it('hears smart-home requests inside the words people wrap them in, and still says when no door takes a line', async () => {
    const run = await runSandbox(
      'could you turn on the tv\ncould you change the channel to 7 on the tv please\ncan you turn the volume down on the tv\ncan you sing a song\n',
    );

    expect(answerTo(run.stdout, 'could you turn on the tv')).toEqual([
      SMART_HOME('Alexa.PowerController.TurnOn'),
      'Alexa: OK.',
      '  TV: ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'could you change the channel to 7 on the tv please')).toEqual([
      SMART_HOME('Alexa.ChannelController.ChangeChannel'),
      'Alexa: OK.',
      '  TV: ON  | channel  7 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'can you turn the volume down on the tv')).toEqual([
      SMART_HOME('Alexa.Speaker.AdjustVolume'),
      'Alexa: OK.',
      '  TV: ON  | channel  7 | volume  9',
    ]);
    expect(answerTo(run.stdout, 'can you sing a song')[0]).toBe('  [no door]');
  });

  it('sends lines naming the invocation name to the custom skill', async () => {
    const run = await runSandbox('tell tv remote to turn on the tv\nask tv remote for channel 7\n');

    expect(answerTo(run.stdout, 'tell tv remote to turn on the tv')).toEqual([
      '  [custom skill]',
      'Alexa: Turning the TV on.',
      '  TV: ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'ask tv remote for channel 7')).toEqual([
      '  [custom skill]',
      'Alexa: OK, channel 7.',
      '  TV: ON  | channel  7 | volume 10',
    ]);
  });

  // "ask <invocation name>" alone is one of Amazon's launch phrases ("Understand How Users Invoke Custom
  // Skills"): the skill's welcome, not the smart-home door's "Sorry, I don't know that".
  it('opens the skill on "ask tv remote" and on "open tv remote" alike: the welcome, Alexa listening', async () => {
    const run = await runSandbox('ask tv remote\nstop\nopen tv remote\n');

    const asked = answerTo(run.stdout, 'ask tv remote');
    expect(asked.slice(0, 2)).toEqual(['  [custom skill]', `Alexa: ${WORDS.en.welcome}`]);
    expect(asked[2]).toMatch(/\(Alexa is listening\)$/);
    expect(asked.slice(0, 2)).toEqual(answerTo(run.stdout, 'open tv remote').slice(0, 2));
    expect(run.stdout).not.toMatch(/Sorry, I don't know that/);
  });

  it("opens the skill on 「テレビリモコンを開始して」 as on 「テレビリモコンを開いて」 (Amazon's Japanese launch forms)", async () => {
    const run = await runSandbox('テレビリモコンを開始して\nストップ\nテレビリモコンを開いて\n', {
      SANDBOX_LOCALE: 'ja-JP',
    });

    const started = answerTo(run.stdout, 'テレビリモコンを開始して');
    expect(started.slice(0, 2)).toEqual(['  [custom skill]', `Alexa: ${WORDS.ja.welcome}`]);
    expect(started.slice(0, 2)).toEqual(answerTo(run.stdout, 'テレビリモコンを開いて').slice(0, 2));
  });

  it('keeps Alexa listening after "open tv remote" until "stop", passing every line to the skill', async () => {
    const run = await runSandbox('open tv remote\nturn on the tv\nchannel 2\nstop\nchannel 3\n');

    expect(answerTo(run.stdout, 'open tv remote')[2]).toMatch(/\(Alexa is listening\)$/);
    expect(answerTo(run.stdout, 'channel 2')).toEqual([
      '  [custom skill]',
      'Alexa: OK, channel 2. Anything else?',
      '  TV: ON  | channel  2 | volume 10  (Alexa is listening)',
    ]);
    expect(answerTo(run.stdout, 'stop')[2]).not.toMatch(/listening/);
    // The session is over: the next line is a smart-home request again.
    expect(answerTo(run.stdout, 'channel 3')[0]).toBe(SMART_HOME('Alexa.ChannelController.ChangeChannel'));
  });

  it('answers what neither door understands, sends the skill\'s unknown phrases to its fallback; "help" is speech, ":help" the console\'s', async () => {
    const run = await runSandbox(
      'what is the weather\nturn on the kitchen light\nask tv remote what is the weather\nask tv remote for help\nopen tv remote\nhelp\nwhat can I say\n:help\n:what\n:constructor\n:toString x\n:exit\nturn on the tv\n',
    );

    expect(answerTo(run.stdout, 'what is the weather').slice(0, 3)).toEqual([
      '  [no door]',
      expect.stringMatching(/tell tv remote to/),
      expect.stringMatching(/^Alexa: Sorry, I don't know that\. You can say "turn on the TV", /),
    ]);
    expect(answerTo(run.stdout, 'turn on the kitchen light')[1]).toBe(
      'Alexa: Sorry, I couldn\'t find a device named "kitchen light".',
    );
    const fallback = answerTo(run.stdout, 'ask tv remote what is the weather');
    expect(fallback[1]).toMatch(/FallbackIntent/);
    expect(fallback[2]).toMatch(/^Alexa: .+/);
    // "help" reaches the skill's HelpIntent when said to the skill or in its session, as on an Echo.
    const help = [
      '  [custom skill]',
      "  (Alexa's built-in AMAZON.HelpIntent hears this)",
      expect.stringMatching(/^Alexa: You can say turn on the TV, channel 5/),
    ];
    expect(answerTo(run.stdout, 'ask tv remote for help').slice(0, 3)).toEqual(help);
    expect(answerTo(run.stdout, 'help').slice(0, 3)).toEqual(help);
    // The built-in HelpIntent hears more than the model's samples, inside the session too.
    expect(answerTo(run.stdout, 'what can I say').slice(0, 3)).toEqual([
      '  [custom skill]',
      "  (Alexa's built-in AMAZON.HelpIntent hears this)",
      expect.stringMatching(/^Alexa: You can say turn on the TV, channel 5/),
    ]);
    expect(answerTo(run.stdout, ':help').join('\n')).toMatch(/turn on the tv[\s\S]*tell tv remote to[\s\S]*":exit"/);
    expect(answerTo(run.stdout, ':what')).toEqual(['Unknown console command :what; ":help" lists them.']);
    // A property every object has is no console command either.
    expect(answerTo(run.stdout, ':constructor')).toEqual(['Unknown console command :constructor; ":help" lists them.']);
    expect(answerTo(run.stdout, ':toString x')).toEqual(['Unknown console command :toString x; ":help" lists them.']);
    // ":exit" leaves: the line after it is never spoken.
    expect(run.stdout).not.toMatch(/you> turn on the tv/);
    expect(run.code).toBe(0);
  });

  it('keeps the table and the emulated cloud in SANDBOX_DATA_DIR, so a second start finds the same TV', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-'));
    try {
      const first = await runSandbox('turn on the tv\nchannel 7\n', { SANDBOX_DATA_DIR: dir });
      const second = await runSandbox('channel 8\n', { SANDBOX_DATA_DIR: dir });

      const tvOf = (out: string) => /- Ready: TV "TV" \((.+)\)/.exec(out)?.[1];
      expect(tvOf(second.stdout)).toBe(tvOf(first.stdout));
      expect(second.stdout).toMatch(/state restored/);
      expect(second.stdout).not.toMatch(/register-tv-on-remote/);
      expect(second.stdout).toContain(`"TV" (tv:${tvOf(first.stdout)})`);
      expect(answerTo(second.stdout, 'channel 8').slice(1)).toEqual([
        'Alexa: OK.',
        '  TV: ON  | channel  8 | volume 10',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a SANDBOX_DATA_DIR another sandbox is using, saying so, and takes it over once that one is gone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-'));
    const first = spawnSandbox({ SANDBOX_DATA_DIR: dir });
    try {
      let firstOut = '';
      await new Promise<void>((resolve, reject) => {
        first.stdout.on('data', (d: Buffer) => {
          firstOut += d.toString();
          if (firstOut.includes('- Ready')) resolve();
        });
        first.on('close', () => reject(new Error(`the first sandbox ended early:\n${firstOut}`)));
      });

      const second = await runSandbox('channel 3\n', { SANDBOX_DATA_DIR: dir });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`SANDBOX_DATA_DIR ${dir} is in use by another sandbox (process `);
      expect(second.stderr).not.toMatch(/Database is closed|\n\s+at /);

      const firstClosed = new Promise((resolve) => first.once('close', resolve));
      first.stdin.end('channel 4\n');
      expect(await firstClosed).toBe(0);
      // A lock whose process has gone (a sandbox killed outright) does not keep the folder.
      writeFileSync(path.join(dir, 'sandbox.lock'), String(first.pid));
      const third = await runSandbox('turn on the tv\nchannel 5\n', { SANDBOX_DATA_DIR: dir });
      expect(answerTo(third.stdout, 'channel 5').slice(1)).toEqual([
        'Alexa: OK.',
        '  TV: ON  | channel  5 | volume 10',
      ]);
    } finally {
      first.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so when TV_PRESET_ID names another TV than the one stored, and keeps the stored one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-'));
    try {
      const first = await runSandbox('', { SANDBOX_DATA_DIR: dir, TV_PRESET_ID: DEFAULT_PRESETS[0].deviceId });
      expect(first.code).toBe(0);
      const same = await runSandbox('', { SANDBOX_DATA_DIR: dir, TV_PRESET_ID: DEFAULT_PRESETS[0].deviceId });
      expect(same.stdout).not.toMatch(/TV_PRESET_ID is/);

      const other = await runSandbox('turn on the tv\nchannel 2\n', {
        SANDBOX_DATA_DIR: dir,
        TV_PRESET_ID: DEFAULT_PRESETS[1].deviceId,
      });
      expect(other.stdout).toContain(
        `TV_PRESET_ID is ${DEFAULT_PRESETS[1].deviceId}, but the stored TV uses preset ${DEFAULT_PRESETS[0].deviceId}; keeping the stored TV.`,
      );
      expect(answerTo(other.stdout, 'channel 2').slice(1, 3)).toEqual([
        'Alexa: OK.',
        '  TV: ON  | channel  2 | volume 10',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the sandbox as Alexa with events', () => {
  it('links with AcceptGrant; a TV set up with ":setup" appears in Alexa\'s device list without discovery, and ":remove" takes it out', async () => {
    const run = await runSandbox(
      ':setup Bedroom TV\nturn on the bedroom tv\nput on channel seven on the bedroom tv\ngo back a channel on the bedroom tv\n:remove Bedroom TV\nturn off the bedroom tv\n:devices\n:setup\n',
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/- Alexa: skill linked in region NA \(AcceptGrant -> AcceptGrant\.Response\)/);
    const setup = answerTo(run.stdout, ':setup Bedroom TV');
    // The stand-in gateway accepts only events Amazon's schema accepts: "told Alexa" means a valid one.
    expect(setup).toContainEqual(
      expect.stringMatching(/^ {4}done {4}tell-alexa: told Alexa about TV 'Bedroom TV': the Alexa app lists it now$/),
    );
    expect(setup).toContainEqual(
      expect.stringMatching(/^ {2}setup: registered - .*The Alexa app lists it already: no device search needed\.$/),
    );
    expect(setup.slice(-3)).toEqual([
      "  Alexa's devices:",
      expect.stringMatching(/^ {4}"TV" \(tv:/),
      expect.stringMatching(/^ {4}"Bedroom TV" \(tv:/),
    ]);
    expect(answerTo(run.stdout, 'turn on the bedroom tv')[0]).toBe(
      '  [smart home: Alexa.PowerController.TurnOn to "Bedroom TV" -> Response]',
    );
    expect(answerTo(run.stdout, 'put on channel seven on the bedroom tv')).toContainEqual(
      expect.stringMatching(/Bedroom TV: ON {2}\| channel {2}7/),
    );
    expect(answerTo(run.stdout, 'go back a channel on the bedroom tv')).toContainEqual(
      expect.stringMatching(/Bedroom TV: ON {2}\| channel {2}6/),
    );

    const removed = answerTo(run.stdout, ':remove Bedroom TV');
    expect(removed).toContainEqual(
      expect.stringMatching(/^ {4}done {4}tell-alexa: told Alexa that TV 'Bedroom TV' is gone/),
    );
    expect(removed.slice(-2)).toEqual(["  Alexa's devices:", expect.stringMatching(/^ {4}"TV" \(tv:/)]);
    expect(answerTo(run.stdout, 'turn off the bedroom tv')[1]).toBe(
      'Alexa: Sorry, I couldn\'t find a device named "bedroom tv".',
    );
    expect(answerTo(run.stdout, ':devices')).toEqual(["  Alexa's devices:", expect.stringMatching(/^ {4}"TV" \(tv:/)]);
    expect(answerTo(run.stdout, ':setup')).toEqual(['Name the TV: ":setup Bedroom TV".']);
  });
});

describe('the sandbox in Japanese', () => {
  const SKILL = '  [custom skill]';
  const HOME = (directive: string, outcome = 'Response') => `  [smart home: ${directive} to "TV" -> ${outcome}]`;

  it('answers Japanese smart-home lines in Japanese, and tunes Tokyo stations by name through the discovered cookie', async () => {
    const run = await runSandbox(
      'テレビをつけて\nフジテレビにして\n五チャンネルにして\nチャンネルを2つ上げて\nテレビの音量を三つ上げて\nNHKつけて\nテレビを消して\n',
      { SANDBOX_LOCALE: 'ja-JP' },
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/channels named by the stations of 東京都 \(Tokyo\)/);
    expect(run.stdout).toMatch(/- Alexa: ja-JP, custom skill model models\/ja-JP\.json/);
    expect(answerTo(run.stdout, 'テレビをつけて')).toEqual([
      HOME('Alexa.PowerController.TurnOn'),
      'Alexa: はい。',
      '  TV: ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'フジテレビにして')).toEqual([
      HOME('Alexa.ChannelController.ChangeChannel'),
      'Alexa: はい。',
      '  TV: ON  | channel  8 | volume 10',
    ]);
    expect(answerTo(run.stdout, '五チャンネルにして')[2]).toBe('  TV: ON  | channel  5 | volume 10');
    expect(answerTo(run.stdout, 'チャンネルを2つ上げて')[2]).toBe('  TV: ON  | channel  7 | volume 10');
    expect(answerTo(run.stdout, 'テレビの音量を三つ上げて')[2]).toBe('  TV: ON  | channel  7 | volume 13');
    expect(answerTo(run.stdout, 'NHKつけて')[2]).toBe('  TV: ON  | channel  1 | volume 13');
    expect(answerTo(run.stdout, 'テレビを消して')[2]).toBe('  TV: off | channel  1 | volume 13');
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });

  it('sends 「テレビリモコンで…」 through models/ja-JP.json to the custom skill, which answers in Japanese', async () => {
    const run = await runSandbox(
      'テレビリモコンでテレビをつけて\nテレビリモコンでフジテレビにして\nテレビリモコンで五チャンネルにして\nテレビリモコンで音量を3つ上げて\nテレビリモコンでサンテレビにして\n',
      { SANDBOX_LOCALE: 'ja-JP' },
    );

    expect(answerTo(run.stdout, 'テレビリモコンでテレビをつけて')).toEqual([
      SKILL,
      'Alexa: テレビをつけます。',
      '  TV: ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'テレビリモコンでフジテレビにして')).toEqual([
      SKILL,
      'Alexa: フジテレビ、8チャンネルにしました。',
      '  TV: ON  | channel  8 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'テレビリモコンで五チャンネルにして')).toEqual([
      SKILL,
      'Alexa: 5チャンネルにしました。',
      '  TV: ON  | channel  5 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'テレビリモコンで音量を3つ上げて')).toEqual([
      SKILL,
      'Alexa: 音量を3つ上げました。',
      '  TV: ON  | channel  5 | volume 13',
    ]);
    // Another prefecture's station is said to be elsewhere, and the channel stays.
    expect(answerTo(run.stdout, 'テレビリモコンでサンテレビにして').slice(1)).toEqual([
      'Alexa: サンテレビは東京都の放送局ではないので、チャンネルはそのままです。サンテレビは兵庫県の放送局です。',
      '  TV: ON  | channel  5 | volume 13',
    ]);
  });

  it('hears 「テレビのチャンネルを5にしてくれる」 and 「テレビの音量下げて」 at the smart-home door, as Alexa hears them', async () => {
    const run = await runSandbox(
      'テレビをつけて\nテレビのチャンネルを5にしてくれる\nテレビの音量下げて\n歌を歌ってくれる\n',
      { SANDBOX_LOCALE: 'ja-JP' },
    );

    expect(answerTo(run.stdout, 'テレビのチャンネルを5にしてくれる')).toEqual([
      '  [smart home: Alexa.ChannelController.ChangeChannel to "TV" -> Response]',
      'Alexa: はい。',
      '  TV: ON  | channel  5 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'テレビの音量下げて')).toEqual([
      '  [smart home: Alexa.Speaker.AdjustVolume to "TV" -> Response]',
      'Alexa: はい。',
      '  TV: ON  | channel  5 | volume  9',
    ]);
    expect(answerTo(run.stdout, '歌を歌ってくれる')[0]).toBe('  [no door]');
  });

  it('drives the smart-home door in Japanese: 「テレビの音量を3つ上げて」 presses volume up three times, answers in Japanese', async () => {
    const run = await runSandbox(
      'テレビをつけて\nテレビの音量を3つ上げて\nチャンネルを8に変えて\nテレビの音量を50にして\n寝室のテレビを消して\n',
      { SANDBOX_LOCALE: 'ja-JP' },
    );

    expect(answerTo(run.stdout, 'テレビの音量を3つ上げて')).toEqual([
      '  [smart home: Alexa.Speaker.AdjustVolume to "TV" -> Response]',
      'Alexa: はい。',
      '  TV: ON  | channel  1 | volume 13',
    ]);
    expect(answerTo(run.stdout, 'チャンネルを8に変えて').slice(0, 3)).toEqual([
      '  [smart home: Alexa.ChannelController.ChangeChannel to "TV" -> Response]',
      'Alexa: はい。',
      '  TV: ON  | channel  8 | volume 13',
    ]);
    // A level an IR remote cannot set: refused, nothing pressed.
    expect(answerTo(run.stdout, 'テレビの音量を50にして').slice(0, 2)).toEqual([
      '  [smart home: Alexa.Speaker.SetVolume to "TV" -> ErrorResponse INVALID_DIRECTIVE]',
      'Alexa: TVはその操作に対応していません。',
    ]);
    expect(answerTo(run.stdout, '寝室のテレビを消して')[1]).toBe(
      'Alexa: 「寝室のテレビ」という名前のデバイスが見つかりません。',
    );
  });

  it('opens a session with 「テレビリモコンを開いて」, passes every line to the skill until 「ストップ」, and lists Japanese examples on help', async () => {
    const run = await runSandbox(
      'テレビリモコンを開いて\nテレビをつけて\n次のチャンネル\nストップ\n今日の天気は\nテレビリモコンでヘルプ\n:help\n',
      { SANDBOX_LOCALE: 'ja-JP' },
    );

    expect(answerTo(run.stdout, 'テレビリモコンを開いて')[1]).toMatch(/^Alexa: テレビリモコンです。/);
    expect(answerTo(run.stdout, '次のチャンネル')).toEqual([
      SKILL,
      'Alexa: 次のチャンネルにしました。ほかに何かありますか?',
      '  TV: ON  | channel  2 | volume 10  (Alexa is listening)',
    ]);
    expect(answerTo(run.stdout, 'ストップ')[2]).toBe('Alexa: 終了します。');
    expect(answerTo(run.stdout, '今日の天気は').slice(0, 3)).toEqual([
      '  [no door]',
      expect.stringMatching(/テレビリモコンで…/),
      expect.stringMatching(/^Alexa: すみません、よくわかりません。「テレビをつけて」/),
    ]);
    expect(answerTo(run.stdout, 'テレビリモコンでヘルプ').slice(0, 3)).toEqual([
      '  [custom skill]',
      "  (Alexa's built-in AMAZON.HelpIntent hears this)",
      expect.stringMatching(/^Alexa: 「テレビをつけて」「フジテレビにして」/),
    ]);
    expect(answerTo(run.stdout, ':help').join('\n')).toMatch(/フジテレビにして[\s\S]*Say "テレビリモコンを開いて"/);
  });

  it('takes English number words in English too: "tell tv remote to go to channel seven"', async () => {
    const run = await runSandbox('tell tv remote to turn on the tv\ntell tv remote to go to channel seven\n', {
      SANDBOX_LOCALE: 'en-GB',
    });
    expect(answerTo(run.stdout, 'tell tv remote to go to channel seven')).toEqual([
      SKILL,
      'Alexa: OK, channel 7.',
      '  TV: ON  | channel  7 | volume 10',
    ]);
  });
});

describe('the sandbox with SANDBOX_TVS', () => {
  it('sets up and discovers each TV, drives them by name through both doors, and shows every TV', async () => {
    const run = await runSandbox(
      [
        'turn on the bedroom tv',
        'turn on the tv',
        'channel 3 on the living room',
        'tell tv remote to channel 5 on the living room tv',
        'tell tv remote to volume up',
        'the bedroom',
        'stop',
        'ask tv remote to turn on the kitchen tv',
      ].join('\n'),
      { SANDBOX_TVS: 'Living room TV, Bedroom TV' },
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/- Ready: TV "Living room TV" \(.+\)\n[\s\S]*- Ready: TV "Bedroom TV" \(.+\)/);
    expect(run.stdout.match(/done {4}register-tv-on-remote/g)).toHaveLength(2);
    expect(run.stdout).toMatch(
      /- Smart home: discovered 2 device\(s\)\n {4}"(Living room|Bedroom) TV" \(tv:[0-9a-f-]+\)\n {4}"(Living room|Bedroom) TV"/,
    );
    expect(answerTo(run.stdout, 'turn on the bedroom tv')).toEqual([
      '  [smart home: Alexa.PowerController.TurnOn to "Bedroom TV" -> Response]',
      'Alexa: OK.',
      '  Living room TV: off | channel  1 | volume 10',
      '  Bedroom TV    : ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'turn on the tv')[1]).toBe(
      'Alexa: A few things share the name TV. Which one did you want?',
    );
    expect(answerTo(run.stdout, 'channel 3 on the living room')[0]).toBe(
      '  [smart home: Alexa.ChannelController.ChangeChannel to "Living room TV" -> Response]',
    );
    // The remote sends the key whatever the TV's state; the living room TV, off, ignores it, as a real one does.
    expect(answerTo(run.stdout, 'tell tv remote to channel 5 on the living room tv').slice(1)).toEqual([
      'Alexa: OK, channel 5.',
      '  Living room TV: off | channel  1 | volume 10  (sandbox: the TV is off, so it ignored the press)',
      '  Bedroom TV    : ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, 'tell tv remote to volume up')[1]).toBe('Alexa: Which TV: living room or bedroom?');
    // Asked with Dialog.ElicitSlot: the answer is heard with the tv slot's samples, sent as the same intent.
    expect(answerTo(run.stdout, 'the bedroom')).toEqual([
      '  [custom skill]',
      '  (the answer to the question, sent as VolumeUpIntent with tv "bedroom")',
      'Alexa: OK, volume up. Anything else?',
      '  Living room TV: off | channel  1 | volume 10',
      '  Bedroom TV    : ON  | channel  1 | volume 11  (Alexa is listening)',
    ]);
    expect(answerTo(run.stdout, 'ask tv remote to turn on the kitchen tv')[1]).toBe(
      "Alexa: I don't know a TV called kitchen. Which TV: living room or bedroom?",
    );
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });
});

describe('the sandbox converses as an Echo does (issue 40)', () => {
  const CUSTOM = '  [custom skill]';
  it('en-US: each intent carries its own slots, "what can i ask" is help, the documented invocations open the skill, "exit" ends it silently', async () => {
    const run = await runSandbox(
      [
        'open tv remote',
        'turn on the tv',
        'volume up 3',
        'next channel',
        'channel 5',
        'channel up',
        'change the channel',
        'what can i ask',
        'exit',
        'turn on the telly',
        'open tv remote and turn off the tv',
        'volume up 2 using tv remote',
        'talk to tv remote',
        'quit',
      ].join('\n'),
      { SANDBOX_LOCALE: 'en-GB' },
    );
    // NextChannelIntent carries no count of the volume request before it: up 1.
    expect(answerTo(run.stdout, 'next channel').slice(1)).toEqual([
      'Alexa: OK, next channel. Anything else?',
      '  TV: ON  | channel  2 | volume 13  (Alexa is listening)',
    ]);
    expect(answerTo(run.stdout, 'channel up')[1]).toBe('Alexa: OK, next channel. Anything else?');
    // "change the channel" names no channel, and none is carried over from "channel 5": the channel is asked for.
    expect(answerTo(run.stdout, 'change the channel').slice(1)).toEqual([
      'Alexa: Which channel, from 1 to 12?',
      '  TV: ON  | channel  6 | volume 13  (Alexa is listening)',
    ]);
    expect(answerTo(run.stdout, 'what can i ask')[2]).toMatch(/^Alexa: You can say turn on the TV/);
    expect(answerTo(run.stdout, 'exit').slice(1)).toEqual([
      '  ("exit" ends the session: Alexa sent SessionEndedRequest (USER_INITIATED), and says nothing)',
      'Alexa: (says nothing)',
      '  TV: ON  | channel  6 | volume 13',
    ]);
    // "telly" has "tell" in it, and invokes nothing.
    expect(answerTo(run.stdout, 'turn on the telly')[0]).not.toBe(CUSTOM);
    expect(answerTo(run.stdout, 'open tv remote and turn off the tv').slice(0, 2)).toEqual([
      CUSTOM,
      'Alexa: Turning the TV off.',
    ]);
    expect(answerTo(run.stdout, 'volume up 2 using tv remote').slice(0, 3)).toEqual([
      CUSTOM,
      'Alexa: OK, volume up 2.',
      '  TV: off | channel  6 | volume 13  (sandbox: the TV is off, so it ignored 2 presses)',
    ]);
    expect(answerTo(run.stdout, 'talk to tv remote')[1]).toMatch(/^Alexa: TV remote is ready\./);
    expect(answerTo(run.stdout, 'quit')[2]).toBe('Alexa: (says nothing)');
  });

  it('ja-JP: 「4チャンネルにして」 after 「フジテレビにして」 tunes 4, 「次のチャンネル」 after 「音量を3つ上げて」 goes up 1, and 「テレビリモコンを開いてテレビをつけて」 turns it on', async () => {
    const run = await runSandbox(
      [
        'テレビリモコンを開いてテレビをつけて',
        'テレビリモコンを開いて',
        'フジテレビにして',
        '4チャンネルにして',
        '音量を3つ上げて',
        '次のチャンネル',
      ].join('\n'),
      { SANDBOX_LOCALE: 'ja-JP' },
    );
    expect(answerTo(run.stdout, 'テレビリモコンを開いてテレビをつけて').slice(0, 3)).toEqual([
      CUSTOM,
      'Alexa: テレビをつけます。',
      '  TV: ON  | channel  1 | volume 10',
    ]);
    expect(answerTo(run.stdout, '4チャンネルにして')[1]).toBe('Alexa: 4チャンネルにしました。ほかに何かありますか?');
    expect(answerTo(run.stdout, '次のチャンネル').slice(1)).toEqual([
      'Alexa: 次のチャンネルにしました。ほかに何かありますか?',
      '  TV: ON  | channel  5 | volume 13  (Alexa is listening)',
    ]);
  });

  it('two TVs: an unknown name is not heard again, a whole command answers "Which TV?" as itself, and "exit" at a question ends the session', async () => {
    const run = await runSandbox(
      [
        'open tv remote',
        'turn on the garage tv',
        'go up 3 channels',
        'exit',
        'open tv remote',
        'go up 2 channels',
        'turn on the bedroom tv',
        'go up 2 channels',
        'volume up',
      ].join('\n'),
      { SANDBOX_TVS: 'Living room TV,Bedroom TV' },
    );
    expect(answerTo(run.stdout, 'turn on the garage tv')[1]).toBe(
      "Alexa: I don't know a TV called garage. Which TV: living room or bedroom?",
    );
    // A new command at the question is served as itself: it asks its own "Which TV?".
    expect(answerTo(run.stdout, 'go up 3 channels')[1]).toBe('Alexa: Which TV: living room or bedroom?');
    expect(answerTo(run.stdout, 'exit').slice(2, 5)).toEqual([
      'Alexa: (says nothing)',
      '  Living room TV: off | channel  1 | volume 10',
      '  Bedroom TV    : off | channel  1 | volume 10',
    ]);
    // At "Which TV?", "turn on the bedroom tv" is that request, not a TV called "turn on the bedroom".
    expect(answerTo(run.stdout, 'turn on the bedroom tv').slice(1, 4)).toEqual([
      'Alexa: Turning the bedroom TV on. Anything else?',
      '  Living room TV: off | channel  1 | volume 10',
      '  Bedroom TV    : ON  | channel  1 | volume 10  (Alexa is listening)',
    ]);
    // The session goes on with the TV used last.
    expect(answerTo(run.stdout, 'go up 2 channels', 1).slice(1, 4)).toEqual([
      'Alexa: OK, up 2 channels. Anything else?',
      '  Living room TV: off | channel  1 | volume 10',
      '  Bedroom TV    : ON  | channel  3 | volume 10  (Alexa is listening)',
    ]);
  });
});

describe('the quiet start', () => {
  it("prints a few lines (table, cloud, Alexa, the TV, Alexa's devices, the model) before the first prompt; SANDBOX_VERBOSE=1 adds every step", async () => {
    const run = await runSandbox(':quit\n', { SANDBOX_VERBOSE: '' });
    const before = run.stdout.slice(0, run.stdout.indexOf('you>')).trimEnd().split('\n');
    expect(before.length).toBeLessThanOrEqual(15);
    expect(before.join('\n')).toMatch(
      /- Setup: TV "TV" set up by the real setup function \(SANDBOX_VERBOSE=1 shows its steps\)/,
    );
    expect(before.join('\n')).not.toMatch(/register-remote/);
  });
});

describe.each([
  [
    'en-US',
    'open tv remote\nyes\nthe bedroom\nyes\ntwo\nturn on the bedroom tv\ntell tv remote to forget the bedroom tv\nyes\n:devices\n',
    {
      chosen: 'two',
      ready: /bedroom TV is ready\./,
      on: 'turn on the bedroom tv',
      onAnswer: 'Alexa: OK.',
      forget: 'yes',
      forgotten: /OK, I forgot bedroom TV\./,
      name: 'bedroom TV',
    },
  ],
  // The sandbox's Echo is in Tokyo: the TV set up by voice knows Tokyo's stations (フジテレビ is button 8).
  [
    'ja-JP',
    'テレビリモコンを開いて\nはい\n寝室\nはい\nパナソニック\n寝室のテレビをつけて\n寝室のテレビでフジテレビにして\nテレビリモコンで寝室のテレビを削除して\nはい\n:devices\n',
    {
      chosen: 'パナソニック',
      ready: /寝室のテレビの準備ができました。.*東京都の局の名前でもチャンネルを変えられます。/,
      on: '寝室のテレビをつけて',
      onAnswer: 'Alexa: はい。',
      forget: 'はい',
      forgotten: /寝室のテレビを削除しました。/,
      name: '寝室のテレビ',
    },
  ],
] as const)('the sandbox with SANDBOX_TVS=none, in %s', (locale, input, at) => {
  it('starts with no TV; a TV is set up by voice (the model and the name chosen), obeys the smart-home door, and is forgotten after a yes', async () => {
    const run = await runSandbox(input, { SANDBOX_TVS: 'none', SANDBOX_LOCALE: locale });

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/- Smart home: discovered 0 device\(s\)/);
    // The run the skill started, followed to its end in the same turn, the progressive response first.
    const ready = answerTo(run.stdout, at.chosen);
    expect(ready.join('\n')).toMatch(at.ready);
    // The event setup sent Alexa, shown as it arrived.
    expect(ready.join('\n')).toMatch(/Alexa event: AddOrUpdateReport -> 202 \("(bedroom TV|寝室のテレビ)"\)/);
    // "Looking for your TV" was said once, while the run searched (after the name's "yes"), not again with the model.
    expect(answerTo(run.stdout, at.forget, 1).join('\n')).toMatch(/Looking for your TV|テレビを探しています/);
    expect(ready.join('\n')).not.toMatch(/Looking for your TV|テレビを探しています/);
    if (locale === 'ja-JP')
      expect(answerTo(run.stdout, '寝室のテレビでフジテレビにして').join('\n')).toMatch(
        /寝室のテレビ: ON {2}\| channel {2}8/,
      );
    // Setup told Alexa (AddOrUpdateReport): the smart-home door reaches the new TV without discovery.
    expect(answerTo(run.stdout, at.on)).toContain(at.onAnswer);
    expect(answerTo(run.stdout, at.forget, 2).join('\n')).toMatch(at.forgotten);
    expect(answerTo(run.stdout, ':devices').join('\n')).toMatch(/Alexa's devices: none/);
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });
});

describe('the sandbox with SANDBOX_TVS in Japanese', () => {
  it('drives the TVs by their Japanese names through both doors', async () => {
    const run = await runSandbox(
      'テレビリモコンで寝室のテレビをつけて\nテレビリモコンで音量を上げて\n寝室\nストップ\n寝室のテレビを消して\n',
      { SANDBOX_LOCALE: 'ja-JP', SANDBOX_TVS: 'リビングのテレビ,寝室のテレビ' },
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/- Smart home: discovered 2 device\(s\)/);
    expect(answerTo(run.stdout, 'テレビリモコンで寝室のテレビをつけて')[1]).toBe('Alexa: 寝室のテレビをつけます。');
    expect(answerTo(run.stdout, 'テレビリモコンで音量を上げて')[1]).toBe(
      'Alexa: どのテレビですか?リビングと寝室のどちらですか?',
    );
    expect(answerTo(run.stdout, '寝室').slice(1, 5)).toEqual([
      '  (the answer to the question, sent as VolumeUpIntent with tv "寝室")',
      'Alexa: 音量を上げました。ほかに何かありますか?',
      '  リビングのテレビ: off | channel  1 | volume 10',
      '  寝室のテレビ  : ON  | channel  1 | volume 11  (Alexa is listening)',
    ]);
    expect(answerTo(run.stdout, '寝室のテレビを消して')[0]).toBe(
      '  [smart home: Alexa.PowerController.TurnOff to "寝室のテレビ" -> Response]',
    );
  });
});

describe("the sandbox's metrics", () => {
  it('shows beside each answer the metric line its command wrote, and the counts so far on ":metrics"', async () => {
    const run = await runSandbox(
      'turn on the tv\nvolume up 3 on the tv\nask tv remote for channel 7\nchannel 13\n:metrics json\nnext channel\n:metrics off\nturn off the tv\n:metrics\n',
      { SANDBOX_METRICS: 'on' },
    );

    expect(run.code).toBe(0);
    expect(answerTo(run.stdout, 'turn on the tv')).toEqual([
      SMART_HOME('Alexa.PowerController.TurnOn'),
      'Alexa: OK.',
      '  TV: ON  | channel  1 | volume 10',
      expect.stringMatching(
        /^ {2}metrics: smarthome Alexa\.PowerController\.TurnOn -> ok, 1 device call, \d+ ms, warm$/,
      ),
    ]);
    expect(answerTo(run.stdout, 'volume up 3 on the tv')[3]).toMatch(
      /^ {2}metrics: smarthome Alexa\.Speaker\.AdjustVolume -> ok, 3 device calls, /,
    );
    expect(answerTo(run.stdout, 'ask tv remote for channel 7')[3]).toMatch(
      /^ {2}metrics: skill SetChannelIntent -> ok, 1 device call, /,
    );
    expect(answerTo(run.stdout, 'channel 13')[3]).toMatch(
      /^ {2}metrics: smarthome Alexa\.ChannelController\.ChangeChannel -> refused, 0 device calls, /,
    );
    // As written: the EMF line itself, valid by the specification.
    const written = answerTo(run.stdout, 'next channel')[3] ?? '';
    expect(written).toMatch(/^ {2}metrics: \{"_aws"/);
    expect(emfViolations(JSON.parse(written.replace(/^ {2}metrics: /, '')))).toEqual([]);
    expect(answerTo(run.stdout, 'turn off the tv')).toHaveLength(3);
    // Linking (AcceptGrant), setup's two runs, discovery and Google's SYNC at start count too, as they would in CloudWatch.
    const counts = answerTo(run.stdout, ':metrics');
    expect(counts[0]).toBe('Commands so far, counted from their EMF lines:');
    const row = (door: string, command: string) =>
      counts
        .find((l) => new RegExp(`^ {2}${door} +${command.replace(/\./g, '\\.')} `).test(l))
        ?.trim()
        .split(/ {2,}/);
    expect(row('setup', 'Setup')).toEqual([
      'setup',
      'Setup',
      '2',
      '0',
      expect.stringMatching(/^\d+$/),
      expect.any(String),
      expect.any(String),
      'ok 2',
    ]);
    expect(row('smarthome', 'Alexa.Speaker.AdjustVolume')?.slice(2, 5)).toEqual(['1', '0', '3']);
    expect(
      row('smarthome', 'Alexa.ChannelController.ChangeChannel')
        ?.slice(2, 5)
        .concat(row('smarthome', 'Alexa.ChannelController.ChangeChannel')?.slice(-1) ?? []),
    ).toEqual(['1', '0', '0', 'refused 1']);
    // AcceptGrant exchanges the code with Login with Amazon and lists the plugins: one device call.
    expect(row('smarthome', 'Alexa.Authorization.AcceptGrant')?.slice(2, 5)).toEqual(['1', '0', '1']);
    expect(row('google', 'action.devices.SYNC')?.slice(2, 4)).toEqual(['1', '0']);
    expect(counts.at(-1)?.trim().split(/ {2,}/).slice(0, 3)).toEqual(['total', '11', '0']);
  });

  it("shows a console command's setup runs with that command, not beside the next answer", async () => {
    const run = await runSandbox(':setup Den\n:remove Den\nturn on the tv\n', { SANDBOX_METRICS: 'on' });

    expect(run.code).toBe(0);
    const metricsOf = (line: string) => answerTo(run.stdout, line).filter((l) => l.startsWith('  metrics: '));
    expect(metricsOf(':setup Den').at(-1)).toMatch(/^ {2}metrics: setup Setup -> ok, \d+ device calls, /);
    expect(metricsOf(':remove Den')).toEqual([
      expect.stringMatching(/^ {2}metrics: setup RemoveTv -> ok, 0 device calls, /),
    ]);
    expect(metricsOf('turn on the tv')).toEqual([
      expect.stringMatching(/^ {2}metrics: smarthome Alexa\.PowerController\.TurnOn -> ok/),
    ]);
  });
});

describe('the sandbox speaks smart-home errors as Alexa does', () => {
  /** Each error answer: the door's error type, and what Alexa said after it. */
  const errorAnswers = (stdout: string): { type: string; said: string }[] =>
    stdout.split('\n').flatMap((line, i, lines) => {
      const type = /-> ErrorResponse ([A-Z_]+)\]$/.exec(line)?.[1];
      return type === undefined ? [] : [{ type, said: lines[i + 1]!.replace(/^Alexa: /, '') }];
    });

  it.each([
    [
      'en-US',
      'mute the tv\nchannel 13\nswitch to bbc one on the tv\nset the volume of the tv to fifty\n',
      SMART_HOME_WORDS,
    ],
    ['ja-JP', 'テレビの音量を50にして\nチャンネルを13にして\n', SMART_HOME_WORDS_JA],
  ] as const)('in %s: the words for the error type, never the message', async (locale, lines, words) => {
    const run = await runSandbox(lines, { SANDBOX_LOCALE: locale });

    const answers = errorAnswers(run.stdout);
    expect(answers.length).toBe(lines.trim().split('\n').length);
    for (const { type, said } of answers) {
      const range = type === 'VALUE_OUT_OF_RANGE' ? { minimumValue: 1, maximumValue: 12 } : undefined;
      expect(said).toBe(words.errors[type as ErrorType].say('TV', range));
      // What the door's messages say (src/smarthome/interfaces/, src/smarthome/errors.ts): for logs only.
      expect(said).not.toMatch(/IR remote|buttons|is a name|channel names|setup|nothing was sent/i);
    }
  });
});

describe('the sandbox with a postal code as SANDBOX_AREA', () => {
  it("gives its Echo that address in the Device Address stand-in, and tunes the prefecture's stations: NHK is 3 in Sapporo", async () => {
    const run = await runSandbox('テレビをつけて\nNHKつけて\nHBCにして\nTBSにして\n', {
      SANDBOX_LOCALE: 'ja-JP',
      SANDBOX_AREA: '060-0001',
    });

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /- Device Address API: stand-in at http:\/\/127\.0\.0\.1:\d+, the Echo's postal code 060-0001, permission granted/,
    );
    expect(run.stdout).toMatch(/channels named by the stations of 北海道 \(Hokkaido\)/);
    expect(answerTo(run.stdout, 'NHKつけて')[2]).toBe('  TV: ON  | channel  3 | volume 10');
    expect(answerTo(run.stdout, 'HBCにして')[2]).toBe('  TV: ON  | channel  1 | volume 10');
    expect(answerTo(run.stdout, 'TBSにして')[0]).toMatch(/ErrorResponse INVALID_VALUE/);
    expect(answerTo(run.stdout, 'TBSにして')[2]).toBe('  TV: ON  | channel  1 | volume 10');
  });
});

describe('sandbox settings', () => {
  it('take the locale and the area, and refuse a locale without a model, naming the variable', () => {
    expect(settingsFromEnv({ SANDBOX_LOCALE: 'ja_jp', SANDBOX_AREA: 'osaka' })).toEqual({
      locale: 'ja-JP',
      area: 'osaka',
    });
    expect(settingsFromEnv({ SANDBOX_AREA: '060-0001' })).toEqual({ area: '060-0001' });
    expect(() => settingsFromEnv({ SANDBOX_LOCALE: 'fr-FR' })).toThrow(/SANDBOX_LOCALE must be one of en-US, .*ja-JP/);
    expect(() => settingsFromEnv({ SANDBOX_AREA: 'atlantis' })).toThrow(
      /^SANDBOX_AREA must be a prefecture such as "北海道".*postal code.*got 'atlantis'$/,
    );
  });

  it('read the TVs to set up from SANDBOX_TVS, refusing a name given twice', () => {
    expect(settingsFromEnv({ SANDBOX_TVS: ' Living room TV ,Bedroom TV,' }).tvNames).toEqual([
      'Living room TV',
      'Bedroom TV',
    ]);
    expect(() => settingsFromEnv({ SANDBOX_TVS: 'Den,den ' })).toThrow(/SANDBOX_TVS names 'den' twice/);
    expect(() => settingsFromEnv({ SANDBOX_TVS: ' , ' })).toThrow(/SANDBOX_TVS must name at least one TV/);
  });

  it("show each answer's metric line as SANDBOX_METRICS says, refusing anything else", () => {
    expect(settingsFromEnv({ SANDBOX_METRICS: 'JSON' }).metrics).toBe('json');
    expect(() => settingsFromEnv({ SANDBOX_METRICS: 'yes' })).toThrow(/SANDBOX_METRICS must be on, json or off/);
  });

  it('use the embedded parts when nothing is set', () => {
    expect(settingsFromEnv({})).toEqual({});
  });

  it('refuse a real device cloud without a token, naming the variable', () => {
    expect(() => settingsFromEnv({ DEVICE_CLOUD_BASE_URL: 'https://dsymphony.com' })).toThrow(/DEVICE_CLOUD_TOKEN/);
  });
});

describe("the sandbox's Echo Show", () => {
  const TOUCHED = (key: string) =>
    `  (the touch of "${key}": Alexa.Presentation.APL.UserEvent in the open session; the session stays open with the keypad on the screen, the microphone closed)`;

  it('shows the keypad on opening the skill, and :touch presses a key by its label, as a UserEvent the skill reads', async () => {
    const run = await runSandbox(
      'テレビリモコンを開いて\nテレビをつけて\n:touch 8\n:touch 音量 +\n:touch 99\nストップ\n:touch 8\n',
      { SANDBOX_LOCALE: 'ja-JP' },
    );

    expect(run.code).toBe(0);
    expect(answerTo(run.stdout, ':touch 8')).toEqual([
      '  [touch: 8 フジテレビ]',
      '  Screen: 8チャンネルにしました。',
      TOUCHED('8 フジテレビ'),
      'Alexa: (says nothing)',
      '  TV: ON  | channel  8 | volume 10',
    ]);
    // One press, though "volume up" said sends the TV's own count.
    expect(answerTo(run.stdout, ':touch 音量 +')).toEqual([
      '  [touch: 音量 +]',
      '  Screen: 音量を上げました。',
      TOUCHED('音量 +'),
      'Alexa: (says nothing)',
      '  TV: ON  | channel  8 | volume 11',
    ]);
    expect(answerTo(run.stdout, ':touch 99')[0]).toMatch(
      /^No key "99" on the screen\. The keys: 電源オン, .*, 8 フジテレビ, /,
    );
    // The session is over: the screen is cleared.
    expect(answerTo(run.stdout, ':touch 8', 1)).toEqual([
      'Nothing is on the screen: the skill shows its keypad when it is opened on an Echo with a screen, until its session ends.',
    ]);
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });

  it('a touch belongs to the session: after :touch Bedroom TV, "volume up" said next goes to the bedroom TV', async () => {
    // The living room TV is the one used last when the bedroom TV is touched.
    const run = await runSandbox(
      'open tv remote\nturn on the bedroom tv\nturn on the living room tv\n:touch Bedroom TV\nvolume up\n',
      { SANDBOX_TVS: 'Living room TV,Bedroom TV' },
    );

    expect(run.code).toBe(0);
    expect(answerTo(run.stdout, ':touch Bedroom TV').slice(0, 4)).toEqual([
      '  [touch: Bedroom TV]',
      '  Screen: The buttons now press the bedroom TV.',
      '  (the touch of "Bedroom TV": Alexa.Presentation.APL.UserEvent in the open session; the session stays open with the keypad on the screen, the microphone closed)',
      'Alexa: (says nothing)',
    ]);
    expect(answerTo(run.stdout, 'volume up').slice(-2)).toEqual([
      '  Living room TV: ON  | channel  1 | volume 10',
      '  Bedroom TV    : ON  | channel  1 | volume 11  (Alexa is listening)',
    ]);
    expect(run.stderr).not.toMatch(/Error|Warning/);
  });
});
