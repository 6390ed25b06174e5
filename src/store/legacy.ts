// What older versions wrote, read and cleaned up here only, so the rest of the store speaks of today's
// items. The one-TV version kept a single `tv` (and its run's checkpoint `setup`) on the user's record:
// that `tv` reads as the oldest TV, so no migration is needed, and both go when the TVs are next written.
// Before the one normal form of names, a TV's key was its name in lower case with single spaces: entries
// under such a key stay findable and move to today's key when saved again.
import type { RegisteredTv } from './types';
import { tvNameKey } from './types';

/** The one-TV version's attributes on a user's record. */
export const ONE_TV_ERA = { tv: 'tv', setup: 'setup' } as const;

/** The key the code before the normal form used (case and spacing only). */
export function legacyTvNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The map's TVs after the one-TV version's `tv`, unless the map holds that TV or its name. */
export function withOneTvEraTv(tvs: RegisteredTv[], oneTv: RegisteredTv | undefined): RegisteredTv[] {
  const shadowed =
    oneTv && tvs.some((t) => t.thingId === oneTv.thingId || tvNameKey(t.deviceName) === tvNameKey(oneTv.deviceName));
  return oneTv && !shadowed ? [oneTv, ...tvs] : tvs;
}

/**
 * What saving a TV under today's key also removes: the one-TV `setup` (a checkpoint of a run that has
 * now finished) and, where the older key differs, the entry and checkpoint under it. `sameTv` is the
 * condition an older entry must meet (the same thingId), so another TV of that name is never dropped.
 */
export function legacyOnSave(
  deviceName: string,
  setupName: string,
): { names: Record<string, string>; removes: string[]; sameTv?: string } {
  const names: Record<string, string> = { '#legacySetup': ONE_TV_ERA.setup };
  const removes = ['#legacySetup'];
  const oldKey = legacyTvNameKey(deviceName);
  if (oldKey === tvNameKey(deviceName)) return { names, removes };
  Object.assign(names, { '#oldKey': oldKey, '#oldSetupKey': legacyTvNameKey(setupName) });
  removes.push('#tvs.#oldKey', '#setups.#oldSetupKey');
  return { names, removes, sameTv: 'attribute_not_exists(#tvs.#oldKey) OR #tvs.#oldKey.#thingId = :thingId' };
}

/** Where a TV being forgotten sits when the one-TV version saved it: the `tv`, with its run's `setup`. */
export const ONE_TV_ERA_PLACE = {
  expression: 'REMOVE #tv, #legacySetup',
  condition: '#tv.#thingId = :thingId',
  names: { '#tv': ONE_TV_ERA.tv, '#legacySetup': ONE_TV_ERA.setup },
};
