// The keypad on the screen: added to the welcome of a device that shows APL, and the whole answer to a
// touch (shown, not spoken, when it worked; `shouldEndSession` left out). Why: docs/screen.md#answer.
import type { HandlerInput } from 'ask-sdk-core';
import type { Response } from 'ask-sdk-model';
import type { RegisteredTv } from '../../store/types';
import { findRequestUser } from '../request/request-user';
import { usedTv } from '../request/session';
import { words } from '../words';
import { isUserEvent, showsVersion } from './device';
import { APL_VERSION, keypadData, renderDirective } from './document';

export function isTouch(input: HandlerInput): boolean {
  return isUserEvent(input.requestEnvelope);
}

/** The keypad for the TV the request is about, when the device shows APL 1.4 and the user has a TV. */
export function keypadDirective(
  input: HandlerInput,
  status: string,
  failed: boolean,
): ReturnType<typeof renderDirective> | undefined {
  if (!showsVersion(input.requestEnvelope, APL_VERSION)) return undefined;
  const user = findRequestUser(input);
  const tvs = user?.tvs ?? [];
  const tv: RegisteredTv | undefined = user?.tv ?? usedTv(input, tvs) ?? tvs[0];
  return tv === undefined ? undefined : renderDirective(keypadData(words(input), tvs, tv, status, failed));
}

/** The answer to a touch: the keypad again with what happened on it, spoken only when it failed. */
export function touchAnswer(input: HandlerInput, speech: string, failed: boolean): Response {
  const builder = input.responseBuilder;
  if (failed) builder.speak(speech);
  const directive = keypadDirective(input, speech, failed);
  if (directive) builder.addDirective(directive);
  return builder.getResponse();
}
