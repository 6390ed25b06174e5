// A person talking to the skill on an Echo, turn by turn: the lines go through the sandbox's Alexa
// stand-in (src/local/sandbox/custom-skill.ts: the real interaction model, elicited slots heard as Alexa
// hears them, Alexa's rules for responses) into the real skill handler. One per Echo; several Echos of
// one user share the handler and the table, as two rooms of one home do.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { customSkillStandIn, type Heard } from '../../../src/local/sandbox/custom-skill';
import { builtInIntent, customSkillLine } from '../../../src/local/sandbox/phrases';
import { builtInIntentJa, customSkillLineJa } from '../../../src/local/sandbox/phrases-ja';
import { alexaRefusal } from '../../../src/local/alexa/rules';
import type { DeviceAddressStandIn } from '../../../src/local/device-address';
import type { SkillHandler } from '../../../src/skill/app';
import { SKILL_ID } from './requests';

export type ConversationLocale = 'en-US' | 'ja-JP';
/** A line said, and the words Alexa should say back (the SSML inside <speak>, or a pattern). */
export type Turn = [line: string, speech: string | RegExp];

export interface EchoOptions {
  locale: ConversationLocale;
  handler: SkillHandler;
  /** The device's id; Echos of one user differ in it. */
  deviceId?: string;
  /** Alexa's API (Device Address, progressive responses) at its stand-in, which knows which request Alexa waits on. */
  alexaApi?: Pick<DeviceAddressStandIn, 'url' | 'turn'>;
  /** The user granted the address permission: requests carry a consent token and this API token. */
  addressPermission?: boolean;
  /** The Alexa user (one id per Alexa account); default a new one. */
  userId?: string;
  token?: string;
}

export const ECHO_API_TOKEN = 'echo-api-token';

export function modelOf(locale: ConversationLocale): unknown {
  return JSON.parse(readFileSync(path.join(__dirname, `../../../models/${locale}.json`), 'utf8'));
}

export function echo(options: EchoOptions) {
  const model = modelOf(options.locale);
  const japanese = options.locale === 'ja-JP';
  const onEcho = (request: RequestEnvelope): RequestEnvelope => {
    const system = request.context.System;
    const user = options.addressPermission ? { ...system.user, permissions: { consentToken: 'consent' } } : system.user;
    return {
      ...request,
      context: {
        ...request.context,
        System: {
          ...system, user, ...(options.alexaApi && { apiEndpoint: options.alexaApi.url, apiAccessToken: ECHO_API_TOKEN }),
        },
      },
    };
  };
  const standIn = customSkillStandIn({
    model, locale: options.locale, skillId: SKILL_ID,
    handler: (request) => {
      const sent = onEcho(request);
      return options.alexaApi ? options.alexaApi.turn(sent, () => options.handler(sent)) : options.handler(sent);
    },
    builtInIntent: japanese ? builtInIntentJa : builtInIntent,
    check: (request, response) => {
      const refusal = alexaRefusal(model, request, response);
      return refusal && `${refusal.rule}: ${refusal.detail}`;
    },
  });
  if (options.userId) standIn.alexa.context().user().setID(options.userId);
  if (options.token) standIn.alexa.context().setAccessToken(options.token);
  standIn.alexa.context().device().setID(options.deviceId ?? 'echo-living-room');
  const said = (heard: Heard): string => {
    if (heard.refused !== undefined) return `REFUSED BY ALEXA: ${heard.refused}`;
    const ssml = (heard.response.response.outputSpeech as { ssml?: string } | undefined)?.ssml ?? '';
    return ssml.replace(/^<speak>|<\/speak>$/g, '');
  };
  /** A line as a person says it to the Echo: opening the skill, or anything inside the session. */
  const say = async (line: string): Promise<Heard> => {
    const opening = (japanese ? customSkillLineJa(line) : customSkillLine(line, 'tv remote'));
    if (opening?.kind === 'launch') return standIn.launch();
    return standIn.say(opening?.kind === 'utter' ? opening.utterance : line);
  };
  return {
    standIn,
    userId: () => standIn.alexa.context().user().id(),
    say,
    said,
    /** Says each line and expects each answer, failing at the first turn that differs. */
    async talk(turns: Turn[]): Promise<ResponseEnvelope | undefined> {
      let last: ResponseEnvelope | undefined;
      for (const [line, speech] of turns) {
        const heard = await say(line);
        last = heard.response;
        const words = said(heard);
        expect({ line, said: words }).toEqual({ line, said: typeof speech === 'string' ? speech : expect.stringMatching(speech) });
      }
      return last;
    },
  };
}

export type Echo = ReturnType<typeof echo>;
