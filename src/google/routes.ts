// The door's one route table: each intent to its module (intents/), as Home Assistant's smart_home.py
// keeps one function per intent. The metrics' command names are these keys too.
import { disconnect } from './intents/disconnect';
import { execute } from './intents/execute';
import type { IntentContext, IntentHandler } from './intents/intent';
import { query } from './intents/query';
import { sync } from './intents/sync';
import type { IntentAnswer } from './respond';
import { DISCONNECT, EXECUTE, QUERY, SYNC, type Input, type IntentName } from './request';

type Routes = { [N in IntentName]: IntentHandler<Extract<Input, { intent: N }>> };

export const INTENTS: Routes = { [SYNC]: sync, [QUERY]: query, [EXECUTE]: execute, [DISCONNECT]: disconnect };

/** The intent's module for this input. */
export function route<N extends IntentName>(input: Extract<Input, { intent: N }>, ctx: IntentContext): Promise<IntentAnswer> {
  const handler: Routes[N] = INTENTS[input.intent as N];
  return handler(input, ctx);
}
