import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { requireRemote } from '../request-user';
import { answer } from '../respond';
import { isIntent } from '../routing';
import { words } from '../words';

export const turnOnHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'TurnOnIntent'),
  async handle(input: HandlerInput): Promise<Response> {
    const { already } = await requireRemote(input).remote.powerOn();
    return answer(input, already ? words(input).alreadyOn : words(input).powerOn);
  },
};

export const turnOffHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'TurnOffIntent'),
  async handle(input: HandlerInput): Promise<Response> {
    const { already } = await requireRemote(input).remote.powerOff();
    return answer(input, already ? words(input).alreadyOff : words(input).powerOff);
  },
};
