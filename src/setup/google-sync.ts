// After a TV is added, changed or forgotten, setup asks Google to sync the household (Request Sync), so the
// Google Home app shows the change without "Hey Google, sync my devices": "You must trigger a SYNC request"
// when the user adds, removes or renames a device (https://developers.home.google.com/cloud-to-cloud/integration/request-sync).
// One request covers every TV, since Google's SYNC then reads the whole household. Never a reason to fail
// setup: the TV is registered either way, and the user's own "sync my devices" still finds it.
import { isHomeGraphError } from '../homegraph/errors';
import type { SyncOutcome } from '../homegraph/sync';
import { silentLogger } from '../log';
import { isStoreError } from '../store/errors';
import type { IndexedTv } from '../store/types';
import type { StepRecorder } from './steps';
import type { SetupDeps } from './types';

/**
 * Asks Google to sync the household of `tv`, and records the step. `gateways`: the household's home
 * gateways as this run knows them, the TV's own by default; the agentUserId is looked up by them. A
 * household that never linked Google (or unlinked it) is skipped quietly: no step, no log line.
 */
export async function tellGoogle(
  deps: SetupDeps,
  steps: StepRecorder,
  tv: IndexedTv,
  gateways: readonly string[] = [],
): Promise<void> {
  const google = deps.google;
  // Without a service-account key setup answers as it always has.
  if (google === undefined) return;
  const ids = { userId: tv.userId, gatewayId: tv.gatewayId, tvThingId: tv.thingId };
  let outcome: SyncOutcome;
  try {
    outcome = await google.requestSync([tv.gatewayId, ...gateways]);
  } catch (e) {
    // The kind only: never the key, a token or the household's agentUserId.
    const kind = isHomeGraphError(e) ? e.kind : isStoreError(e) ? 'store' : 'internal';
    (deps.logger ?? silentLogger).warn('google sync failed', { kind, ...ids });
    steps.record(
      'tell-google',
      'skipped',
      `Google could not be asked to sync after the change to TV '${tv.deviceName}' (${kind}); ` +
        'if the Google Home app does not show it, say "Hey Google, sync my devices"',
      ids,
    );
    return;
  }
  if (outcome === 'not-linked') return;
  steps.record(
    'tell-google',
    outcome === 'sent' ? 'done' : 'skipped',
    outcome === 'sent'
      ? `asked Google to sync: the Google Home app shows the change to TV '${tv.deviceName}'`
      : 'Google no longer knows this household (unlinked in the Google Home app), so its Google link is forgotten here',
    ids,
  );
}
