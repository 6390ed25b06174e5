// The words of each locale: every sentence present (the type makes a missing one a compile error),
// in its own language, and chosen by the request's locale.
import { WORDS, wordsFor, type Words } from '../../src/skill/words';
import { isMuteAnswer } from '../support/sandbox/hearing';

/** Every sentence a locale can say, with sample arguments (numbers 1, 2, 3, 10; both directions). */
function sentences(w: Words): string[] {
  const known = [{ name: '日本テレビ', names: ['日本テレビ', '日テレ', 'Nippon TV'] }];
  const steps = [w.channelSteps, w.volumeSteps] as const;
  return [
    w.welcome,
    w.welcomeReprompt,
    w.anythingElse,
    w.help,
    w.helpReprompt,
    w.goodbye,
    w.fallback,
    w.fallbackReprompt,
    w.powerOn,
    w.alreadyOn,
    w.powerOff,
    w.alreadyOff,
    w.askChannel,
    w.channelSet(5),
    w.then(w.powerOn, w.anythingElse),
    w.cannotMute,
    ...Object.values(w.failure),
    ...steps.flatMap((s, i) => {
      const dirs = (i === 0 ? ['next', 'previous'] : ['up', 'down']) as never[];
      return dirs.flatMap((d) =>
        [1, 2, 3, 10].flatMap((n) => [s.complete(d, n), s.outOfTime(d, n - 1, n), s.partly(d, n - 1, n)]),
      );
    }),
    w.setupCode.speech('012345'),
    w.setupCode.cardTitle,
    // TV names are the user's, in any script: single letters stand in for them.
    ...[w.tvs.which, (names: readonly string[]) => w.tvs.unknown('Q', names)].flatMap((say) => [
      say(['X']),
      say(['X', 'Y']),
      say(['X', 'Y', 'Z']),
    ]),
    w.tvs.chosen(''),
    w.tvs.chosen('X'),
    w.tvs.chosenReprompt,
    w.tvs.powerOn('X'),
    w.tvs.alreadyOn('X'),
    w.tvs.powerOff('X'),
    w.tvs.alreadyOff('X'),
    w.unknownChannelName('X', known).replace('X', ''),
    ...Object.values(w.voiceSetup).flatMap((v) =>
      typeof v === 'string' ? [v] : typeof v === 'function' ? [] : Object.values(v),
    ),
    // Names and model labels are the user's and the cloud's: single letters stand in for them.
    w.voiceSetup.confirmName('X'),
    w.voiceSetup.ready('X'),
    w.voiceSetup.confirmForget('X'),
    w.voiceSetup.forgotten('X'),
    w.voiceSetup.choosePreset(['X', 'Y']),
    w.voiceSetup.unknownChoice(['X', 'Y']),
  ];
}

it('picks Japanese for ja-JP and English for every English locale and anything unknown', () => {
  expect(wordsFor('ja-JP')).toBe(WORDS.ja);
  for (const locale of ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN', 'fr-FR', undefined])
    expect(wordsFor(locale)).toBe(WORDS.en);
});

it('says every Japanese sentence in Japanese, with numbers and counters as spoken ("5チャンネル", "3つ")', () => {
  const ja = WORDS.ja;
  for (const s of sentences(ja)) {
    expect(s).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(s.replace(/<say-as interpret-as="digits">\d+<\/say-as>|Alexa|Nippon TV/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  }
  expect(ja.channelSet(5)).toBe('5チャンネルにしました。');
  expect(ja.volumeSteps.complete('up', 3)).toBe('音量を3つ上げました。');
  expect(ja.channelSteps.partly('next', 1, 3)).toBe('チャンネルを3つのうち1つ上げたところで、問題が起きました。');
  expect(ja.then('テレビをつけます。', ja.anythingElse)).toBe('テレビをつけます。ほかに何かありますか?');
});

it('says every English sentence without Japanese script, and Japanese stations by a name an English speaker can say', () => {
  for (const s of sentences(WORDS.en)) expect(s).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  expect(WORDS.en.channelNamed({ name: 'フジテレビ', matched: 'Fuji TV' }, 8)).toBe('OK, Fuji TV, channel 8.');
});

it('says it cannot mute in words the held-out harness counts as a mute answer, in each language', () => {
  for (const w of [WORDS.en, WORDS.ja])
    expect({
      said: w.cannotMute,
      mute: isMuteAnswer({ door: 'custom skill', speech: w.cannotMute, sessionOpen: false }),
    }).toEqual({ said: w.cannotMute, mute: true });
});

it('escapes names the user chose, so they cannot break the SSML', () => {
  expect(WORDS.en.channelNamed({ name: 'AT&T <live>', matched: 'AT&T <live>' }, 3)).toBe(
    'OK, AT&amp;T &lt;live&gt;, channel 3.',
  );
  expect(WORDS.ja.unknownChannelName('A&B', [])).toContain('A&amp;B');
});

it('puts the setup-code card in each language for the household: the code, how long it lasts, how to by voice, no terminal command', () => {
  expect(WORDS.ja.setupCode.card('012345', 45)).toMatch(/^セットアップコード: 012345\n有効期限は45分です。\n\n/);
  expect(WORDS.en.setupCode.card('012345', 120)).toMatch(
    /^Your setup code: 012345\nIt is valid for about 2 hours\.\n\n/,
  );
  for (const card of [WORDS.en.setupCode.card('012345', 120), WORDS.ja.setupCode.card('012345', 120)]) {
    expect(card).not.toMatch(/serverless|--data|npx/);
  }
});

it('asks which TV and names it in each language', () => {
  expect(WORDS.en.tvs.which(['living room', 'bedroom'])).toBe('Which TV: living room or bedroom?');
  expect(WORDS.en.tvs.which(['living room', 'bedroom', 'den'])).toBe('Which TV: living room, bedroom or den?');
  expect(WORDS.en.tvs.powerOn('bedroom')).toBe('Turning the bedroom TV on.');
  expect(WORDS.en.tvs.alreadyOff('bedroom')).toBe('The bedroom TV is already off.');
  expect(WORDS.ja.tvs.which(['リビング', '寝室'])).toBe('どのテレビですか?リビングと寝室のどちらですか?');
  expect(WORDS.ja.tvs.which(['リビング', '寝室', '書斎'])).toBe('どのテレビですか?リビング、寝室、書斎のどれですか?');
  expect(WORDS.ja.tvs.powerOn('寝室')).toBe('寝室のテレビをつけます。');
  expect(WORDS.ja.tvs.chosen('')).toBe('テレビにします。何をしますか?');
  expect(WORDS.en.tvs.unknown('A&B', ['den'])).toContain('A&amp;B');
  expect(WORDS.ja.setupCode.card('012345', 120)).toContain('「アレクサ、テレビリモコンで寝室のテレビを追加して」');
});
