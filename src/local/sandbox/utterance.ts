// A typed line as Alexa's speech recognition would hand it to the skill's model: numbers as digits, and
// Japanese digit runs and catalogue names spaced out as a tokenizer would; the samples get the same step
// (`modelMatcher`). Why: docs/sandbox.md#utterance.
import { createHash } from 'node:crypto';
import type { Slot } from 'ask-sdk-model';
import { isJapanese, languageOf } from '../../language';
import { meaningOf, type Meaning } from './meaning';
import { compileSampleTrie, ENGLISH_NUMBERS, fold, GapTrie } from './sample-trie';

const ENGLISH_TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** English number words up to 99, like the Japanese ones: "seven", "forty", "forty two", "forty-two". */
const ENGLISH_NUMBER = new RegExp(
  `\\b(?:(${ENGLISH_TENS.join('|')})(?:[\\s-](${ENGLISH_NUMBERS.slice(1, 10).join('|')}))?|(${ENGLISH_NUMBERS.join('|')}))\\b`,
  'gi',
);

function englishValue(tens: string | undefined, ones: string | undefined, small: string | undefined): number {
  if (small !== undefined) return ENGLISH_NUMBERS.indexOf(small.toLowerCase());
  return (
    (ENGLISH_TENS.indexOf(tens!.toLowerCase()) + 2) * 10 +
    (ones === undefined ? 0 : ENGLISH_NUMBERS.indexOf(ones.toLowerCase()))
  );
}

const KANJI_DIGITS: Record<string, number> = { 〇: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
/** Kanji numerals up to 99: 五, 十, 十二, 二十, 二十三. */
const KANJI_NUMBER = /[一二三四五六七八九]?十[一二三四五六七八九]?|[〇一二三四五六七八九]/g;

function kanjiValue(text: string): number {
  const ten = text.indexOf('十');
  if (ten < 0) return KANJI_DIGITS[text] ?? 0;
  const tens = ten === 0 ? 1 : (KANJI_DIGITS[text[0]!] ?? 0);
  const ones = ten === text.length - 1 ? 0 : (KANJI_DIGITS[text[text.length - 1]!] ?? 0);
  return tens * 10 + ones;
}

export interface Tokenizer {
  (line: string): string;
}

/** `names`: the values and synonyms of the model's custom slot types, spaced out in Japanese lines. */
export function utteranceTokenizer(locale: string, names: readonly string[]): Tokenizer {
  const japanese = isJapanese(locale);
  // Digits are read as whole numbers below: a name that is digits alone (the choice "1") must not split "10".
  const sorted = [...new Set(names.map((n) => n.normalize('NFKC')))]
    .filter((n) => n.trim() !== '' && !/^\d+$/.test(n))
    .sort((a, b) => b.length - a.length);
  // English names are whole words ("bbc one" keeps its "one"); Japanese names are found anywhere.
  const edge = japanese ? '' : '\\b';
  const nameRun =
    sorted.length > 0 ? new RegExp(`(${edge}(?:${sorted.map(escapeRegExp).join('|')})${edge})`, 'i') : undefined;
  return (line) => {
    const parts = nameRun ? line.normalize('NFKC').split(nameRun) : [line.normalize('NFKC')];
    // split() with a capture group puts the names at the odd indexes.
    const text = parts
      .map((part, i) => (i % 2 === 1 ? (japanese ? ` ${part} ` : part) : numbersAsDigits(part, japanese)))
      .join('');
    return text.replace(/\s+/g, ' ').trim();
  };
}

function numbersAsDigits(text: string, japanese: boolean): string {
  const digits = spokenNumbers(text, japanese);
  // "3ch" is how 「3チャンネル」 is written, not said: speech recognition gives the word.
  return japanese ? digits.replace(/(\d+)\s*ch(?![a-z])/gi, '$1チャンネル').replace(/\d+/g, (d) => ` ${d} `) : digits;
}

/** Number words as the digits Alexa's recognition makes of them: "seven" -> 7, and in Japanese 五 -> 5. */
export function spokenNumbers(text: string, japanese: boolean): string {
  const digits = text.replace(ENGLISH_NUMBER, (_word, tens?: string, ones?: string, small?: string) =>
    String(englishValue(tens, ones, small)),
  );
  return japanese ? digits.replace(KANJI_NUMBER, (k) => String(kanjiValue(k))) : digits;
}

/** The custom slot values and synonyms of an interaction model (its JSON as read from models/). */
export function catalogueNames(model: unknown): string[] {
  const types =
    (
      model as {
        interactionModel?: {
          languageModel?: { types?: { values?: { name?: { value?: string; synonyms?: string[] } }[] }[] };
        };
      }
    )?.interactionModel?.languageModel?.types ?? [];
  return types.flatMap((t) => (t.values ?? []).flatMap((v) => [v.name?.value ?? '', ...(v.name?.synonyms ?? [])]));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface OpenSlotMatch {
  intent: string;
  slots: Record<string, string>;
}

interface ModelShape {
  interactionModel?: {
    languageModel?: {
      intents?: { name: string; samples?: string[]; slots?: { name: string; type: string; samples?: string[] }[] }[];
      types?: { name: string; values?: { name?: { value?: string; synonyms?: string[] } }[] }[];
    };
  };
}

const answerSquash =
  (japanese: boolean) =>
  (text: string): string =>
    japanese
      ? text.replace(/[\s、。]/g, '')
      : text
          .replace(/[.,!?]/g, '')
          .replace(/\s+/g, ' ')
          .trim()
          .toLowerCase();

/** The values and synonyms of a slot's custom type, as an answer is compared with them. */
export function slotCatalogue(model: unknown, locale: string): (intent: string, slot: string) => ReadonlySet<string> {
  const squash = answerSquash(isJapanese(locale));
  const languageModel = (model as ModelShape).interactionModel?.languageModel;
  // Asked at every answer to a question: each slot's catalogue is read once.
  const read = new Map<string, Set<string>>();
  return (intentName, slotName) => {
    const key = `${intentName}\u0000${slotName}`;
    let names = read.get(key);
    if (names === undefined) {
      const type = languageModel?.intents
        ?.find((i) => i.name === intentName)
        ?.slots?.find((s) => s.name === slotName)?.type;
      names = new Set(
        (languageModel?.types ?? [])
          .find((t) => t.name === type)
          ?.values?.flatMap((v) => [v.name?.value ?? '', ...(v.name?.synonyms ?? [])])
          .map((n) => squash(n.normalize('NFKC'))) ?? [],
      );
      read.set(key, names);
    }
    return names;
  };
}

/**
 * After Dialog.ElicitSlot, Alexa hears the answer with the elicited slot's own samples ("the {tv}") and
 * sends the intent again with the slot filled; virtual-alexa does not read slot samples. This finds the
 * words the answer puts in the slot, or undefined when the line is no answer (then it is a new request).
 * A sample that is the slot alone takes a value of the slot's catalogue, or (an open name) a few words:
 * "turn on the bedroom tv" answers no "Which one?", it is a request of its own.
 */
export function elicitedSlotMatcher(
  model: unknown,
  locale: string,
): (intent: string, slot: string, line: string) => string | undefined {
  const japanese = isJapanese(locale);
  const squash = answerSquash(japanese);
  const intents = (model as ModelShape).interactionModel?.languageModel?.intents ?? [];
  const catalogue = slotCatalogue(model, locale);
  return (intentName, slotName, line) => {
    const slot = intents.find((i) => i.name === intentName)?.slots?.find((s) => s.name === slotName);
    const known = catalogue(intentName, slotName);
    // Recognition writes "two" as 2 where a catalogue value is a number, and keeps the words otherwise
    // ("the first one", "room two"): the digits reading counts only where it gives a catalogue value.
    const plain = squash(line.normalize('NFKC'));
    const digits = squash(spokenNumbers(line.normalize('NFKC'), japanese));
    const fits = (words: string) => known.has(words) || (japanese ? words.length <= 8 : words.split(' ').length <= 3);
    const readings = (text: string) =>
      (slot?.samples ?? []).flatMap((sample) => {
        const bare = sample.trim() === `{${slotName}}`;
        const [before, after] = squash(sample)
          .split(`{${slotName}}`)
          .map((p) => escapeRegExp(p ?? ''));
        const words = new RegExp(`^${before}(.+?)${after}$`).exec(text)?.[1]?.trim();
        return words && (!bare || fits(words)) ? [words] : [];
      });
    const heard = [...readings(digits).filter((words) => known.has(words)), ...readings(plain)];
    // A catalogue value first; then the most specific sample, which leaves the fewest words in the slot ("the bedroom tv" -> "bedroom").
    return heard.sort((x, y) => Number(known.has(y)) - Number(known.has(x)) || x.length - y.length)[0];
  };
}

/** A spoken number as AMAZON.NUMBER hears it, digits or words ("3", "three", 三, 二十), without capture groups. */
function numberSource(japanese: boolean): string {
  return `(?:\\d+|${(japanese ? KANJI_NUMBER : ENGLISH_NUMBER).source.replace(/\((?!\?)/g, '(?:')})`;
}

/**
 * Alexa fills a custom slot with words outside its catalogue too ("サンテレビにして" reaches the skill
 * as an unknown channel name; "A custom slot type is not the equivalent of an enumeration. Values outside
 * the list may still be returned": Amazon, "Create and Edit Custom Slot Types",
 * developer.amazon.com/en-US/docs/alexa/custom-skills/create-and-edit-custom-slot-types.html);
 * virtual-alexa matches only catalogue values, and in Japanese only between spaces. This finds, for a
 * line nothing else matched, a sample whose fixed words fit with one custom slot open, and the words in
 * that slot. The sample's other slots are heard as the recogniser gives them, or the sample does not fit:
 * an AMAZON.NUMBER as a number (its digits sent), a custom slot as a name of its catalogue
 * (「ガレージのテレビの音量を2つ下げて」: tv "ガレージ", count "2").
 */
export function openSlotMatcher(model: unknown, locale: string): (line: string) => OpenSlotMatch | undefined {
  const japanese = isJapanese(locale);
  // Alexa sends English slot words in lower case; Japanese has no case to change.
  const between = (text: string) => (japanese ? text.replace(/\s+/g, '') : text.replace(/\s+/g, ' ').toLowerCase());
  const squash = (text: string) => between(text).trim();
  const languageModel = (model as ModelShape).interactionModel?.languageModel;
  // Each custom type's names as a line says them, to the name as the catalogue writes it.
  const names = new Map(
    (languageModel?.types ?? []).map((t) => [
      t.name,
      new Map(
        (t.values ?? [])
          .flatMap((v) => [v.name?.value ?? '', ...(v.name?.synonyms ?? [])])
          .filter((n) => n.trim() !== '')
          .reverse()
          .map((n) => [squash(n.normalize('NFKC')).toLowerCase(), n] as const),
      ),
    ]),
  );
  const number = numberSource(japanese);
  // What a slot of each type takes where it is not the open one: a number, or a name of its catalogue.
  const sources = new Map<string, string | undefined>();
  const typeSource = (type: string): string | undefined => {
    if (type === 'AMAZON.NUMBER') return number;
    if (!sources.has(type)) {
      const known = names.get(type);
      sources.set(
        type,
        known && known.size > 0
          ? `(?:${[...known.keys()]
              .sort((a, b) => b.length - a.length)
              .map(escapeRegExp)
              .join('|')})`
          : undefined,
      );
    }
    return sources.get(type);
  };
  const patterns = (languageModel?.intents ?? []).flatMap((intent) => {
    const types = new Map((intent.slots ?? []).map((s) => [s.name, s.type]));
    return (intent.samples ?? []).flatMap((sample) => {
      // The slots' names as written; the words between them squashed as the line is (their spaces kept in English).
      const parts = sample
        .trim()
        .split(/\{([a-zA-Z]+)\}/)
        .map((p, i) => (i % 2 === 1 ? p : between(p)));
      const slots = parts.filter((_p, i) => i % 2 === 1);
      // A sample of slots alone ("{channelName}") would take any line at all: Alexa weighs that against its fallback.
      if (parts.every((p, i) => i % 2 === 1 || p.trim() === '') || new Set(slots).size !== slots.length) return [];
      const heardAs = (slot: string): string | undefined => {
        const type = types.get(slot);
        return type === undefined ? undefined : typeSource(type);
      };
      return slots
        .filter((open) => types.has(open) && !types.get(open)!.startsWith('AMAZON.'))
        .flatMap((open) => {
          const others = slots.filter((s) => s !== open).map(heardAs);
          if (others.some((o) => o === undefined)) return [];
          const source = parts
            .map((p, i) => (i % 2 === 0 ? escapeRegExp(p) : p === open ? `(?<${p}>.+)` : `(?<${p}>${heardAs(p)!})`))
            .join('');
          return [
            {
              intent: intent.name,
              open,
              types,
              pieces: parts.filter((_p, i) => i % 2 === 0),
              regex: new RegExp(`^${source}$`, 'i'),
            },
          ];
        });
    });
  });
  // Only the samples whose fixed words the line holds, in order, are tried (sample-trie.ts).
  const trie = new GapTrie();
  patterns.forEach((p, i) => trie.add(p.pieces.map(fold), i));
  return (line) => {
    const text = squash(line.normalize('NFKC'));
    // The fewest words in the open slot win, as the most specific sample would.
    const tried = trie
      .candidates(fold(text))
      .sort((a, b) => a - b)
      .map((i) => patterns[i]!);
    const found = tried
      .map((p) => ({ p, groups: p.regex.exec(text)?.groups }))
      .filter((x) => x.groups)
      .sort((a, b) => a.groups![a.p.open]!.length - b.groups![b.p.open]!.length)[0];
    if (!found) return undefined;
    const slots = Object.fromEntries(
      Object.entries(found.groups!).map(([slot, words]) => {
        const type = found.p.types.get(slot)!;
        if (slot === found.p.open) return [slot, words.trim()];
        return [
          slot,
          type === 'AMAZON.NUMBER' ? spokenNumbers(words, japanese).trim() : names.get(type)!.get(words.toLowerCase())!,
        ];
      }),
    );
    return { intent: found.p.intent, slots };
  };
}

/** An intent the model heard in a line, with the slots the line filled (each with Alexa's entity resolution). */
export interface ModelMatch {
  intent: string;
  slots: Record<string, Slot>;
  /** The line is slot values alone ("5", 「寝室」): a sample of nothing but slots matched it. */
  slotsOnly: boolean;
}

export interface ModelMatcher {
  /** The custom intent a sample of the model matches the line to, or undefined. */
  match(line: string): Promise<ModelMatch | undefined>;
  /** The slots `intent` gets for these words, each resolved against its slot type's catalogue. */
  fill(intent: string, words: Record<string, string>): Promise<Record<string, Slot>>;
}

/**
 * A sample's words (not its slots) as the recognition step hears them: "もう一台" and a line saying it
 * both become "もう 1 台", where Alexa's recogniser and its model agree on the spoken word.
 */
export function recognisedSample(sample: string, tokenize: Tokenizer): string {
  return sample
    .split(/(\{[a-zA-Z]+\})/)
    .map((part, i) => (i % 2 === 1 ? part : tokenize(part)))
    .join(' ')
    .trim();
}

/**
 * The line against the model's samples (after `utteranceTokenizer`), and the slot values with entity
 * resolution, through the samples compiled once (sample-trie.ts). The stand-in (custom-skill.ts) builds
 * every request itself; this only says which intent and slots a line is. Amazon's built-in intents are
 * heard by the stand-in's own tables, one per language: a line whose best sample is a built-in one is no
 * match here.
 */
export function modelMatcher(model: unknown, locale: string, skillId: string): ModelMatcher {
  const tokenize = utteranceTokenizer(locale, catalogueNames(model));
  // The words between slots repeat across samples (a third of them are distinct): each is heard once here.
  const heardParts = new Map<string, string>();
  const tokenizePart: Tokenizer = (part) => {
    let heard = heardParts.get(part);
    if (heard === undefined) heardParts.set(part, (heard = tokenize(part)));
    return heard;
  };
  const trie = compileSampleTrie(model, skillId, (sample) => recognisedSample(sample, tokenizePart));
  // "{count}" left unsaid is an empty slot: Alexa sends such a slot without a value.
  const filled = (slots: Record<string, Slot>): Record<string, Slot> =>
    Object.fromEntries(
      Object.entries(slots).filter(([, slot]) => typeof slot.value === 'string' && slot.value.trim() !== ''),
    );
  return {
    async match(line) {
      const heard = tokenize(line);
      // "exit" is no request: it ends the session (custom-skill.ts hears it before the model).
      if (heard === '' || heard === 'exit') return undefined;
      const found = trie.match(heard);
      if (found === undefined || found.intent.startsWith('AMAZON.')) return undefined;
      // A slot named twice in a sample keeps its last words.
      const words = new Map(found.values.map((v) => [v.name, v.value]));
      const slots = filled(
        trie.slots(
          found.intent,
          [...words].map(([name, value]) => ({ name, value })),
        ),
      );
      const rest = Object.values(slots).reduce((text, slot) => text.replace(String(slot.value), ' '), heard);
      return { intent: found.intent, slots, slotsOnly: rest.replace(/[\s、。.,!?]+/gu, '') === '' };
    },
    async fill(intent, words) {
      return filled(
        trie.slots(
          intent,
          Object.entries(words).map(([name, value]) => ({ name, value })),
        ),
      );
    },
  };
}

/** Everything the stand-in hears a line with, for one model. */
export interface Hearing {
  matcher: ModelMatcher;
  openSlot: (line: string) => OpenSlotMatch | undefined;
  elicitedAnswer: (intent: string, slot: string, line: string) => string | undefined;
  catalogue: (intent: string, slot: string) => ReadonlySet<string>;
  /** The line heard by meaning (meaning.ts), trained on first use: many stand-ins never need it. */
  meaning: Meaning;
}

// A stand-in is made for each conversation (each Echo of a test, each certification cell); the hearing
// it needs depends on the model alone and keeps no state, so it is built once per model and shared. Of
// the locale it reads only the language (every part above asks isJapanese), so two locales with the
// same model (en-US and en-CA) share one hearing.
const HEARINGS = new Map<string, Hearing>();
const HEARINGS_KEPT = 16;
const HEARINGS_BY_MODEL = new WeakMap<object, Map<string, Hearing>>();

/** The model's hearing, built on its first use and shared by every stand-in of the same model, language and skill. */
export function hearingOf(model: unknown, locale: string, skillId: string): Hearing {
  const hearingKey = `${languageOf(locale)}\u0000${skillId}`;
  // The same model object again (one read shared by many stand-ins) needs no hash of its half a megabyte.
  const same = typeof model === 'object' && model !== null ? HEARINGS_BY_MODEL.get(model)?.get(hearingKey) : undefined;
  if (same) return same;
  const key = createHash('sha256')
    .update(`${hearingKey}\u0000${JSON.stringify(model)}`)
    .digest('hex');
  let hearing = HEARINGS.get(key);
  if (!hearing) {
    hearing = {
      matcher: modelMatcher(model, locale, skillId),
      openSlot: openSlotMatcher(model, locale),
      elicitedAnswer: elicitedSlotMatcher(model, locale),
      catalogue: slotCatalogue(model, locale),
      meaning: lazyMeaning(model, locale),
    };
    if (HEARINGS.size >= HEARINGS_KEPT) HEARINGS.delete(HEARINGS.keys().next().value!);
    HEARINGS.set(key, hearing);
  }
  if (typeof model === 'object' && model !== null) {
    const byLanguage = HEARINGS_BY_MODEL.get(model) ?? new Map<string, Hearing>();
    byLanguage.set(hearingKey, hearing);
    HEARINGS_BY_MODEL.set(model, byLanguage);
  }
  return hearing;
}

/** Hearing by meaning, trained on the first line that needs it. */
function lazyMeaning(model: unknown, locale: string): Meaning {
  let trained: Meaning | undefined;
  return (line, householdNames) => {
    trained ??= meaningOf(model, locale, utteranceTokenizer(locale, catalogueNames(model)), (words) =>
      spokenNumbers(words, isJapanese(locale)),
    );
    return trained(line, householdNames);
  };
}
