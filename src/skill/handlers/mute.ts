// Mute, which the IR remote cannot do (src/tv/mute.ts): "mute the TV" is answered for what it asks, the
// command settled as refused. It presses nothing, so it resolves no TV and never asks "Which TV?": the
// answer is the same for every TV, and naming one would not make it possible.
import type { HandlerInput, RequestHandler } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import { settleCommand } from '../../metrics';
import { INTENT } from '../request/intents';
import { answer } from '../response/respond';
import { isIntent } from '../request/routing';
import { words } from '../words';

/** The answer to any request for mute, whichever intent it came as. */
export function refuseMute(input: HandlerInput): Response {
  settleCommand('refused');
  return answer(input, words(input).cannotMute);
}

export const muteHandler: RequestHandler = {
  canHandle: (input: HandlerInput): boolean => isIntent(input, INTENT.mute),
  handle: refuseMute,
};
