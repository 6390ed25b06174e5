// Every word the skill says in English (en-US, en-GB, en-CA, en-AU, en-IN).
import type { ChannelDirection } from '../../cloud/types';
import type { KnownChannel, PrefectureName } from '../../tv/channels';
import { CHANNEL_MAX, CHANNEL_MIN, MAX_STEPS } from '../../tv/control';
import { spokenDigits, ssmlText } from './ssml';
import type { Words } from './types';

const channelWord = (n: number): string => (n === 1 ? 'channel' : 'channels');
const stepWord = (n: number): string => (n === 1 ? 'step' : 'steps');
const upDown = (d: ChannelDirection): string => (d === 'next' ? 'up' : 'down');

/** "A, B, and C". */
function list(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** "A", "A or B", "A, B or C": the choices of a question. */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const theTv = (name: string): string => (name === '' ? 'the TV' : `the ${ssmlText(name)} TV`);
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const which = (names: readonly string[]): string => `Which TV: ${orList(names.map(ssmlText))}?`;

/** A Japanese station by the name an English speaker can say ("Fuji TV", "MBS"), when it has one. */
const latinName = (channel: KnownChannel): string =>
  channel.names.find((n) => /^[\x20-\x7e]+$/.test(n)) ?? channel.name;

/** "Tokyo, Kanagawa, Saitama and 4 more". */
function places(prefectures: readonly PrefectureName[]): string {
  const named = prefectures.slice(0, 3).map((p) => p.romaji);
  return prefectures.length > 3 ? `${named.join(', ')} and ${prefectures.length - 3} more` : list(named);
}

const duration = (minutes: number): string =>
  minutes >= 90 ? `about ${Math.round(minutes / 60)} hours` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

export const en: Words = {
  then: (first, next) => `${first} ${next}`,
  welcome: 'TV remote is ready. You can say turn on the TV, channel 5, or volume up. What would you like?',
  welcomeReprompt: 'What would you like to do with the TV?',
  anythingElse: 'Anything else?',
  help:
    'You can say turn on the TV, channel 5, next channel, go up 3 channels, volume up 3, turn it down, or turn off the TV. ' +
    'If you named your channels at setup, say put on and the name. What would you like?',
  helpReprompt: 'Try saying channel 5 or volume up.',
  goodbye: 'Goodbye.',
  fallback:
    "Sorry, I didn't understand that. You can say things like channel 5, next channel, or volume up. What would you like?",
  fallbackReprompt: 'Try saying channel 5 or volume up.',
  cannotMute: "The remote can't mute the TV. You can turn the volume down instead, for example: volume down 5.",

  powerOn: 'Turning the TV on.',
  alreadyOn: 'The TV is already on.',
  powerOff: 'Turning the TV off.',
  alreadyOff: 'The TV is already off.',

  askChannel: `Which channel, from ${CHANNEL_MIN} to ${CHANNEL_MAX}?`,
  askAgain: {
    channelCount: "Sorry, I didn't catch how many channels. Please say it again, for example: go up 3 channels.",
    volumeSteps: "Sorry, I didn't catch how many steps. Please say it again, for example: volume up 3.",
  },
  channelSet: (channel) => `OK, channel ${channel}.`,
  // The name as the user knows it: a Japanese station asked for in English is said back in English.
  channelNamed: ({ matched }, channel) => `OK, ${ssmlText(matched)}, channel ${channel}.`,
  // The names with the words the model hears them in ("put on {channelName}"): a name alone is no request.
  unknownChannelName: (name, known) =>
    `I don't know a channel called ${ssmlText(name)}.${known.length > 0 ? ` You can say put on and a channel name: ${orList(known.map((k) => ssmlText(latinName(k))))}.` : ''}`,
  noChannelNames: (name) =>
    `I don't know which channel ${ssmlText(name)} is. You can say a channel number instead, for example channel 5. ` +
    'To tune by name, the TV needs your area or your own channel names at setup.',
  channelElsewhere: (name, station) =>
    `${ssmlText(name)} isn't broadcast in ${station.here.romaji}, ` +
    `so I left the channel as it is. It's a station of ${places(station.prefectures)}.`,
  channelSteps: {
    complete: (d, done) =>
      done === 1
        ? d === 'next'
          ? 'OK, next channel.'
          : 'OK, previous channel.'
        : `OK, ${upDown(d)} ${done} channels.`,
    outOfTime: (d, done, requested) =>
      done === 0
        ? 'I ran out of time before I could change the channel.'
        : `I moved ${upDown(d)} ${done} of ${requested} ${channelWord(requested)} before running out of time.`,
    partly: (d, done, requested) => `I moved ${upDown(d)} ${done} of ${requested} channels, then something went wrong.`,
  },
  volumeSteps: {
    complete: (d, done) => (done === 1 ? `OK, volume ${d}.` : `OK, volume ${d} ${done}.`),
    outOfTime: (d, done, requested) =>
      done === 0
        ? 'I ran out of time before I could change the volume.'
        : `I turned the volume ${d} ${done} of ${requested} ${stepWord(requested)} before running out of time.`,
    partly: (d, done, requested) =>
      `I turned the volume ${d} ${done} of ${requested} steps, then something went wrong.`,
  },

  failure: {
    linkAccount:
      'To control your TV, link your TV remote account in the Alexa app. I sent a card there to get you started.',
    relinkAccount:
      'Your TV remote account needs to be linked again. Please relink it in the Alexa app; I sent a card there.',
    offline: "I can't reach your home gateway or remote right now. Check that it's plugged in and online.",
    // The command may still reach the TV after we stop waiting: say so, without claiming it failed.
    timeout: "The TV didn't confirm in time; it may still change in a moment.",
    unavailable: "The TV remote service isn't available right now. Please try again later.",
    invalidParameter: "The remote couldn't send that command. It may not have learned that button yet.",
    notFound: "I can't find your TV anymore. Run the setup again.",
    forbidden: "Your account isn't allowed to control that TV.",
    deviceState: "The TV didn't accept that command. Check that it's turned on.",
    generic: "Sorry, the TV remote couldn't do that right now. Please try again.",
    channelRange: `I can only choose channels ${CHANNEL_MIN} to ${CHANNEL_MAX}.`,
    channelStepCount: `I can move 1 to ${MAX_STEPS} channels at a time, so I left the channel as it is.`,
    volumeStepCount: `I can change the volume by 1 to ${MAX_STEPS} steps at a time, so I left it as it is.`,
    channelTooMany: `I can move at most ${MAX_STEPS} channels at a time, so I left the channel as it is.`,
    volumeTooMany: `I can change the volume by at most ${MAX_STEPS} steps at a time, so I left it as it is.`,
    storeUnavailable: "I can't reach your TV settings right now. Please try again in a moment.",
    tookTooLong: "That's taking longer than it should. If the TV hasn't changed, please try again in a moment.",
    unreadableRequest: "Sorry, I couldn't make sense of that request. Please try again.",
    unexpected: 'Sorry, something went wrong with the TV remote. Please try again.',
  },

  tvs: {
    which,
    unknown: (spoken, names) =>
      names.length === 1
        ? `I don't know a TV called ${ssmlText(spoken)}. Your TV is called ${ssmlText(names[0])}. Which TV do you mean?`
        : `I don't know a TV called ${ssmlText(spoken)}. ${which(names)}`,
    chosen: (name) => `OK, ${theTv(name)}. What would you like to do?`,
    chosenReprompt: 'What would you like to do with the TV?',
    powerOn: (name) => `Turning ${theTv(name)} on.`,
    alreadyOn: (name) => `${capital(theTv(name))} is already on.`,
    powerOff: (name) => `Turning ${theTv(name)} off.`,
    alreadyOff: (name) => `${capital(theTv(name))} is already off.`,
  },

  voiceSetup: {
    offer: "You don't have a TV set up yet. I can look for your TV now. Shall I?",
    offerReprompt: 'Shall I look for your TV?',
    askName: 'What should I call this TV? For example: bedroom TV.',
    askNameReprompt: 'What should I call this TV?',
    confirmName: (name) => `I'll call it ${ssmlText(name)}. Shall I look for it now?`,
    confirmNameReprompt: 'Shall I look for the TV now?',
    looking: 'Looking for your TV. This takes a few seconds.',
    forgetting: 'Forgetting the TV. One moment.',
    notStarted: {
      add: "I couldn't start looking for your TV. Please try again.",
      remove: "I couldn't start forgetting the TV. Please try again.",
    },
    stillLooking: "I'm still setting it up. Shall I check again?",
    carriesOn: "OK. I'll carry on by myself: when the TV is ready, it appears in the Alexa app.",
    ready: (name, stations) =>
      `${ssmlText(name)} is ready. Try: Alexa, turn on ${ssmlText(name)}.` +
      (stations ? '' : ' Channels go by number, for example: channel 5.'),
    choosePreset: (labels) =>
      `Your remote knows these TVs: ${labels.map((l, i) => `${i + 1}, ${ssmlText(l)}`).join('; ')}. ` +
      'Which one is yours? Say its number or its maker.',
    choosePresetReprompt: 'Which TV is yours? Say its number or its maker.',
    unknownChoice: (labels) => `Sorry, that isn't one of them. ${en.voiceSetup.choosePreset(labels)}`,
    chooseRemote: (names) =>
      `You have ${names.length} remotes: ${names.map((n, i) => `${i + 1}, ${ssmlText(n)}`).join('; ')}. ` +
      'Which one faces this TV? Say its number.',
    chooseRemoteReprompt: 'Which remote faces this TV? Say its number.',
    unknownRemote: (names) => `Sorry, that isn't one of them. ${en.voiceSetup.chooseRemote(names)}`,
    confirmForget: (name) => `Forget ${ssmlText(name)}? It stays on your remote, but Alexa won't control it any more.`,
    confirmForgetReprompt: 'Shall I forget the TV?',
    forgotten: (name) => `OK, I forgot ${ssmlText(name)}.`,
    alreadyForgotten: (name) => `${ssmlText(name)} is already forgotten. Nothing more to do.`,
    again: (question) => `Sorry, I didn't get that. ${question}`,
    yesOrNo: 'Please say yes or no.',
    nameTooLong: (max) =>
      `That name is too long: a TV's name can have at most ${max} letters. What should I call this TV?`,
    nameTaken: (name) => `You already have a TV called ${ssmlText(name)}. What should I call the new one?`,
    askPrefecture: 'Which prefecture is the TV in? I use it for the names of the TV stations.',
    askPrefectureReprompt: 'Which prefecture is the TV in?',
    grantAddress:
      "To skip this question next time, allow TV remote to use your device's country and postal code in the Alexa app. I sent a card there.",
    unknownPrefecture: "Sorry, I don't know that prefecture. Say its name, for example Tokyo or Osaka.",
    nothingChanged: 'OK, I left everything as it is.',
    noTv: "You don't have a TV set up, so there is nothing to forget.",
    failed: {
      no_remote: "I couldn't find your IR remote. Set it up in the device cloud app first, then ask me again.",
      offline:
        "Your home gateway or remote isn't answering. Check that both are plugged in and online, then try again.",
      relink: 'Your TV remote account needs to be linked again. Please relink it in the Alexa app, then try again.',
      busy: 'Another setup is running right now. Try again in a minute.',
      name: 'You already have a TV with a name that sounds like that. Please choose another name.',
      other: "Sorry, I couldn't set that up. Please try again later.",
    },
  },
  setupCode: {
    speech: (code) =>
      `To set up another TV, your setup code is ${spokenDigits(code)}. ` +
      'I sent it to the Alexa app, with how to set the TV up by voice.',
    cardTitle: 'Set up another TV',
    card: (code, minutesLeft) =>
      [
        `Your setup code: ${code}`,
        `It is valid for ${duration(minutesLeft)}.`,
        '',
        'Give it to whoever runs TV Remote for your home: they add the new TV with it.',
        'Or set the TV up by voice: Alexa, ask TV remote to set up the bedroom TV.',
        'To forget a TV: Alexa, ask TV remote to forget the bedroom TV.',
      ].join('\n'),
  },
  screen: {
    title: (name) => (name === '' ? 'TV remote' : `TV remote: ${ssmlText(name)}`),
    ready: 'Touch a button, or say "channel 5".',
    powerOn: 'On',
    powerOff: 'Off',
    channelUp: 'Channel ▲',
    channelDown: 'Channel ▼',
    volumeUp: 'Volume +',
    volumeDown: 'Volume −',
    chosen: (name) => `The buttons now press ${theTv(name)}.`,
    unknownButton: "That button isn't one I know, so I didn't press anything.",
    unknownTv: "That TV isn't one of yours, so I didn't press anything.",
  },
};
