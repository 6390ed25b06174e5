// The interaction models of every locale: each file is what models/build.ts makes (so the English
// locales cannot drift apart), every sample reaches its own intent through the Alexa stand-in (one match
// per phrase, so a collision would send a user to the wrong handler), and a table of phrasings people
// use lands on the right intent with the right slots.
import { readFileSync } from 'node:fs';
import { ENGLISH_LOCALES, LOCALES, buildModel, modelFile, modelText, slotValueForm } from '../../models/build';
import { SLOT_VALUES_MAX, SLOT_VALUE_CHARS_MAX } from '../../models/checks';
import { INDIAN_ENGLISH } from '../../models/grammar/en';
import { expand } from '../../models/grammar/expand';
import {
  ADD_TV_INTENT,
  CHANNEL_NAME_TYPE,
  CHOICE_TYPE,
  CHOOSE_TV_INTENT,
  FORGET_TV_INTENT,
  MUTE_INTENT,
  PREFECTURE_TYPE,
  SET_UP_TV_INTENT,
  SLOT,
  TV_INTENTS,
  TV_NAME_TYPE,
} from '../../src/skill/request/intents';
import { PREFECTURES } from '../../src/tv/broadcasters';
import { elicitedSlotMatcher } from '../../src/local/sandbox/utterance';
import { resolver, type Resolved } from '../support/skill/model-resolver';

const BUILTINS = [
  'AMAZON.CancelIntent',
  'AMAZON.FallbackIntent',
  'AMAZON.HelpIntent',
  'AMAZON.NavigateHomeIntent',
  'AMAZON.StopIntent',
  'AMAZON.YesIntent',
  'AMAZON.NoIntent',
];
/** A value for each slot when a sample is uttered. */
const SLOT_VALUE: Record<string, Record<'en' | 'ja', string>> = {
  [SLOT.channel]: { en: '3', ja: '3' },
  [SLOT.count]: { en: '3', ja: '3' },
  [SLOT.channelName]: { en: 'fuji tv', ja: 'フジテレビ' },
  [SLOT.tv]: { en: 'bedroom', ja: '寝室' },
  [SLOT.choice]: { en: 'sharp', ja: 'シャープ' },
  [SLOT.prefecture]: { en: 'Tokyo', ja: '東京都' },
};

describe.each(LOCALES.map((l) => [l] as const))('%s', (locale) => {
  const model = buildModel(locale);
  const { invocationName, intents, types } = model.interactionModel.languageModel;
  const lang = locale === 'ja-JP' ? 'ja' : 'en';
  const samples = intents.flatMap((i) => i.samples.map((sample) => ({ intent: i.name, sample })));

  it('is the file models/build.ts writes (run `npm run models` after changing it)', () => {
    expect(readFileSync(modelFile(locale), 'utf8')).toBe(modelText(locale));
  });

  it('declares every TV intent the skill handles, mute, and the built-ins it answers', () => {
    expect(intents.map((i) => i.name).sort()).toEqual(
      [
        ...TV_INTENTS,
        CHOOSE_TV_INTENT,
        ADD_TV_INTENT,
        SET_UP_TV_INTENT,
        FORGET_TV_INTENT,
        MUTE_INTENT,
        ...BUILTINS,
      ].sort(),
    );
    expect(invocationName).toBe(lang === 'ja' ? 'テレビリモコン' : 'tv remote');
  });

  it('gives the slots the names the handlers read, with one type per name', () => {
    const slotsOf = (name: string) => intents.find((i) => i.name === name)?.slots;
    const tvSlot = expect.objectContaining({ name: SLOT.tv, type: TV_NAME_TYPE });
    expect(slotsOf('SetChannelIntent')).toEqual([
      expect.objectContaining({ name: SLOT.channel, type: 'AMAZON.NUMBER' }),
      expect.objectContaining({ name: SLOT.channelName, type: CHANNEL_NAME_TYPE }),
      tvSlot,
    ]);
    // One slot name for one idea: how many presses, of the channel or the volume button.
    for (const name of ['NextChannelIntent', 'PreviousChannelIntent', 'VolumeUpIntent', 'VolumeDownIntent']) {
      expect(slotsOf(name)).toEqual([expect.objectContaining({ name: SLOT.count, type: 'AMAZON.NUMBER' }), tvSlot]);
    }
    for (const name of ['TurnOnIntent', 'TurnOffIntent', CHOOSE_TV_INTENT, FORGET_TV_INTENT, MUTE_INTENT])
      expect(slotsOf(name)).toEqual([tvSlot]);
    // Only Japanese asks for the TV's prefecture.
    const prefecture = lang === 'ja' ? [expect.objectContaining({ name: SLOT.prefecture, type: PREFECTURE_TYPE })] : [];
    expect(slotsOf(SET_UP_TV_INTENT)).toEqual([
      tvSlot,
      expect.objectContaining({ name: SLOT.choice, type: CHOICE_TYPE }),
      ...prefecture,
    ]);
    expect(slotsOf(ADD_TV_INTENT)).toBeUndefined();
    expect(types.map((t) => t.name)).toEqual([
      CHANNEL_NAME_TYPE,
      TV_NAME_TYPE,
      CHOICE_TYPE,
      ...(lang === 'ja' ? [PREFECTURE_TYPE] : []),
    ]);
  });

  it('has many samples for every TV intent, written as ASK accepts them', () => {
    for (const name of TV_INTENTS)
      expect(intents.find((i) => i.name === name)?.samples.length).toBeGreaterThanOrEqual(15);
    // ASK rejects digits and punctuation in samples; Japanese samples are written without spaces or Latin letters.
    const word =
      lang === 'ja'
        ? /^(?:[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]+|\{[a-zA-Z]+\})+$/u
        : /^(?:[a-z']+|\{[a-zA-Z]+\})(?: (?:[a-z']+|\{[a-zA-Z]+\}))*$/;
    expect(samples.filter(({ sample }) => !word.test(sample))).toEqual([]);
  });

  it('uses no sample twice, in one intent or across intents', () => {
    const seen = samples.map((s) => s.sample.toLowerCase());
    expect(seen.length).toBe(new Set(seen).size);
  });

  it('has no sample that is the tv slot alone (it would take any name-like line): "Which TV?" is elicited instead', () => {
    const bare = samples.filter(({ sample }) =>
      /^(?:the\s+)?\{tv\}(?:\s*(?:tv|television|のテレビ|の方|のテレビで))?$/.test(sample),
    );
    expect(bare).toEqual([]);
  });

  it('hears the answer to "Which TV?" in the tv slot of every TV intent, and declares them in the dialog model', () => {
    const answer = elicitedSlotMatcher(model, locale);
    const dialog = model.interactionModel.dialog.intents.map((i) => i.name);
    for (const name of TV_INTENTS) {
      expect(dialog).toContain(name);
      const [said, heard] = lang === 'ja' ? ['寝室のテレビ', '寝室'] : ['the bedroom', 'bedroom'];
      expect({ name, heard: answer(name, SLOT.tv, said) }).toEqual({ name, heard });
      expect({ name, heard: answer(name, SLOT.tv, lang === 'ja' ? 'リビング' : 'living room tv') }).toEqual({
        name,
        heard: lang === 'ja' ? 'リビング' : 'living room',
      });
    }
  });

  it('hears mute as MuteIntent alone, which is no TV intent: it asks no "Which TV?" (the remote cannot mute)', () => {
    const mute = /\b(?:mute|silence)\b|ミュート|消音/;
    expect(samples.filter((s) => mute.test(s.sample) && s.intent !== MUTE_INTENT)).toEqual([]);
    expect(samples.filter((s) => s.intent === MUTE_INTENT).length).toBeGreaterThanOrEqual(15);
    expect(model.interactionModel.dialog.intents.map((i) => i.name)).not.toContain(MUTE_INTENT);
  });
});

describe.each([['en-US'], ['ja-JP']] as const)('every sample of %s', (locale) => {
  const { intents } = buildModel(locale).interactionModel.languageModel;
  const lang = locale === 'ja-JP' ? 'ja' : 'en';
  const samples = intents.flatMap((i) => i.samples.map((sample) => ({ intent: i.name, sample })));

  // Every sample against every sample: its time grows with the square of the count (the budget in
  // models/grammar/index.ts). The English locales are one model (tested below), so en-US speaks for them.
  it('sends every sample to its own intent, with the slot values spoken', async () => {
    const resolve = resolver(locale);
    const wrong: unknown[] = [];
    for (const { sample, intent } of samples) {
      const slotNames = [...sample.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]!);
      const line = sample.replace(/\{([a-zA-Z]+)\}/g, (_m, slot: string) => SLOT_VALUE[slot]![lang]);
      const got = await resolve(line);
      const want = { intent, slots: Object.fromEntries(slotNames.map((s) => [s, SLOT_VALUE[s]![lang]])) };
      // Slots compared whatever their order ("put the {tv} tv on channel {channel}").
      const canonical = (r: Resolved) => JSON.stringify({ intent: r.intent, slots: Object.entries(r.slots).sort() });
      if (canonical(got) !== canonical(want)) wrong.push({ sample, got, want });
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

// Phrasings a person would use, not copied from the samples: what each model makes of them.
const PHRASINGS: Record<'en' | 'ja', [line: string, intent: string, slots?: Record<string, string>][]> = {
  en: [
    ['turn on the tv', 'TurnOnIntent'],
    ['switch the tv off', 'TurnOffIntent'],
    ['channel seven', 'SetChannelIntent', { channel: '7' }],
    ['change the channel to 12', 'SetChannelIntent', { channel: '12' }],
    ['put on bbc one', 'SetChannelIntent', { channelName: 'bbc one' }],
    ['watch fuji tv', 'SetChannelIntent', { channelName: 'fuji tv' }],
    ['go up two channels', 'NextChannelIntent', { count: '2' }],
    ['previous channel', 'PreviousChannelIntent'],
    ['turn the volume up by four', 'VolumeUpIntent', { count: '4' }],
    ['make it quieter', 'VolumeDownIntent'],
    ['turn on the bedroom tv', 'TurnOnIntent', { tv: 'bedroom' }],
    ['channel five on the living room tv', 'SetChannelIntent', { channel: '5', tv: 'living room' }],
    ['turn down the kitchen tv', 'VolumeDownIntent', { tv: 'kitchen' }],
    // The TV named inside the sentence, wishes described, counts in words and digits.
    ['turn the volume up on the tv', 'VolumeUpIntent'],
    ['lower the volume by two on the tv', 'VolumeDownIntent', { count: '2' }],
    ['lower the volume by 2 on the bedroom tv', 'VolumeDownIntent', { count: '2', tv: 'bedroom' }],
    ['raise the tv volume', 'VolumeUpIntent'],
    ['make the tv quieter', 'VolumeDownIntent'],
    ['the tv is too loud', 'VolumeDownIntent'],
    ["i can't hear the tv", 'VolumeUpIntent'],
    // Verbs and counts in steps, as people say them.
    ['turn it up three notches', 'VolumeUpIntent', { count: '3' }],
    ['fire up the tv in the den', 'TurnOnIntent', { tv: 'den' }],
    ['crank up the volume on the den tv', 'VolumeUpIntent', { tv: 'den' }],
    ['put channel 5 on the bedroom tv', 'SetChannelIntent', { channel: '5', tv: 'bedroom' }],
    ['put channel five on the bedroom tv', 'SetChannelIntent', { channel: '5', tv: 'bedroom' }],
    ['go up three channels on the tv', 'NextChannelIntent', { count: '3' }],
    ['go back 2 channels on the tv', 'PreviousChannelIntent', { count: '2' }],
    ['use the living room tv', 'ChooseTvIntent', { tv: 'living room' }],
    ['set up another tv', 'SetUpTvIntent'],
    ['give me a setup code', 'AddTvIntent'],
    ['forget the bedroom tv', 'ForgetTvIntent', { tv: 'bedroom' }],
    ['yes please', 'AMAZON.YesIntent'],
    ['stop', 'AMAZON.StopIntent'],
    // A goodbye inside a session ends it: AMAZON.StopIntent, which the model extends with them.
    ["nah that's all", 'AMAZON.StopIntent'],
    ["that's it thanks", 'AMAZON.StopIntent'],
    ["no that's all", 'AMAZON.StopIntent'],
    ['help', 'AMAZON.HelpIntent'],
    // Mute, which the remote cannot do: heard as such, so the skill can say so.
    ['mute', 'MuteIntent'],
    ['mute the tv', 'MuteIntent'],
    ['silence the tv', 'MuteIntent'],
    ['mute the sound', 'MuteIntent'],
    ['put the bedroom tv on mute', 'MuteIntent', { tv: 'bedroom' }],
    ['turn the sound off on the living room tv', 'MuteIntent', { tv: 'living room' }],
  ],
  ja: [
    ['テレビをつけて', 'TurnOnIntent'],
    ['テレビつけてください', 'TurnOnIntent'],
    ['テレビの電源を切って', 'TurnOffIntent'],
    ['テレビ消して', 'TurnOffIntent'],
    ['5チャンネルにして', 'SetChannelIntent', { channel: '5' }],
    ['五チャンネルにして', 'SetChannelIntent', { channel: '5' }],
    ['チャンネルを十二にして', 'SetChannelIntent', { channel: '12' }],
    ['フジテレビにして', 'SetChannelIntent', { channelName: 'フジテレビ' }],
    ['NHKつけて', 'SetChannelIntent', { channelName: 'NHK' }],
    ['テレ東が見たい', 'SetChannelIntent', { channelName: 'テレ東' }],
    ['Eテレにしてください', 'SetChannelIntent', { channelName: 'Eテレ' }],
    ['関テレにして', 'SetChannelIntent', { channelName: '関テレ' }],
    ['次のチャンネル', 'NextChannelIntent'],
    ['チャンネルを2つ上げて', 'NextChannelIntent', { count: '2' }],
    ['前のチャンネルに戻して', 'PreviousChannelIntent'],
    ['音量を3上げて', 'VolumeUpIntent', { count: '3' }],
    ['音量を三つ上げて', 'VolumeUpIntent', { count: '3' }],
    ['音を小さくして', 'VolumeDownIntent'],
    ['ボリュームを2つ下げて', 'VolumeDownIntent', { count: '2' }],
    ['うるさい', 'VolumeDownIntent'],
    ['寝室のテレビをつけて', 'TurnOnIntent', { tv: '寝室' }],
    ['リビングのテレビの音量を上げて', 'VolumeUpIntent', { tv: 'リビング' }],
    ['子供部屋のテレビを5チャンネルにして', 'SetChannelIntent', { channel: '5', tv: '子供部屋' }],
    // テレビを文の中で名指しするもの、望みを言うもの、数を漢数字と数字で。
    ['テレビの音量を3つ上げて', 'VolumeUpIntent', { count: '3' }],
    ['テレビの音量を三つ上げて', 'VolumeUpIntent', { count: '3' }],
    ['寝室のテレビの音量を2つ下げて', 'VolumeDownIntent', { count: '2', tv: '寝室' }],
    ['テレビがうるさい', 'VolumeDownIntent'],
    ['テレビの音が聞こえない', 'VolumeUpIntent'],
    ['チャンネル4に変えて', 'SetChannelIntent', { channel: '4' }],
    // 助数詞の有無: 6チャンネル、チャンネル6、6番、チャンネル6番。
    ['6チャンネル', 'SetChannelIntent', { channel: '6' }],
    ['チャンネル6', 'SetChannelIntent', { channel: '6' }],
    ['6番', 'SetChannelIntent', { channel: '6' }],
    ['チャンネル6番', 'SetChannelIntent', { channel: '6' }],
    ['チャンネル十一番にして', 'SetChannelIntent', { channel: '11' }],
    ['テレビをチャンネル1にして', 'SetChannelIntent', { channel: '1' }],
    ['チャンネルを8に変えて', 'SetChannelIntent', { channel: '8' }],
    ['前のチャンネルに戻って', 'PreviousChannelIntent'],
    ['テレビのチャンネルを2つ上げて', 'NextChannelIntent', { count: '2' }],
    ['リビングのテレビのチャンネルを二つ下げて', 'PreviousChannelIntent', { count: '2', tv: 'リビング' }],
    ['寝室のテレビを使って', 'ChooseTvIntent', { tv: '寝室' }],
    ['テレビを追加して', 'SetUpTvIntent'],
    ['別のテレビを設定して', 'SetUpTvIntent'],
    ['セットアップコードを教えて', 'AddTvIntent'],
    ['寝室のテレビを削除して', 'ForgetTvIntent', { tv: '寝室' }],
    ['はい', 'AMAZON.YesIntent'],
    ['ストップ', 'AMAZON.StopIntent'],
    ['もういいよ', 'AMAZON.StopIntent'],
    ['以上です', 'AMAZON.StopIntent'],
    ['ありがとうもういい', 'AMAZON.StopIntent'],
    ['使い方を教えて', 'AMAZON.HelpIntent'],
    ['ミュートにして', 'MuteIntent'],
    ['テレビを消音にして', 'MuteIntent'],
    ['ミュートお願い', 'MuteIntent'],
    ['テレビの音を消して', 'MuteIntent'],
    ['寝室のテレビをミュートにして', 'MuteIntent', { tv: '寝室' }],
  ],
};

describe.each(LOCALES.map((l) => [l] as const))('phrasings people use, in %s', (locale) => {
  const lang = locale === 'ja-JP' ? 'ja' : 'en';
  it.each(PHRASINGS[lang])('"%s" -> %s %j', async (line, intent, slots = {}) => {
    expect(await resolver(locale)(line)).toEqual({ intent, slots });
  });
});

describe('the English varieties', () => {
  type English = (typeof ENGLISH_LOCALES)[number];
  const samplesIn = (locale: English) =>
    buildModel(locale).interactionModel.languageModel.intents.flatMap((i) => i.samples);
  const tvNames = (locale: English) =>
    buildModel(locale)
      .interactionModel.languageModel.types.find((t) => t.name === TV_NAME_TYPE)!
      .values.map((v) => v.name.value);

  it('are built from one grammar: en-CA is en-US; "telly" in en-GB and en-AU only', () => {
    expect(buildModel('en-CA')).toEqual(buildModel('en-US'));
    for (const locale of ENGLISH_LOCALES) {
      const british = locale === 'en-GB' || locale === 'en-AU';
      expect({ locale, telly: samplesIn(locale).some((s) => /\btelly\b/.test(s)) }).toEqual({ locale, telly: british });
    }
  });

  it('each have their own carriers: "kindly" and "do one thing" in en-IN only, "mate" in en-AU only', () => {
    for (const locale of ENGLISH_LOCALES) {
      const samples = samplesIn(locale);
      expect({ locale, indian: samples.some((s) => /^(kindly|do one thing)\b/.test(s)) }).toEqual({
        locale,
        indian: locale === 'en-IN',
      });
      expect({ locale, mate: samples.some((s) => /\bmate$/.test(s)) }).toEqual({ locale, mate: locale === 'en-AU' });
    }
    expect(buildModel('en-AU')).not.toEqual(buildModel('en-GB'));
  });

  it("hear each variety's own forms, in it alone: Indian English's in en-IN", () => {
    const indian = Object.values(INDIAN_ENGLISH).flat().flatMap(expand);
    const [india, us] = [new Set(samplesIn('en-IN')), new Set(samplesIn('en-US'))];
    expect(indian.filter((s) => !india.has(s))).toEqual([]);
    const own = [
      'close the tv',
      'on the tv',
      'kindly switch on {tv} tv',
      'increase the channel by {count}',
      'do the volume little high',
      'give more volume',
    ];
    expect(own.filter((s) => !india.has(s) || us.has(s))).toEqual([]);
  });

  it("name the TV by each variety's own rooms", () => {
    expect(tvNames('en-GB')).toEqual(expect.arrayContaining(['lounge', 'front room']));
    expect(tvNames('en-AU')).toContain('lounge room');
    expect(tvNames('en-IN')).toEqual(expect.arrayContaining(['hall', 'drawing room']));
    expect(tvNames('en-US')).not.toContain('lounge room');
  });
});

describe.each([
  ['ja-JP', () => true],
  ['en-US', (n: string) => /^[\p{Script=Latin}\d\s.\-']+$/u.test(n)],
] as const)('the %s channel-name catalogue', (locale, listedIn) => {
  const channelNames = buildModel(locale).interactionModel.languageModel.types.find(
    (t) => t.name === CHANNEL_NAME_TYPE,
  )!;
  const listed = channelNames.values
    .flatMap((v) => [v.name.value, ...(v.name.synonyms ?? [])])
    .map((n) => n.toLowerCase());

  it('lists every broadcaster name of every prefecture (in English, every name in Latin letters), each once', () => {
    expect(listed.filter((n, i) => listed.indexOf(n) !== i)).toEqual([]);
    const catalogue = new Set(listed);
    const names = PREFECTURES.flatMap((p) => p.stations.flatMap((s) => s.names)).filter(listedIn);
    // Each as its slot value form (initialisms in capitals, no wave dash): the same name in the normal form.
    expect(names.filter((n) => !catalogue.has(slotValueForm(n).toLowerCase()))).toEqual([]);
    expect(['nhk', 'tbs', 'tvk', 'fuji tv', 'hbc'].filter((n) => !catalogue.has(n))).toEqual([]);
  });

  it("writes slot values as Amazon's custom slot guidance asks: initialisms in capitals, nothing but letters, digits and spaces", () => {
    // "Create and Edit Custom Slot Types" (developer.amazon.com/docs/custom-skills/create-and-edit-custom-slot-types.html):
    // an initialism in all capitals ("HD") or as letters with periods and spaces ("h. d."); a lowercase one is
    // heard as a word. Short lowercase words here are English words, listed so a new one is looked at.
    const WORDS = new Set([
      'room',
      'den',
      'kids',
      'game',
      'loft',
      'hall',
      'one',
      'two',
      'news',
      'plus',
      'star',
      'fox',
      'sky',
    ]);
    const types = buildModel(locale).interactionModel.languageModel.types;
    const values = types.flatMap((t) => t.values.flatMap((v) => [v.name.value, ...(v.name.synonyms ?? [])]));
    expect(values.flatMap((v) => v.split(/\s+/)).filter((w) => /^[a-z]{2,4}$/.test(w) && !WORDS.has(w))).toEqual([]);
    // Letters, digits, spaces, and the marks names are written with (periods, apostrophes, hyphens, the long-vowel mark).
    expect(values.filter((v) => !/^[\p{L}\p{N}\s.'\-ー]+$/u.test(v))).toEqual([]);
  });

  it("stays inside Alexa's limits on custom slot values", () => {
    const types = buildModel(locale).interactionModel.languageModel.types;
    const all = types.flatMap((t) => t.values.flatMap((v) => [v.name.value, ...(v.name.synonyms ?? [])]));
    expect(all.length).toBeLessThan(SLOT_VALUES_MAX);
    expect(all.filter((n) => n.length > SLOT_VALUE_CHARS_MAX || n.trim() === '')).toEqual([]);
  });
});
