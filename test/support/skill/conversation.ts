// A person talking to the skill on an Echo, turn by turn: the lines go through the sandbox's Alexa
// stand-in (src/local/sandbox/custom-skill.ts: the real interaction model, each request built as Alexa
// builds it, a pending question answered as Alexa hears answers, Alexa's rules for responses) into the
// real skill handler. One per Echo; several Echos of one user share the handler and the table, as two
// rooms of one home do. A line said with no session open and no invocation name is said as a one-shot
// ("ask tv remote <line>"), so scripts need not repeat the name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResponseEnvelope } from 'ask-sdk-model';
import { randomUUID } from 'node:crypto';
import { customSkillStandIn, type Heard } from '../../../src/local/sandbox/custom-skill';
import { alexaRefusal } from '../../../src/local/alexa/rules';
import type { DeviceAddressStandIn } from '../../../src/local/device-address';
import type { SkillHandler } from '../../../src/skill/app';
import { echoScreen } from '../../../src/local/sandbox/screen';
import { LOCALES, type ModelLocale } from '../../../models/locales';
import type { Screen } from '../screen/devices';
import { SKILL_ID } from './requests';

/** Every locale of the skill: each has its model (models/<locale>.json) and the built-in phrases of its language. */
export type ConversationLocale = ModelLocale;
/** `locale` as a locale of the skill, or an error naming it. */
export function conversationLocale(locale: string): ConversationLocale {
  const found = LOCALES.find((l) => l === locale);
  if (found === undefined) throw new Error(`${locale} is not a locale of the skill (${LOCALES.join(', ')})`);
  return found;
}
/** A line said, and the words Alexa should say back (the SSML inside <speak>, or a pattern). */
export type Turn = [line: string, speech: string | RegExp];

export interface EchoOptions {
  locale: ConversationLocale;
  handler: SkillHandler;
  /** The device's id; Echos of one user differ in it. */
  deviceId?: string;
  /** Alexa's API (Device Address, progressive responses) at its stand-in, which knows which request Alexa waits on. */
  alexaApi?: Pick<DeviceAddressStandIn, 'url' | 'turn'>;
  /** The user granted the address permission: requests carry a consent token, and ECHO_API_TOKEN as the API token. */
  addressPermission?: boolean;
  /** The Alexa user (one id per Alexa account); default a new one. */
  userId?: string;
  token?: string;
  /** An Echo with this screen (APL, its viewport): the skill shows its keypad, and `touch` presses its keys. */
  screen?: Screen;
}

export const ECHO_API_TOKEN = 'echo-api-token';

export function modelOf(locale: ConversationLocale): unknown {
  return JSON.parse(readFileSync(path.join(__dirname, `../../../models/${locale}.json`), 'utf8'));
}

/** The skill manifest: its supportedViewports decide which screens Alexa sends APL to. */
const MANIFEST: unknown = JSON.parse(readFileSync(path.join(__dirname, '../../../skill/skill.json'), 'utf8'));

// Each Echo reads its locale's model; read once per test file, as the models (half a megabyte each) do
// not change while the tests run, and the stand-in only reads them.
const READ_MODELS = new Map<ConversationLocale, unknown>();
const readModel = (locale: ConversationLocale): unknown => {
  if (!READ_MODELS.has(locale)) READ_MODELS.set(locale, modelOf(locale));
  return READ_MODELS.get(locale);
};

export function echo(options: EchoOptions) {
  const model = readModel(options.locale);
  const standIn = customSkillStandIn({
    model,
    locale: options.locale,
    skillId: SKILL_ID,
    manifest: MANIFEST,
    handler: (request) =>
      options.alexaApi ? options.alexaApi.turn(request, () => options.handler(request)) : options.handler(request),
    echo: {
      userId: options.userId ?? `amzn1.ask.account.${randomUUID()}`,
      ...(options.token !== undefined && { accessToken: options.token }),
      deviceId: options.deviceId ?? 'echo-living-room',
      apiEndpoint: options.alexaApi?.url ?? 'https://api.amazonalexa.com',
      // Alexa's API token carries the permissions the user granted; without them the API answers 403.
      apiAccessToken: options.addressPermission ? ECHO_API_TOKEN : `${ECHO_API_TOKEN}-no-permission`,
      ...(options.addressPermission && { consentToken: 'consent' }),
      ...(options.screen && { screen: echoScreen(options.screen) }),
    },
    check: (request, response) => {
      const refusal = alexaRefusal(model, request, response);
      return refusal && `${refusal.rule}: ${refusal.detail}`;
    },
  });
  const said = (heard: Heard): string => {
    if (heard.refused !== undefined) return `REFUSED BY ALEXA: ${heard.refused}`;
    if (heard.silent) return '';
    const ssml = (heard.response.response.outputSpeech as { ssml?: string } | undefined)?.ssml ?? '';
    return ssml.replace(/^<speak>|<\/speak>$/g, '');
  };
  /** A line as a person says it to the Echo: opening the skill, anything inside the session, or a one-shot. */
  const say = async (line: string): Promise<Heard> => (await standIn.hear(line)) ?? standIn.ask(line);
  return {
    standIn,
    userId: () => standIn.echo.userId,
    say,
    said,
    /** A key of the keypad on the screen touched, by its label, in the open session. */
    touch: (label: string) => standIn.touch(label),
    /** Says each line and expects each answer, failing at the first turn that differs. */
    async talk(turns: Turn[]): Promise<ResponseEnvelope | undefined> {
      let last: ResponseEnvelope | undefined;
      for (const [line, speech] of turns) {
        const heard = await say(line);
        last = heard.response;
        const words = said(heard);
        expect({ line, said: words }).toEqual({
          line,
          said: typeof speech === 'string' ? speech : expect.stringMatching(speech),
        });
      }
      return last;
    },
  };
}

export type Echo = ReturnType<typeof echo>;
