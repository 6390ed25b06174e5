// action.devices.EXECUTE: each (device, command) pair in order, each device's commands stopping at its first
// failure. A device that is not the household's is refused before anything is pressed for it. Each
// command is one trait's (traits/index.ts, the route table of commands), run on the one handler contract
// (src/tv/command.ts) with the TV reference built here from the index.
import type { Outcome } from '../../metrics';
import { outcomeOf } from '../../outcome';
import type { IndexedTv } from '../../store/types';
import { tvRefOf } from '../../tv/command';
import { tvControlFor } from '../../tv/control';
import { GoogleError, unlessTokenRefused, type GoogleFailure } from '../errors';
import { householdOf, type Household } from '../household';
import type { CommandGroup, EXECUTE, Execution } from '../request';
import { commandResult, executeResponse, type CommandResult } from '../respond';
import { COMMANDS } from '../traits';
import type { IntentContext, IntentHandler } from './intent';

export const execute: IntentHandler<{ intent: typeof EXECUTE; commands: CommandGroup[] }> = async (
  { commands },
  ctx,
) => {
  const names = new Set(
    commands.flatMap((c) => c.execution.map((e) => e.command.replace(/^action\.devices\.commands\./, ''))),
  );
  ctx.fields['commands'] = [...names].join(',').slice(0, 120);
  const answer = (outcome: Outcome, results: CommandResult[]) => {
    ctx.fields['results'] = results
      .map((r) => r.errorCode ?? r.status)
      .join(',')
      .slice(0, 120);
    return { outcome, status: 200, body: executeResponse(ctx.requestId, results) };
  };
  let household: Household;
  try {
    household = await householdOf(
      ctx.cloud,
      ctx.directory,
      ctx.token,
      commands.flatMap((c) => c.devices),
      ctx.reach,
    );
  } catch (e) {
    // Every device gets the error: the device-level form is the one EXECUTE's schema accepts.
    const failure = unlessTokenRefused(e);
    ctx.fields['errorCode'] = failure.errorCode;
    return answer(
      outcomeOf(e),
      [...new Set(commands.flatMap((c) => c.devices.map((d) => d.id)))].map((id) => commandResult(id, failure)),
    );
  }
  ctx.fields['tvs'] = household.tvs.size;
  const results: CommandResult[] = [];
  let outcome: Outcome = 'ok';
  for (const group of commands) {
    for (const { id } of group.devices) {
      const tv = household.tvs.get(id);
      const failed =
        tv === undefined
          ? new GoogleError('deviceNotFound', "the device is not one of this account's TVs")
          : await runAll(group.execution, tv, ctx);
      let failure: GoogleFailure | undefined;
      if (failed !== undefined) {
        failure = unlessTokenRefused(failed);
        outcome = outcomeOf(failed);
      }
      results.push(commandResult(id, failure));
    }
  }
  return answer(outcome, results);
};

/** The commands in order on one TV: undefined when all were done, else what stopped them. */
async function runAll(execution: Execution[], indexed: IndexedTv, ctx: IntentContext): Promise<unknown> {
  const tv = tvRefOf(indexed);
  const control = tvControlFor(ctx.cloud, ctx.token, tv.thingId, { deadline: ctx.deadline, now: ctx.now });
  for (const { command, params } of execution) {
    const handler = COMMANDS.get(command);
    try {
      // The Television guide: "If your device does not support these traits, enter the error code of
      // functionNotSupported in a QUERY or EXECUTE response."
      if (handler === undefined) throw new GoogleError('functionNotSupported', 'the TV has no trait with this command');
      await handler(params, { tv, control, now: ctx.now });
    } catch (e) {
      return e;
    }
  }
  return undefined;
}
