// The real store, wrapped to count how often each family method is called (the skill's reads and writes).
import type { UserStore } from '../../../src/store';
import { storeMethods, wrapStore, type StoreMethod } from '../wrap-store';

// The families come from wrapStore, copied onto the instance in the constructor.
export interface CountingStore extends UserStore {}

export class CountingStore {
  readonly counts: Record<StoreMethod, number>;

  constructor(inner: UserStore) {
    this.counts = Object.fromEntries(storeMethods(inner).map((m) => [m, 0])) as Record<StoreMethod, number>;
    Object.assign(
      this,
      wrapStore(inner, (method) => {
        this.counts[method]++;
      }),
    );
  }
}
