import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { requireRemote } from '../request-user';
import { answer } from '../respond';
import { isIntent } from '../routing';
import { ALREADY_OFF, ALREADY_ON, POWER_OFF, POWER_ON } from '../speech';

export const turnOnHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'TurnOnIntent'),
  async handle(input: HandlerInput): Promise<Response> {
    const { already } = await requireRemote(input).remote.powerOn();
    return answer(input, already ? ALREADY_ON : POWER_ON);
  },
};

export const turnOffHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, 'TurnOffIntent'),
  async handle(input: HandlerInput): Promise<Response> {
    const { already } = await requireRemote(input).remote.powerOff();
    return answer(input, already ? ALREADY_OFF : POWER_OFF);
  },
};
