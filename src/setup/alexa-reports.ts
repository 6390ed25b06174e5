// After a TV is added or forgotten, setup tells Alexa (AddOrUpdateReport / DeleteReport), so the Alexa
// app lists it, or stops listing it, without "Alexa, discover devices". Never a reason to fail setup:
// the TV is registered either way, and discovery still finds it; the answer then says to discover.
import type { ReportOutcome } from '../alexa/reporter';
import { isAlexaApiError } from '../alexa/errors';
import { isStoreError } from '../store/errors';
import type { IndexedTv } from '../store/types';
import { silentLogger } from '../log';
import type { StepRecorder } from './steps';
import type { SetupDeps } from './types';

/** added: a new TV; updated: a TV whose description changed (its channel names, in the cookie); removed. */
export type AlexaChange = 'added' | 'updated' | 'removed';

const DISCOVER: Record<AlexaChange, string> = {
  added: ' If the Alexa app does not list it yet, say "Alexa, discover devices".',
  updated: ' Say "Alexa, discover devices" so that Alexa learns the change.',
  removed: ' If the Alexa app still lists it, say "Alexa, discover devices".',
};
const TOLD: Record<AlexaChange, (name: string) => [detail: string, next: string]> = {
  added: (name) => [
    `told Alexa about TV '${name}': the Alexa app lists it now`,
    ' The Alexa app lists it already: no device search needed.',
  ],
  updated: (name) => [`told Alexa the new description of TV '${name}'`, ''],
  removed: (name) => [
    `told Alexa that TV '${name}' is gone: the Alexa app no longer lists it`,
    ' The Alexa app no longer lists it.',
  ],
};

/** Reports the change, records the step, and returns what to add to the answer's next steps. */
export async function tellAlexa(
  deps: SetupDeps,
  steps: StepRecorder,
  change: AlexaChange,
  tv: IndexedTv,
): Promise<string> {
  const reporter = deps.reporter;
  // Without the skill's messaging credentials setup answers as it always has.
  if (reporter === undefined) return '';
  const ids = { userId: tv.userId, gatewayId: tv.gatewayId, tvThingId: tv.thingId };
  let outcome: ReportOutcome | 'still-listed';
  try {
    outcome =
      change !== 'removed'
        ? await reporter.added(tv)
        : // A TV another user of the account still has stays in the index, so discovery keeps listing it: so does Alexa.
          (await deps.store.tvs.tvsBehindGateways([tv.gatewayId])).some((t) => t.thingId === tv.thingId)
          ? 'still-listed'
          : await reporter.removed(tv);
  } catch (e) {
    // Logged by class, never with a token: the kind, the service, the HTTP status and Amazon's code.
    const cause = isAlexaApiError(e)
      ? e.fields()
      : isStoreError(e)
        ? { kind: 'store' }
        : { kind: 'internal', error: e instanceof Error ? e.name : typeof e };
    (deps.logger ?? silentLogger).warn('alexa event failed', { change, ...cause, ...ids });
    const why = isAlexaApiError(e) ? e.kind : String(cause.kind);
    steps.record(
      'tell-alexa',
      'skipped',
      `Alexa could not be told that TV '${tv.deviceName}' was ${change} (${why})`,
      ids,
    );
    return DISCOVER[change];
  }
  if (outcome === 'sent') {
    const [detail, next] = TOLD[change](tv.deviceName);
    steps.record('tell-alexa', 'done', detail, ids);
    return next;
  }
  steps.record(
    'tell-alexa',
    'skipped',
    {
      'no-grant': `no Alexa grant for gateway ${tv.gatewayId} (linked before events were enabled, or the skill was disabled since)`,
      'no-endpoint': `TV '${tv.deviceName}' has an id Alexa cannot list`,
      'still-listed': `TV '${tv.deviceName}' is still set up for another user of the account, so Alexa keeps listing it`,
    }[outcome],
    ids,
  );
  return outcome === 'no-grant' ? DISCOVER[change] : '';
}
