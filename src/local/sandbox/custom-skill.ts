// Alexa in front of the custom skill, for the sandbox and every conversation test: hears a typed line as
// the request Alexa would send (utterance.ts matches, meaning.ts hears by meaning, alexa-session.ts builds
// the envelope) and holds the skill's responses to what Alexa accepts.
// What Alexa does with a line, each with its Amazon page: docs/sandbox.md#custom-skill.
import type { SessionEndedReason } from 'ask-sdk-model';
import { isJapanese } from '../../language';
import { normalForm } from '../../text';
import {
  AlexaSession,
  type CustomSkillStandInOptions,
  type Dialog,
  type EchoContext,
  type Elicitation,
  type Heard,
  type ModelShape,
  type Touched,
} from './alexa-session';
import { builtInIntent, customSkillLine, endsSession } from './phrases';
import { builtInIntentJa, customSkillLineJa } from './phrases-ja';
import { hearingOf, spokenNumbers, type Hearing } from './utterance';

export type { CustomSkillStandInOptions, EchoContext, Elicitation, Heard, Touched } from './alexa-session';

export interface CustomSkillStandIn {
  /**
   * A line said to the Echo (after the wake word): an invocation opens the skill or asks it once, and
   * inside an open session every line goes to the skill. Undefined for a line that is not for the skill.
   */
  hear(line: string): Promise<Heard | undefined>;
  /** "open <invocation name>". */
  launch(): Promise<Heard>;
  /** An invocation with a request ("ask <invocation name> to <request>"): the request in a new session. */
  ask(request: string): Promise<Heard>;
  /** A line inside the open session (without the invocation name). */
  say(line: string): Promise<Heard>;
  /** Alexa heard `intent` with these words in its slots, in the open session (a value no line of the model gives). */
  intend(intent: string, words?: Record<string, string>): Promise<Heard>;
  /** The session ends without the skill ending it (the user said nothing: EXCEEDED_MAX_REPROMPTS). */
  end(reason: SessionEndedReason): Promise<Heard>;
  /** The key labelled `label` of the document on the screen is touched, in the open session. */
  touch(label: string): Promise<Touched>;
  /** The RenderDocument directive on the screen, if any (none once the session is over). */
  shown(): unknown;
  /** The screen's 30 seconds pass with no request: the session ends with the screen, and nothing is sent. */
  timeOut(): void;
  /** The session is open and Alexa is listening (the last response kept it with `shouldEndSession` false). */
  listening(): boolean;
  /** The slot being elicited, if any. */
  eliciting(): Elicitation | undefined;
  sessionOpen(): boolean;
  /** The Echo and its user; change them between lines as the tests need. */
  readonly echo: EchoContext;
}

export function customSkillStandIn(options: CustomSkillStandInOptions): CustomSkillStandIn {
  const alexa = new AlexaSession(options);
  const ear = new LineHearing(options, alexa);
  return {
    hear: (line) => ear.hear(line),
    launch: () => alexa.launch(),
    ask: (request) => ear.ask(request),
    say: (line) => ear.say(line),
    intend: (name, words = {}) => ear.intend(name, words),
    end: (reason) => alexa.end(reason),
    eliciting: () => alexa.eliciting(),
    sessionOpen: () => alexa.isOpen(),
    touch: (label) => alexa.touch(label),
    shown: () => alexa.shown(),
    timeOut: () => alexa.timeOut(),
    listening: () => alexa.listening(),
    echo: alexa.echo,
  };
}

/** How Alexa hears a line said to the Echo: which request it sends, in the session `alexa` keeps. */
class LineHearing {
  private readonly japanese: boolean;
  private readonly invocationName: string;
  private readonly hearing: Hearing;
  /** The samples the model adds to the built-ins ("yes please", 「お願いします」), by their squashed words. */
  private readonly modelSamples: ReadonlyMap<string, string>;
  private readonly tvNames: () => readonly string[];

  constructor(
    options: CustomSkillStandInOptions,
    private readonly alexa: AlexaSession,
  ) {
    const { model, locale } = options;
    this.tvNames = options.tvNames ?? (() => []);
    this.japanese = isJapanese(locale);
    const languageModel = (model as ModelShape).interactionModel?.languageModel;
    this.invocationName = languageModel?.invocationName ?? '';
    this.hearing = hearingOf(model, locale, options.skillId);
    this.modelSamples = builtInSamplesOf(model);
  }

  /** An invocation opens the skill or asks it once; inside an open session every line goes to the skill. */
  async hear(line: string): Promise<Heard | undefined> {
    const opening = this.japanese ? customSkillLineJa(line) : customSkillLine(line, this.invocationName);
    if (opening?.kind === 'launch') return this.alexa.launch();
    if (opening?.kind === 'utter') return this.ask(opening.utterance);
    return this.alexa.isOpen() ? this.say(line) : undefined;
  }

  /** An invocation with a request: the request in a new session. */
  ask(request: string): Promise<Heard> {
    this.alexa.begin();
    return this.say(request);
  }

  /** `name` with these words in its slots, continuing the dialog if the open session's is the same intent. */
  async intend(name: string, words: Record<string, string>): Promise<Heard> {
    const dialog = this.alexa.dialog();
    return this.alexa.intent(
      name,
      await this.hearing.matcher.fill(name, words),
      undefined,
      dialog?.intent === name ? dialog : undefined,
    );
  }

  /** A line inside the open session. */
  async say(line: string): Promise<Heard> {
    const { alexa } = this;
    const { matcher, openSlot, elicitedAnswer, catalogue } = this.hearing;
    const dialog = alexa.dialog();
    if (this.exits(line))
      return alexa.end(
        'USER_INITIATED',
        `"${line.trim()}" ends the session: Alexa sent SessionEndedRequest (USER_INITIATED), and says nothing`,
      );
    const named = this.builtIn(line);
    if (
      dialog &&
      named !== undefined &&
      dialog.directive !== 'Dialog.ElicitSlot' &&
      (named === 'AMAZON.YesIntent' || named === 'AMAZON.NoIntent')
    ) {
      return this.confirmed(dialog, named === 'AMAZON.YesIntent' ? 'CONFIRMED' : 'DENIED');
    }
    if (named !== undefined) return alexa.intent(named, {}, `Alexa's built-in ${named} hears this`);
    const match = await matcher.match(line);
    const elicited = dialog?.directive === 'Dialog.ElicitSlot' ? dialog : undefined;
    const answer = elicited?.slot === undefined ? undefined : elicitedAnswer(elicited.intent, elicited.slot, line);
    // Where the line is both a value of the elicited slot ("2番": choice 2, or channel 2) and a sample of
    // another intent, Alexa leans toward the elicited slot (AMBIGUITY_PAGE); words outside the slot's
    // catalogue that make a whole sample of another intent ("turn off the bedroom tv") are that request.
    if (
      elicited?.slot !== undefined &&
      answer !== undefined &&
      (!match || match.slotsOnly || catalogue(elicited.intent, elicited.slot).has(answer.toLowerCase()))
    ) {
      const slot = (await matcher.fill(elicited.intent, { [elicited.slot]: answer }))[elicited.slot];
      return alexa.intent(
        elicited.intent,
        { ...elicited.slots, ...(slot && { [elicited.slot]: slot }) },
        `the answer to the question, sent as ${elicited.intent} with ${elicited.slot} "${answer}"`,
        elicited,
      );
    }
    if (match) {
      // A new request; the same intent as the question continues its dialog.
      const same = dialog?.intent === match.intent;
      return alexa.intent(
        match.intent,
        same ? { ...dialog.slots, ...match.slots } : match.slots,
        undefined,
        same ? dialog : undefined,
      );
    }
    // No sample spells the line out: Alexa's model hears it by meaning (meaning.ts). A sample whose fixed
    // words fit with a name outside the catalogue is that sample, unless the meaning is another intent
    // ("channel up on the living room telly" is no channel named "channel up") or the name holds words
    // the meaning heard as slots (「寝室のテレビを3チャンネル」 holds the TV and the number).
    const open = openSlot(line);
    const meant = this.hearing.meaning(line, this.tvNames());
    const heardWords = Object.values(meant?.words ?? {}).map(normalForm);
    const swallows = Object.values(open?.slots ?? {})
      .map((words) => normalForm(spokenNumbers(words, this.japanese)))
      .some((words) => heardWords.some((w) => words !== w && words.includes(w)));
    if (open && (!meant || (meant.intent === open.intent && !swallows))) {
      return alexa.intent(
        open.intent,
        await matcher.fill(open.intent, open.slots),
        `a name outside the model's catalogue, sent as ${open.intent}`,
      );
    }
    if (meant) {
      const same = dialog?.intent === meant.intent;
      const slots = await matcher.fill(meant.intent, meant.words);
      return alexa.intent(
        meant.intent,
        same ? { ...dialog.slots, ...slots } : slots,
        undefined,
        same ? dialog : undefined,
        'NONE',
        true,
      );
    }
    return alexa.intent(
      'AMAZON.FallbackIntent',
      {},
      'nothing the model says is near the line, so Alexa sent FallbackIntent',
    );
  }

  /** The yes or no to a Dialog.ConfirmIntent or ConfirmSlot: the dialog's intent, confirmed or denied. */
  private confirmed(dialog: Dialog, status: 'CONFIRMED' | 'DENIED'): Promise<Heard> {
    const note = `the answer to the confirmation: ${dialog.intent} ${status}`;
    if (dialog.directive === 'Dialog.ConfirmIntent')
      return this.alexa.intent(dialog.intent, dialog.slots, note, dialog, status);
    const slot = dialog.slot === undefined ? undefined : dialog.slots[dialog.slot];
    return this.alexa.intent(
      dialog.intent,
      { ...dialog.slots, ...(slot && dialog.slot && { [dialog.slot]: { ...slot, confirmationStatus: status } }) },
      note,
      dialog,
    );
  }

  /** One table per language, and the samples the model adds to the built-ins. */
  private builtIn(line: string): string | undefined {
    return (this.japanese ? builtInIntentJa(line) : builtInIntent(line)) ?? this.modelSamples.get(squash(line));
  }

  private exits(line: string): boolean {
    return !this.japanese && endsSession(line);
  }
}

// A stand-in is made for each conversation; the model's built-in samples are read once per model object.
const BUILT_IN_SAMPLES = new WeakMap<object, ReadonlyMap<string, string>>();

/** The samples the model adds to the built-in intents, by their squashed words, to the intent's name. */
function builtInSamplesOf(model: unknown): ReadonlyMap<string, string> {
  const key = typeof model === 'object' && model !== null ? model : undefined;
  const kept = key && BUILT_IN_SAMPLES.get(key);
  if (kept) return kept;
  const samples = new Map(
    ((model as ModelShape).interactionModel?.languageModel?.intents ?? [])
      .filter((i) => i.name.startsWith('AMAZON.'))
      .flatMap((i) => (i.samples ?? []).map((s) => [squash(s), i.name] as const)),
  );
  if (key) BUILT_IN_SAMPLES.set(key, samples);
  return samples;
}

/** A line as the built-ins' model samples are compared: width, case and punctuation aside. */
function squash(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s、。.,!?]+/gu, ' ')
    .trim();
}
