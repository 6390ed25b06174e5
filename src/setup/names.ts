// Device names stay unique among what the availability search shows: the cloud answers "duplicate"
// (result 200) both for a taken name and for an already registered thingId, so only a name nobody
// else holds lets us read "duplicate" as "this very device is already registered".
import type { Device } from '../cloud/types';
import { tvNameKey as key } from '../store/types';
import { SetupInputError } from './errors';

export const sameName = (a: string, b: string): boolean => key(a) === key(b);

export class TakenNames {
  private readonly byName = new Map<string, Set<string>>();

  constructor(devices: Device[]) {
    for (const d of devices) this.add(d.deviceName, d.thingId);
  }

  /** A name this run gave a device, which the search listed under another. */
  add(name: string, thingId: string): void {
    if (typeof name !== 'string' || name.trim() === '') return;
    const owners = this.byName.get(key(name)) ?? new Set<string>();
    owners.add(thingId);
    this.byName.set(key(name), owners);
  }

  /** True when a device other than `thingId` (if given) carries the name. */
  takenByOther(name: string, thingId?: string): boolean {
    const owners = this.byName.get(key(name));
    return owners !== undefined && [...owners].some((t) => t !== thingId);
  }

  /** `base`, else `base 2`, `base 3`... whichever no other device holds. */
  firstFree(base: string, thingId?: string): string {
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base} ${n}`;
      if (!this.takenByOther(name, thingId)) return name;
    }
  }

  /** The name the caller asked for (refused when taken), else the preferred one if free, else base/base 2... */
  choose(
    field: 'tvName' | 'remoteName',
    requested: string | undefined,
    preferred: string | undefined,
    base: string,
    thingId?: string,
  ): string {
    if (requested !== undefined) {
      if (this.takenByOther(requested, thingId)) {
        throw new SetupInputError(
          field,
          `${field} '${requested}' is already used by another device; choose another name`,
        );
      }
      return requested;
    }
    if (preferred !== undefined && preferred.trim() !== '' && !this.takenByOther(preferred, thingId))
      return preferred.trim();
    return this.firstFree(base, thingId);
  }
}
