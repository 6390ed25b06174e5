import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { requireTv, spokenTv } from '../request/request-user';
import { answer } from '../response/respond';
import { isIntent } from '../request/routing';
import { words } from '../words';
import { INTENT } from '../request/intents';

export const turnOnHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.turnOn),
  async handle(input: HandlerInput): Promise<Response> {
    const { already } = await requireTv(input).control.powerOn();
    return answer(input, powerSpeech(input, 'on', already));
  },
};

export const turnOffHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.turnOff),
  async handle(input: HandlerInput): Promise<Response> {
    const { already } = await requireTv(input).control.powerOff();
    return answer(input, powerSpeech(input, 'off', already));
  },
};

/** What a power command did, naming the TV when the user has several (a touch says the same). */
export function powerSpeech(input: HandlerInput, power: 'on' | 'off', already: boolean): string {
  const tv = spokenTv(input);
  const w = words(input);
  if (power === 'on') return already ? (tv ? w.tvs.alreadyOn(tv) : w.alreadyOn) : tv ? w.tvs.powerOn(tv) : w.powerOn;
  return already ? (tv ? w.tvs.alreadyOff(tv) : w.alreadyOff) : tv ? w.tvs.powerOff(tv) : w.powerOff;
}
