// The shape every locale's words fill in: a locale file that misses one fails the type-check.
// Words are plain text; names the user chose are escaped for SSML by the locale file (see ssml.ts).
import type { ChannelDirection, VolumeDirection } from '../../cloud/types';
import type { VoiceSetup, VoiceSetupFailure } from '../../store/types';
import type { ElsewhereStation, KnownChannel, PrefectureName } from '../../tv/channels';

/** Why the skill could not do what was asked; failures.ts picks one, each locale says it. */
export type FailureWord =
  | 'linkAccount'
  | 'relinkAccount'
  | 'offline'
  | 'timeout'
  | 'unavailable'
  | 'invalidParameter'
  | 'notFound'
  | 'forbidden'
  | 'deviceState'
  | 'generic'
  | 'channelRange'
  | 'channelStepCount'
  | 'volumeStepCount'
  /** More steps than one command sends (MAX_STEPS): nothing was pressed. */
  | 'channelTooMany'
  | 'volumeTooMany'
  /** The user's saved TV and link could not be read or written (the table is slow or unreachable). */
  | 'storeUnavailable'
  /** The answer is due but work (a slow table) still runs: it may yet change the TV. */
  | 'tookTooLong'
  /** An envelope the skill cannot read, that still waits for words. */
  | 'unreadableRequest'
  | 'unexpected';

/** What a multi-step run did, said for one direction. */
export interface StepWords<D> {
  complete(direction: D, done: number): string;
  outOfTime(direction: D, done: number, requested: number): string;
  partly(direction: D, done: number, requested: number): string;
}

export interface Words {
  /** Two sentences one after the other (English puts a space between them, Japanese does not). */
  then(first: string, next: string): string;
  welcome: string;
  welcomeReprompt: string;
  anythingElse: string;
  help: string;
  helpReprompt: string;
  goodbye: string;
  /** AMAZON.FallbackIntent: the request was not understood, and what can be said. */
  fallback: string;
  fallbackReprompt: string;
  /** Mute asked for (a word for mute where a channel was expected): the remote has no mute key. */
  cannotMute: string;

  powerOn: string;
  alreadyOn: string;
  powerOff: string;
  alreadyOff: string;

  askChannel: string;
  /** A count Alexa heard but could not read: the whole command again (a bare number means a channel). */
  askAgain: { channelCount: string; volumeSteps: string };
  channelSet(channel: number): string;
  /** Tuned by name: the station's name ("フジテレビ"), the name as matched ("Fuji TV"), the button. */
  channelNamed(station: { name: string; matched: string }, channel: number): string;
  /** A name that is neither in the user's map nor in their area's table; `known` may be long. */
  unknownChannelName(name: string, known: readonly KnownChannel[]): string;
  /** A name asked for, but the user chose no area and no names at setup. */
  noChannelNames(name: string): string;
  /** A name (as heard) that is a station of other prefectures only, not of the TV's. */
  channelElsewhere(name: string, station: ElsewhereStation): string;
  channelSteps: StepWords<ChannelDirection>;
  volumeSteps: StepWords<VolumeDirection>;

  failure: Record<FailureWord, string>;

  /** A user with several TVs. Names are the TVs' names as spoken ("bedroom" for "Bedroom TV"). */
  tvs: {
    /** "Which TV: living room or bedroom?" */
    which(names: readonly string[]): string;
    /** A name that is none of the user's TVs (as heard), then which TVs there are, asked in the speech (the session stays open for the answer). */
    unknown(spoken: string, names: readonly string[]): string;
    /** One picked for the rest of the session; `name` is empty for a TV named just "TV". */
    chosen(name: string): string;
    chosenReprompt: string;
    /** Power, saying which of the TVs it was. */
    powerOn(name: string): string;
    alreadyOn(name: string): string;
    powerOff(name: string): string;
    alreadyOff(name: string): string;
  };

  /** Setting a TV up, and forgetting one, by voice. Names are as the user gave them. */
  voiceSetup: {
    /** A linked user with no TV: the offer to look for it. */
    offer: string;
    offerReprompt: string;
    askName: string;
    askNameReprompt: string;
    /** The name read back, and the question whether to start. */
    confirmName(name: string): string;
    confirmNameReprompt: string;
    /** Said while the setup function runs (Alexa's progressive response): setting up, or forgetting. */
    looking: string;
    forgetting: string;
    /** The setup function could not be started (Lambda refused or did not answer): nothing runs. */
    notStarted: Record<VoiceSetup['kind'], string>;
    /** The run takes longer than a turn: the follow-up question. */
    stillLooking: string;
    /** "No" to checking again: the run goes on without the conversation. */
    carriesOn: string;
    /**
     * The TV is set up. `stations`: the prefecture whose station names it knows; none (English, or no
     * prefecture given) says once that channels go by number.
     */
    ready(name: string, stations?: PrefectureName): string;
    /** The TV models the remote offers, numbered from 1. */
    choosePreset(labels: readonly string[]): string;
    choosePresetReprompt: string;
    /** An answer that is neither a number in the list nor a maker in it: the list again. */
    unknownChoice(labels: readonly string[]): string;
    /** Several remotes online: which one faces the TV, by number or name. */
    chooseRemote(names: readonly string[]): string;
    chooseRemoteReprompt: string;
    unknownRemote(names: readonly string[]): string;
    confirmForget(name: string): string;
    confirmForgetReprompt: string;
    forgotten(name: string): string;
    /** "Yes" to forgetting a TV another Echo (or an earlier "yes") has forgotten already. */
    alreadyForgotten(name: string): string;
    /** An answer that does not fit the question: the question again. */
    again(question: string): string;
    /** Added to a yes/no question asked again. */
    yesOrNo: string;
    /** A name longer than setup takes (NAME_MAX characters, with the word for TV): asked again. */
    nameTooLong(max: number): string;
    /** A name that sounds like one of the user's TVs: asked again. */
    nameTaken(name: string): string;
    /** Which prefecture the TV is in, for station names, when the Echo's postal code is not known. */
    askPrefecture: string;
    askPrefectureReprompt: string;
    /** Said once, with the question: how to let the skill read the postal code instead. */
    grantAddress: string;
    /** A prefecture answer that names none. */
    unknownPrefecture: string;
    nothingChanged: string;
    /** "Forget the bedroom TV" from a user with no TV. */
    noTv: string;
    /** Why a run failed: each failure its own words. */
    failed: Record<VoiceSetupFailure, string>;
  };
  /**
   * "Give me a setup code" (AddTvIntent): the code for whoever sets TVs up from a terminal (docs/setup.md),
   * and how to by voice. A card is read by the household: no terminal command on it.
   */
  setupCode: {
    /** SSML: the code read digit by digit. */
    speech(code: string): string;
    cardTitle: string;
    card(code: string, minutesLeft: number): string;
  };
  /** The touch keypad on a screen (src/skill/screen/): its labels, and what a touch that presses nothing says. */
  screen: {
    /** The heading: the skill's name ("TV remote") and `name`, the TV's as the user gave it, empty for a TV named just "TV". */
    title(name: string): string;
    /** Shown before the first touch: what can be touched and said. */
    ready: string;
    powerOn: string;
    powerOff: string;
    channelUp: string;
    channelDown: string;
    volumeUp: string;
    volumeDown: string;
    /** After a TV was picked on the screen; `name` as in `tvs.chosen`: its core ("bedroom"), empty for a TV named just "TV". */
    chosen(name: string): string;
    /** A touch whose arguments no key of the keypad sends (forged or damaged): nothing was pressed. */
    unknownButton: string;
    /** A touch for a TV that is none of the user's TVs: nothing was pressed. */
    unknownTv: string;
  };
}
