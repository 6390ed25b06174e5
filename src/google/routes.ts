// The door's one route table: each intent to its module (intents/), as Home Assistant's smart_home.py
// keeps one function per intent. The metrics' command names are these keys too.
import { disconnect } from './intents/disconnect';
import { execute } from './intents/execute';
import type { IntentHandler } from './intents/intent';
import { query } from './intents/query';
import { sync } from './intents/sync';
import { DISCONNECT, EXECUTE, QUERY, SYNC, type Input, type IntentName } from './request';

/** An intent's module, taking that intent's input. */
type Routes = { [N in IntentName]: IntentHandler<Extract<Input, { intent: N }>> };

const ROUTES: Routes = { [SYNC]: sync, [QUERY]: query, [EXECUTE]: execute, [DISCONNECT]: disconnect };

/**
 * Each intent's module, called with the input it takes. A handler of any one input can be called with
 * the whole union only through this table, which pairs every intent with its own input's handler.
 */
export const INTENTS = ROUTES as Readonly<Record<IntentName, IntentHandler<Input>>>;
