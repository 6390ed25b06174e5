// A wrapper around the real store that fails one chosen write once, after the registration it would
// record has happened: the "crashed before the checkpoint" case no real part produces on demand.
import type { UserStore } from '../../src/store';
import { wrapStore, type StoreMethod } from './wrap-store';

type Flaky = 'saveSetupProgress' | 'saveTv' | 'indexTv' | 'unindexTv' | 'finishRemoval';

// The families come from wrapStore, copied onto the instance in the constructor.
export interface FlakyStore extends UserStore {}

export class FlakyStore {
  private failures = new Map<StoreMethod, number>();

  constructor(store: UserStore) {
    Object.assign(
      this,
      wrapStore(store, (method) => {
        if (this.shouldFail(method)) throw new Error('store write lost (injected)');
      }),
    );
  }

  /** The `nth` next call of `method` throws (without writing); later calls pass through. */
  failOnce(method: Flaky, nth = 1): this {
    this.failures.set(method, nth);
    return this;
  }

  private shouldFail(method: StoreMethod): boolean {
    const left = this.failures.get(method);
    if (left === undefined) return false;
    if (left > 1) {
      this.failures.set(method, left - 1);
      return false;
    }
    this.failures.delete(method);
    return true;
  }
}
