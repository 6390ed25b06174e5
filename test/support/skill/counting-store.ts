// The real store, wrapped to count how often each method is called (the skill's reads and writes).
import type { UserStore } from '../../../src/store/types';
import { STORE_METHODS, wrapStore, type StoreMethod } from '../wrap-store';

// The methods come from wrapStore, copied onto the instance in the constructor.
export interface CountingStore extends UserStore {}

export class CountingStore {
  readonly counts = Object.fromEntries(STORE_METHODS.map((m) => [m, 0])) as Record<StoreMethod, number>;

  constructor(inner: UserStore) {
    Object.assign(
      this,
      wrapStore(inner, (method) => {
        this.counts[method]++;
      }),
    );
  }
}
