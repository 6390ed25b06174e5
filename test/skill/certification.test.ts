// The project's certification suite: what Amazon's certification team checks of a custom skill, checked
// here first (test/support/skill/certification.ts has the rules and their pages). Everything is said
// through the sandbox's Alexa stand-in (test/support/skill/conversation.ts: the real interaction model of
// the locale, Alexa's rules for responses) into the skill as deployed (test/support/skill/deployed.ts), with
// dynalite, the device-cloud emulator and the setup function behind a loopback Lambda. Tables:
//
// 1. every intent of every locale's model (ja-JP and every English one of skill/skill.json), each
//    combination of its slots (filled with a value the model resolves, filled with one it does not
//    resolve, or left empty), said as a one-shot and inside a session, by a household with one TV, with
//    two and with none: each response keeps to the session rule (an open session asks in its speech, a
//    closed one asks nothing);
// 2. every question the skill asks, answered with help, stop, cancel and something off-script, and the
//    same outside a question;
// 3. the example phrases of skill/skill.json: the first with the wake word and the invocation name, each
//    heard as what it promises;
// 4. a user who has not linked the account: the LinkAccount card and why;
// 5. every phrase the skill's words suggest, heard as what it promises, and every suggestion heard in 1-4
//    listed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestEnvelope } from 'ask-sdk-model';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import type { Heard } from '../../src/local/sandbox/custom-skill';
import { readSmartHomeLine } from '../../src/local/sandbox/phrases';
import { readSmartHomeLineJa } from '../../src/local/sandbox/phrases-ja';
import { WORDS } from '../../src/skill/words';
import type { ChannelNames } from '../../src/tv/channels';
import {
  MANIFEST_FILE,
  MODELS_DIR,
  modelLocales,
  readJson,
  servedLocales,
  type SkillManifest,
} from '../../skill/package';
import { newToken, registerDemoTv, addDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { PAGES, SESSION_RULE, asking, sentences, sessionProblems, speechOf } from '../support/skill/certification';
import { conversationLocale, echo, type ConversationLocale, type Echo } from '../support/skill/conversation';
import { useDeployedSkill } from '../support/skill/deployed';

jest.setTimeout(120_000);

const loopback = useLoopback();
const skill = useDeployedSkill(loopback);

const MANIFEST = readJson<SkillManifest>(MANIFEST_FILE);
/** ja-JP and every English locale the skill is published in. */
const LOCALES = servedLocales(MANIFEST, modelLocales()).map(conversationLocale);
const isJapanese = (locale: string): boolean => locale === 'ja-JP';

interface Model {
  interactionModel: {
    languageModel: {
      invocationName: string;
      intents: { name: string; samples?: string[]; slots?: { name: string; type: string }[] }[];
      types: { name: string; values: { name: { value: string; synonyms?: string[] } }[] }[];
    };
  };
}
// Read once per locale: the tables below ask for a locale's model several times, and only read it.
const MODELS = new Map<string, Model>();
const modelOf = (locale: string): Model => {
  let model = MODELS.get(locale);
  if (model === undefined) {
    model = JSON.parse(readFileSync(path.join(MODELS_DIR, `${locale}.json`), 'utf8')) as Model;
    MODELS.set(locale, model);
  }
  return model;
};

// --- households -------------------------------------------------------------------------------------

type User = 'one TV' | 'two TVs' | 'no TV' | 'unlinked';
const TV_NAMES = { en: ['Living room TV', 'Bedroom TV'], ja: ['リビングのテレビ', '寝室のテレビ'] };
/** The TVs' channels: the user's own names in English, Tokyo's stations in Japanese. */
const CHANNELS: { en: ChannelNames; ja: ChannelNames } = {
  en: { map: { 'BBC One': 1, ITV: 3 } },
  ja: { area: 'kanto' },
};

/** Every heard response's words, for the check that each suggestion the skill makes is in the table below. */
const heardWords: { locale: string; text: string }[] = [];

interface Household {
  echo: () => Echo;
  user: User;
  locale: ConversationLocale;
}

async function household(locale: ConversationLocale, user: User): Promise<Household> {
  const lang = isJapanese(locale) ? 'ja' : 'en';
  const token = newToken();
  const userId = `amzn1.ask.account.cert-${token.slice(-12)}`;
  if (user === 'no TV') loopback.emulator.addAccount(token, { presets: DEFAULT_PRESETS.slice(0, 2), remotes: 1 });
  if (user === 'one TV' || user === 'two TVs') {
    const first = await registerDemoTv(loopback.emulator, token, { tvName: TV_NAMES[lang][0], power: 'on' });
    await loopback.dynamo.store.tvs.saveTv(userId, { ...first.tv, channels: CHANNELS[lang] });
    if (user === 'two TVs') {
      const second = await addDemoTv(loopback.emulator, token, first.remote, {
        tvName: TV_NAMES[lang][1],
        power: 'on',
      });
      await loopback.dynamo.store.tvs.saveTv(userId, { ...second.tv, channels: CHANNELS[lang] });
    }
  }
  if (user !== 'unlinked') await loopback.dynamo.store.links.saveAccessToken(userId, token);
  return {
    user,
    locale,
    echo: () => echo({ locale, handler: skill.handler, userId, ...(user !== 'unlinked' && { token }) }),
  };
}

const launchLine = (locale: string, name: string): string => (isJapanese(locale) ? `${name}を開いて` : `open ${name}`);
const oneShotLine = (locale: string, name: string, line: string): string =>
  isJapanese(locale) ? `${name}で${line}` : `ask ${name} to ${line}`;

/**
 * Lines said, each response held to the session rule; what breaks it is collected, and `done` expects
 * none, so one run names every response that breaks it. Keeps each response's words for the suggestion check.
 */
function checker() {
  const problems: string[] = [];
  return {
    async say(e: Echo, locale: string, line: string, context: string): Promise<Heard> {
      const heard = await e.say(line);
      const text = [
        speechOf(heard),
        (heard.response.response.reprompt?.outputSpeech as { ssml?: string } | undefined)?.ssml ?? '',
        (heard.response.response.card as { content?: string } | undefined)?.content ?? '',
      ].join('\n');
      heardWords.push({ locale, text });
      for (const p of sessionProblems(heard)) problems.push(`${context}: "${line}" ${p}`);
      return heard;
    },
    problems,
    done(): void {
      expect({ rule: SESSION_RULE, problems }).toEqual({ rule: SESSION_RULE, problems: [] });
    },
  };
}

interface HeardRequest {
  type: string;
  intent?: string;
  slots: Record<string, string>;
}
function requestOf(request: RequestEnvelope): HeardRequest {
  const r = request.request;
  if (r.type !== 'IntentRequest') return { type: r.type, slots: {} };
  const slots: Record<string, string> = {};
  for (const [name, slot] of Object.entries(r.intent.slots ?? {}))
    if (slot.value !== undefined) slots[name] = slot.value;
  return { type: r.type, intent: r.intent.name, slots };
}

// --- 1. every intent, every slot combination, every locale --------------------------------------------

type Fill = 'filled' | 'unresolved';
/** A value of each slot the model resolves (its catalogue, a number the skill takes) and one it does not: filled, and unresolved. */
const VALUES: Record<'en' | 'ja', Record<string, Record<Fill, string>>> = {
  en: {
    tv: { filled: 'living room', unresolved: 'shed' },
    channel: { filled: '5', unresolved: '99' },
    channelName: { filled: 'BBC One', unresolved: 'garage news' },
    // A count the skill cannot use (InvalidStepCount): heard, and turned down.
    count: { filled: '3', unresolved: '0' },
    choice: { filled: 'first', unresolved: 'purple' },
  },
  ja: {
    tv: { filled: 'リビング', unresolved: 'ガレージ' },
    channel: { filled: '5', unresolved: '99' },
    channelName: { filled: 'フジテレビ', unresolved: 'ガレージ放送' },
    count: { filled: '3', unresolved: '0' },
    choice: { filled: '1', unresolved: 'むらさき' },
    prefecture: { filled: '東京都', unresolved: 'アトランティス' },
  },
};

interface Cell {
  intent: string;
  fills: Record<string, Fill>;
  empty: string[];
  /** The first four of the cell's samples, with the slots filled: the lines tried for it. */
  lines: string[];
}
const LINES_PER_CELL = 4;
/** Each locale's cells, made once: two tables read them. */
const CELLS = new Map<string, Cell[]>();

/**
 * Amazon, "Voice Interface and User Experience Testing for a Custom Skill", "Intent and slot
 * combinations": each intent with each combination of its slots. The lines are the model's own samples
 * with the slots filled, so each cell is what Alexa would send for it.
 */
function cells(locale: string): Cell[] {
  const kept = CELLS.get(locale);
  if (kept) return kept;
  const lang = isJapanese(locale) ? 'ja' : 'en';
  const out: Cell[] = [];
  for (const intent of modelOf(locale).interactionModel.languageModel.intents) {
    if (intent.name.startsWith('AMAZON.')) continue;
    const declared = (intent.slots ?? []).map((s) => s.name);
    // The first few samples of each set of slots, in the model's order: only those are said.
    const bySet = new Map<string, string[]>();
    for (const sample of intent.samples ?? []) {
      const key = sample.includes('{')
        ? [...new Set([...sample.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort().join('+')
        : '';
      const samples = bySet.get(key) ?? [];
      if (samples.length < LINES_PER_CELL) bySet.set(key, [...samples, sample]);
    }
    for (const [key, samples] of bySet) {
      const used = key === '' ? [] : key.split('+');
      for (let mask = 0; mask < 2 ** used.length; mask++) {
        const fills = Object.fromEntries(
          used.map((slot, i) => [slot, (mask >> i) & 1 ? 'unresolved' : 'filled']),
        ) as Record<string, Fill>;
        const lines = samples.map((s) =>
          s.replace(/\{(\w+)\}/g, (_m, slot: string) => VALUES[lang][slot]?.[fills[slot]!] ?? `{${slot}}`),
        );
        out.push({ intent: intent.name, fills, empty: declared.filter((d) => !used.includes(d)), lines });
      }
    }
  }
  CELLS.set(locale, out);
  return out;
}

const describeCell = (c: Cell): string =>
  `${c.intent} ${
    Object.entries(c.fills)
      .map(([s, f]) => `${s}=${f}`)
      .join(' ') || '(no slot)'
  }${c.empty.length ? `, empty: ${c.empty.join(' ')}` : ''}`;

describe.each(LOCALES)('%s: every intent and slot combination keeps to the session rule', (locale) => {
  const name = modelOf(locale).interactionModel.languageModel.invocationName;
  const table = cells(locale);

  it.each(['one TV', 'two TVs', 'no TV'] as const)(
    'for a household with %s, as a one-shot and inside a session',
    async (user) => {
      const check = checker();
      const unreached: string[] = [];
      // One household, a new session (a new Echo conversation) for each line: nothing said here changes its TVs.
      const home = await household(locale, user);
      for (const cell of table) {
        for (const opening of ['one-shot', 'in session'] as const) {
          // The first of the cell's samples that Alexa hears as the cell's intent (another may be claimed by a sample of another intent).
          let reached = false;
          for (const line of cell.lines) {
            const e = home.echo();
            if (opening === 'in session') await check.say(e, locale, launchLine(locale, name), `${locale} launch`);
            const heard = await check.say(
              e,
              locale,
              opening === 'one-shot' ? oneShotLine(locale, name, line) : line,
              `${locale}, ${user}, ${opening}: ${describeCell(cell)}`,
            );
            if (requestOf(heard.request).intent === cell.intent) {
              reached = true;
              break;
            }
          }
          if (!reached) unreached.push(`${opening}: ${describeCell(cell)} (${cell.lines.join(' | ')})`);
        }
      }
      check.done();
      // Each combination the model declares reaches its intent through some sample.
      expect(unreached).toEqual([]);
    },
  );
});

// --- 2. help, stop, cancel and fallback, at every question and outside one ----------------------------

interface Question {
  /** What the skill asks. */
  name: string;
  user: User;
  /** The lines that reach it, the skill opened first. */
  lines: string[];
  /** A question the conversation keeps pending: help asks it again. */
  pending: boolean;
}

const QUESTIONS: Record<'en' | 'ja', Question[]> = {
  en: [
    { name: 'the welcome', user: 'one TV', lines: [], pending: false },
    { name: 'which channel', user: 'one TV', lines: ['change the channel'], pending: false },
    { name: 'which TV', user: 'two TVs', lines: ['turn on the tv'], pending: true },
    { name: 'the offer to look for the TV', user: 'no TV', lines: [], pending: true },
    { name: "the TV's name", user: 'no TV', lines: ['yes'], pending: true },
    { name: 'the name read back', user: 'no TV', lines: ['yes', 'bedroom'], pending: true },
    { name: 'which TV model', user: 'no TV', lines: ['yes', 'bedroom', 'yes'], pending: true },
    { name: 'forget the TV?', user: 'one TV', lines: ['forget the living room tv'], pending: true },
  ],
  ja: [
    { name: 'the welcome', user: 'one TV', lines: [], pending: false },
    { name: 'which channel', user: 'one TV', lines: ['チャンネルを変えて'], pending: false },
    { name: 'which TV', user: 'two TVs', lines: ['テレビをつけて'], pending: true },
    { name: 'the offer to look for the TV', user: 'no TV', lines: [], pending: true },
    { name: "the TV's name", user: 'no TV', lines: ['はい'], pending: true },
    { name: 'the name read back', user: 'no TV', lines: ['はい', '寝室'], pending: true },
    { name: 'the prefecture', user: 'no TV', lines: ['はい', '寝室', 'はい'], pending: true },
    { name: 'which TV model', user: 'no TV', lines: ['はい', '寝室', 'はい', '東京都'], pending: true },
    { name: 'forget the TV?', user: 'one TV', lines: ['リビングのテレビを削除して'], pending: true },
  ],
};

/** What a person says to Alexa's built-ins, and something the skill does not do. */
const SAID = {
  en: { help: 'help', stop: 'stop', cancel: 'cancel', offScript: 'what is the weather in paris' },
  ja: { help: 'ヘルプ', stop: 'ストップ', cancel: 'キャンセル', offScript: '今日の天気を教えて' },
};

/**
 * Amazon, "Voice Interface and User Experience Testing for a Custom Skill": help, stop and cancel are
 * tested wherever the user can say them. Help and an answer the skill cannot use keep the session and
 * ask (help at a pending question asks that question again); stop and cancel end it and ask nothing.
 */
describe.each(LOCALES)('%s: help, stop, cancel and something off-script', (locale) => {
  const lang = isJapanese(locale) ? 'ja' : 'en';
  const name = modelOf(locale).interactionModel.languageModel.invocationName;
  const said = SAID[lang];

  it.each(QUESTIONS[lang].map((q) => [q.name, q] as const))('at %s', async (_name, question) => {
    const check = checker();
    for (const [what, line] of Object.entries(said)) {
      const home = await household(locale, question.user);
      const e = home.echo();
      let asked = await check.say(e, locale, launchLine(locale, name), `${locale} launch`);
      for (const l of question.lines)
        asked = await check.say(e, locale, l, `${locale}, on the way to ${question.name}`);
      expect({ question: question.name, open: asked.response.response.shouldEndSession }).toEqual({
        question: question.name,
        open: false,
      });
      const reply = await check.say(e, locale, line, `${locale}, ${what} at ${question.name}`);
      const ends = what === 'stop' || what === 'cancel';
      expect({
        question: question.name,
        what,
        endsSession: reply.response.response.shouldEndSession,
        spoken: speechOf(reply) !== '',
      }).toEqual({ question: question.name, what, endsSession: ends, spoken: true });
      if (what === 'help' && question.pending)
        expect(asking(speechOf(reply))).toEqual(expect.arrayContaining([asking(speechOf(asked)).at(-1)]));
    }
    check.done();
  });

  it('outside a question: as a one-shot, and after a command inside the session', async () => {
    const check = checker();
    for (const [what, line] of Object.entries(said)) {
      if (what === 'help' || what === 'offScript') {
        const e = (await household(locale, 'one TV')).echo();
        const reply = await check.say(e, locale, oneShotLine(locale, name, line), `${locale}, one-shot ${what}`);
        expect({ what, endsSession: reply.response.response.shouldEndSession }).toEqual({ what, endsSession: false });
      }
      const e = (await household(locale, 'one TV')).echo();
      await check.say(e, locale, launchLine(locale, name), `${locale} launch`);
      await check.say(e, locale, isJapanese(locale) ? 'テレビを消して' : 'turn off the tv', `${locale}, a command`);
      const reply = await check.say(e, locale, line, `${locale}, ${what} after a command`);
      expect({ what, endsSession: reply.response.response.shouldEndSession }).toEqual({
        what,
        endsSession: what === 'stop' || what === 'cancel',
      });
    }
    check.done();
  });
});

// --- 3. the example phrases ---------------------------------------------------------------------------

/** What each example phrase of skill/skill.json promises: the request Alexa sends for it. */
const EXAMPLE_PROMISES: Record<string, HeardRequest> = {
  'Alexa, ask TV remote to turn on the TV': { type: 'IntentRequest', intent: 'TurnOnIntent', slots: {} },
  'Alexa, ask TV remote to put on channel 5': {
    type: 'IntentRequest',
    intent: 'SetChannelIntent',
    slots: { channel: '5' },
  },
  'Alexa, open TV remote': { type: 'LaunchRequest', slots: {} },
  'アレクサ、テレビリモコンでテレビをつけて': { type: 'IntentRequest', intent: 'TurnOnIntent', slots: {} },
  'アレクサ、テレビリモコンで5チャンネルにして': {
    type: 'IntentRequest',
    intent: 'SetChannelIntent',
    slots: { channel: '5' },
  },
  'アレクサ、テレビリモコンを開いて': { type: 'LaunchRequest', slots: {} },
};

/**
 * Amazon, "Functional Testing for a Custom Skill", Review and test example phrases: "The first phrase
 * clearly indicates how to begin using the skill, and includes both the wake word and invocation name",
 * and "You select these phrases from your sample utterances": each is heard as the request it promises.
 */
describe.each(LOCALES)('%s: the example phrases', (locale) => {
  const { examplePhrases } = MANIFEST.manifest.publishingInformation.locales[locale] as { examplePhrases: string[] };
  const name = modelOf(locale).interactionModel.languageModel.invocationName;

  it('the first has the wake word and the invocation name', () => {
    const [first] = examplePhrases;
    expect(first).toMatch(isJapanese(locale) ? /^アレクサ、/u : /^Alexa, /);
    expect(first?.toLowerCase()).toContain(name.toLowerCase());
  });

  it.each(examplePhrases)('"%s" is heard as what it promises, and answered within the rules', async (phrase) => {
    expect(Object.keys(EXAMPLE_PROMISES)).toContain(phrase);
    const check = checker();
    const e = (await household(locale, 'one TV')).echo();
    const heard = await check.say(e, locale, phrase, `${locale} example phrase`);
    expect(requestOf(heard.request)).toEqual(EXAMPLE_PROMISES[phrase]);
    check.done();
  });
});

// --- 4. a user who has not linked the account ---------------------------------------------------------

/**
 * Amazon, "Let Users Enable Your Skill without Account Linking": "Requests that do require account
 * linking should tell the user they need to link accounts, and return a link account card." Every
 * request that needs the user's TV, opening the skill too, in every locale. Mute needs none (the remote
 * cannot mute, linked or not): it is answered as such, with no card.
 */
describe.each(LOCALES)('%s: a user who has not linked the account', (locale) => {
  const lang = isJapanese(locale) ? 'ja' : 'en';
  const name = modelOf(locale).interactionModel.languageModel.invocationName;

  it('gets a LinkAccount card and is told why, whatever is asked', async () => {
    const check = checker();
    const linkWords = `<speak>${WORDS[lang].failure.linkAccount}</speak>`;
    const filled = cells(locale).filter((c) => Object.values(c.fills).every((f) => f === 'filled'));
    const lines = [
      { line: launchLine(locale, name), mute: false },
      ...filled.map((c) => ({ line: oneShotLine(locale, name, c.lines[0]!), mute: c.intent === 'MuteIntent' })),
    ];
    const answered: { line: string; card?: string; speech: string; endsSession?: boolean }[] = [];
    for (const { line } of lines) {
      const e = (await household(locale, 'unlinked')).echo();
      const heard = await check.say(e, locale, line, `${locale}, unlinked`);
      answered.push({
        line,
        card: heard.response.response.card?.type,
        speech: speechOf(heard),
        endsSession: heard.response.response.shouldEndSession,
      });
    }
    expect(lines.filter((l) => l.mute)).not.toEqual([]);
    expect(answered).toEqual(
      lines.map(({ line, mute }) =>
        mute
          ? { line, card: undefined, speech: `<speak>${WORDS[lang].cannotMute}</speak>`, endsSession: true }
          : { line, card: 'LinkAccount', speech: linkWords, endsSession: true },
      ),
    );
    check.done();
  });
});

// --- 5. every phrase the skill suggests -----------------------------------------------------------------

/** Where a suggested phrase is said: inside a session (the skill opened), or as the answer to a question. */
type Place =
  | 'in session'
  | 'one-shot'
  | 'at the name question'
  | 'at a yes/no question'
  | 'at the prefecture question'
  | 'at the model question'
  | 'smart home';
interface Promised {
  say: string;
  at: Place;
  intent: string;
  slots?: Record<string, string | RegExp>;
}
interface Suggestion {
  /** The sentence of the skill's words that suggests (its text, tags taken out). */
  sentence: RegExp;
  phrases: Promised[];
  /** Why a sentence that reads like a suggestion suggests no phrase. */
  none?: string;
}

const inSession = (say: string, intent: string, slots?: Record<string, string | RegExp>): Promised => ({
  say,
  at: 'in session',
  intent,
  ...(slots && { slots }),
});

/**
 * Amazon, "Design the Prompts for Your Skill": "Any example phrase suggested to the user in a prompt
 * must be exactly covered in the interaction model of the skill." Each sentence of the skill's words
 * that suggests something to say, with the phrases it suggests and what each must be heard as. The
 * households are those above (English channel names BBC One and ITV; Tokyo's stations in Japanese).
 */
const SUGGESTIONS: Record<'en' | 'ja', Suggestion[]> = {
  en: [
    {
      sentence: /^You can say turn on the TV, channel 5, or volume up\.$/,
      phrases: [
        inSession('turn on the TV', 'TurnOnIntent'),
        inSession('channel 5', 'SetChannelIntent', { channel: '5' }),
        inSession('volume up', 'VolumeUpIntent'),
      ],
    },
    {
      sentence:
        /^You can say turn on the TV, channel 5, next channel, go up 3 channels, volume up 3, turn it down, or turn off the TV\.$/,
      phrases: [
        inSession('turn on the TV', 'TurnOnIntent'),
        inSession('channel 5', 'SetChannelIntent', { channel: '5' }),
        inSession('next channel', 'NextChannelIntent'),
        inSession('go up 3 channels', 'NextChannelIntent', { count: '3' }),
        inSession('volume up 3', 'VolumeUpIntent', { count: '3' }),
        inSession('turn it down', 'VolumeDownIntent'),
        inSession('turn off the TV', 'TurnOffIntent'),
      ],
    },
    {
      sentence: /^If you named your channels at setup, say put on and the name\.$/,
      phrases: [inSession('put on BBC One', 'SetChannelIntent', { channelName: /^bbc one$/i })],
    },
    {
      sentence: /^Try saying channel 5 or volume up\.$/,
      phrases: [inSession('channel 5', 'SetChannelIntent', { channel: '5' }), inSession('volume up', 'VolumeUpIntent')],
    },
    {
      sentence: /^You can say things like channel 5, next channel, or volume up\.$/,
      phrases: [
        inSession('channel 5', 'SetChannelIntent', { channel: '5' }),
        inSession('next channel', 'NextChannelIntent'),
        inSession('volume up', 'VolumeUpIntent'),
      ],
    },
    {
      sentence: /^Please say it again, for example: go up 3 channels\.$/,
      phrases: [inSession('go up 3 channels', 'NextChannelIntent', { count: '3' })],
    },
    {
      sentence: /^Please say it again, for example: volume up 3\.$/,
      phrases: [inSession('volume up 3', 'VolumeUpIntent', { count: '3' })],
    },
    {
      sentence: /^You can say put on and a channel name: BBC One or ITV\.$/,
      phrases: [
        inSession('put on BBC One', 'SetChannelIntent', { channelName: /^bbc one$/i }),
        inSession('put on ITV', 'SetChannelIntent', { channelName: /^itv$/i }),
      ],
    },
    {
      sentence: /^You can say a channel number instead, for example channel 5\.$/,
      phrases: [inSession('channel 5', 'SetChannelIntent', { channel: '5' })],
    },
    {
      sentence: /^You can turn the volume down instead, for example: volume down 5\.$/,
      phrases: [inSession('volume down 5', 'VolumeDownIntent', { count: '5' })],
    },
    {
      sentence: /^For example: bedroom TV\.$/,
      phrases: [{ say: 'bedroom TV', at: 'at the name question', intent: 'SetUpTvIntent', slots: { tv: /^bedroom/ } }],
    },
    {
      sentence: /^Please say yes or no\.$/,
      phrases: [
        { say: 'yes', at: 'at a yes/no question', intent: 'AMAZON.YesIntent' },
        { say: 'no', at: 'at a yes/no question', intent: 'AMAZON.NoIntent' },
      ],
    },
    {
      sentence: /^Say its number or its maker\.$/,
      phrases: [
        { say: '1', at: 'at the model question', intent: 'SetUpTvIntent', slots: { choice: '1' } },
        { say: 'sharp', at: 'at the model question', intent: 'SetUpTvIntent', slots: { choice: /^sharp$/i } },
      ],
    },
    {
      sentence: /^Try: Alexa, turn on bedroom TV\.$/,
      phrases: [{ say: 'Alexa, turn on bedroom TV', at: 'smart home', intent: 'Alexa.PowerController.TurnOn' }],
    },
    {
      sentence: /^Channels go by number, for example: channel 5\.$/,
      phrases: [inSession('channel 5', 'SetChannelIntent', { channel: '5' })],
    },
    {
      sentence: /^Once the TV is added, say: Alexa, turn on the TV\.$/,
      phrases: [{ say: 'Alexa, turn on the TV', at: 'smart home', intent: 'Alexa.PowerController.TurnOn' }],
    },
    {
      sentence: /^Or set the TV up by voice: Alexa, ask TV remote to set up the bedroom TV\.$/,
      phrases: [
        {
          say: 'Alexa, ask TV remote to set up the bedroom TV',
          at: 'one-shot',
          intent: 'SetUpTvIntent',
          slots: { tv: 'bedroom' },
        },
      ],
    },
    {
      sentence: /^To forget a TV: Alexa, ask TV remote to forget the bedroom TV\.$/,
      phrases: [
        {
          say: 'Alexa, ask TV remote to forget the bedroom TV',
          at: 'one-shot',
          intent: 'ForgetTvIntent',
          slots: { tv: 'bedroom' },
        },
      ],
    },
  ],
  ja: [
    {
      sentence: /^「テレビをつけて」「5チャンネルにして」「音量を上げて」のように話しかけてください。$/u,
      phrases: [
        inSession('テレビをつけて', 'TurnOnIntent'),
        inSession('5チャンネルにして', 'SetChannelIntent', { channel: '5' }),
        inSession('音量を上げて', 'VolumeUpIntent'),
      ],
    },
    {
      sentence:
        /^「テレビをつけて」「フジテレビにして」「5チャンネルにして」「次のチャンネル」「音量を3つ上げて」「音を小さくして」「テレビを消して」のように言ってください。$/u,
      phrases: [
        inSession('テレビをつけて', 'TurnOnIntent'),
        inSession('フジテレビにして', 'SetChannelIntent', { channelName: 'フジテレビ' }),
        inSession('5チャンネルにして', 'SetChannelIntent', { channel: '5' }),
        inSession('次のチャンネル', 'NextChannelIntent'),
        inSession('音量を3つ上げて', 'VolumeUpIntent', { count: '3' }),
        inSession('音を小さくして', 'VolumeDownIntent'),
        inSession('テレビを消して', 'TurnOffIntent'),
      ],
    },
    {
      sentence: /^「5チャンネルにして」や「音量を上げて」(?:と言ってみてください|のように言ってください)。$/u,
      phrases: [
        inSession('5チャンネルにして', 'SetChannelIntent', { channel: '5' }),
        inSession('音量を上げて', 'VolumeUpIntent'),
      ],
    },
    {
      sentence: /^「チャンネルを3つ上げて」のように、もう一度言ってください。$/u,
      phrases: [inSession('チャンネルを3つ上げて', 'NextChannelIntent', { count: '3' })],
    },
    {
      sentence: /^「音量を3つ上げて」のように、もう一度言ってください。$/u,
      phrases: [inSession('音量を3つ上げて', 'VolumeUpIntent', { count: '3' })],
    },
    {
      sentence: /^「NHK総合にして」のように言えます。$/u,
      phrases: [inSession('NHK総合にして', 'SetChannelIntent', { channelName: 'NHK総合' })],
    },
    {
      sentence: /^「5チャンネルにして」のように番号で言えます。$/u,
      phrases: [inSession('5チャンネルにして', 'SetChannelIntent', { channel: '5' })],
    },
    {
      sentence: /^代わりに「音量を5つ下げて」のように音量を下げられます。$/u,
      phrases: [inSession('音量を5つ下げて', 'VolumeDownIntent', { count: '5' })],
    },
    {
      sentence: /^たとえば、寝室のテレビ、のように言ってください。$/u,
      phrases: [{ say: '寝室のテレビ', at: 'at the name question', intent: 'SetUpTvIntent', slots: { tv: /^寝室/u } }],
    },
    {
      sentence: /^「はい」か「いいえ」で答えてください。$/u,
      phrases: [
        { say: 'はい', at: 'at a yes/no question', intent: 'AMAZON.YesIntent' },
        { say: 'いいえ', at: 'at a yes/no question', intent: 'AMAZON.NoIntent' },
      ],
    },
    {
      sentence: /^東京都、大阪府のように言ってください。$/u,
      phrases: [
        { say: '東京都', at: 'at the prefecture question', intent: 'SetUpTvIntent', slots: { prefecture: '東京都' } },
        { say: '大阪府', at: 'at the prefecture question', intent: 'SetUpTvIntent', slots: { prefecture: '大阪府' } },
      ],
    },
    {
      sentence: /^どれですか\?番号かメーカーで言ってください。$|^番号かメーカーで言ってください。$/u,
      phrases: [
        { say: '1番', at: 'at the model question', intent: 'SetUpTvIntent', slots: { choice: /^1/ } },
        { say: 'シャープ', at: 'at the model question', intent: 'SetUpTvIntent', slots: { choice: 'シャープ' } },
      ],
    },
    {
      sentence: /^Alexaアプリで、このスキルに「国と郵便番号」の利用を許可すると、次からはたずねません。$/u,
      phrases: [],
      none: 'it quotes the name of a permission in the Alexa app',
    },
    {
      sentence: /^「アレクサ、寝室のテレビをつけて」と言ってみてください。$/u,
      phrases: [{ say: 'アレクサ、寝室のテレビをつけて', at: 'smart home', intent: 'Alexa.PowerController.TurnOn' }],
    },
    {
      sentence: /^テレビが追加されたら「アレクサ、テレビをつけて」と話しかけてください。$/u,
      phrases: [{ say: 'アレクサ、テレビをつけて', at: 'smart home', intent: 'Alexa.PowerController.TurnOn' }],
    },
    {
      sentence: /^声でも追加できます:「アレクサ、テレビリモコンで寝室のテレビを追加して」$/u,
      phrases: [
        {
          say: 'アレクサ、テレビリモコンで寝室のテレビを追加して',
          at: 'one-shot',
          intent: 'SetUpTvIntent',
          slots: { tv: '寝室' },
        },
      ],
    },
    {
      sentence: /^テレビを外すには:「アレクサ、テレビリモコンで寝室のテレビを削除して」$/u,
      phrases: [
        {
          say: 'アレクサ、テレビリモコンで寝室のテレビを削除して',
          at: 'one-shot',
          intent: 'ForgetTvIntent',
          slots: { tv: '寝室' },
        },
      ],
    },
  ],
};

/** A sentence that suggests something to say: an English one with say/saying/for example/Try, a Japanese one quoting 「…」 or giving an example. */
const suggests = (sentence: string, japanese: boolean): boolean =>
  (japanese ? /「|たとえば|のように言って/u : /\b(?:say|saying|for example|try)\b/i).test(sentence);
/** The sentences of a heard speech or card, a card's lines apart. */
const sentencesOf = (text: string): string[] => text.split('\n').flatMap((line) => sentences(line));

/** The lines that bring a household to a question, the skill opened first. */
const TO_QUESTION: Record<'en' | 'ja', Partial<Record<Place, { user: User; lines: string[] }>>> = {
  en: {
    'in session': { user: 'one TV', lines: [] },
    'at the name question': { user: 'no TV', lines: ['yes'] },
    'at a yes/no question': { user: 'no TV', lines: [] },
    'at the model question': { user: 'no TV', lines: ['yes', 'bedroom', 'yes'] },
  },
  ja: {
    'in session': { user: 'one TV', lines: [] },
    'at the name question': { user: 'no TV', lines: ['はい'] },
    'at a yes/no question': { user: 'no TV', lines: [] },
    'at the prefecture question': { user: 'no TV', lines: ['はい', '寝室', 'はい'] },
    'at the model question': { user: 'no TV', lines: ['はい', '寝室', 'はい', '東京都'] },
  },
};

describe.each(LOCALES)('%s: every phrase the skill suggests', (locale) => {
  const lang = isJapanese(locale) ? 'ja' : 'en';
  const name = modelOf(locale).interactionModel.languageModel.invocationName;
  const rows = SUGGESTIONS[lang].flatMap((s) => s.phrases.map((p) => [`${p.at}: ${p.say}`, p] as const));

  it.each(rows)('%s is heard as what it promises', async (_title, phrase) => {
    if (phrase.at === 'smart home') {
      // Said to Alexa without the skill's name: the smart-home door (the sandbox's reader of those lines).
      const request = isJapanese(locale) ? readSmartHomeLineJa(phrase.say) : readSmartHomeLine(phrase.say);
      expect(request && `${request.namespace}.${request.name}`).toBe(phrase.intent);
      return;
    }
    const check = checker();
    const way = TO_QUESTION[lang][phrase.at === 'one-shot' ? 'in session' : phrase.at];
    if (!way) throw new Error(`no way to ${phrase.at} in ${lang}`);
    const e = (await household(locale, way.user)).echo();
    if (phrase.at !== 'one-shot') {
      await check.say(e, locale, launchLine(locale, name), `${locale} launch`);
      for (const line of way.lines) await check.say(e, locale, line, `${locale}, on the way ${phrase.at}`);
    }
    const heard = await check.say(e, locale, phrase.say, `${locale}, a suggested phrase ${phrase.at}`);
    const request = requestOf(heard.request);
    expect({ say: phrase.say, intent: request.intent }).toEqual({ say: phrase.say, intent: phrase.intent });
    for (const [slot, value] of Object.entries(phrase.slots ?? {})) {
      expect({ slot, value: request.slots[slot] }).toEqual({
        slot,
        value: typeof value === 'string' ? value : expect.stringMatching(value),
      });
    }
    check.done();
  });
});

/**
 * Every suggesting sentence the suite heard, in any response above (speech, reprompt or card), is one of
 * the table's: a new suggestion cannot go unchecked. Runs last (jest runs a file's tests in order).
 */
describe('the suggestions heard', () => {
  it('are each in the table of suggested phrases (Design the Prompts for Your Skill)', () => {
    expect(heardWords.length).toBeGreaterThan(0);
    const unlisted = new Set<string>();
    for (const { locale, text } of heardWords) {
      const lang = isJapanese(locale) ? 'ja' : 'en';
      for (const sentence of sentencesOf(text)) {
        if (suggests(sentence, lang === 'ja') && !SUGGESTIONS[lang].some((s) => s.sentence.test(sentence)))
          unlisted.add(`${lang}: ${sentence}`);
      }
    }
    expect({ page: PAGES.prompts, unlisted: [...unlisted] }).toEqual({ page: PAGES.prompts, unlisted: [] });
    // A sentence listed with no phrase says why it suggests none.
    expect(
      [...SUGGESTIONS.en, ...SUGGESTIONS.ja]
        .filter((s) => s.phrases.length === 0 && !s.none)
        .map((s) => String(s.sentence)),
    ).toEqual([]);
  });
});
