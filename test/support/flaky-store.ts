// A wrapper around the real store that fails one chosen write once, after the registration it would
// record has happened: the "crashed before the checkpoint" case no real part produces on demand.
import type { IndexedTv, LinkCode, LinkCodeState, RegisteredTv, SetupProgress, UserRecord, UserStore } from '../../src/store/types';

type Flaky = 'saveSetupProgress' | 'saveTv' | 'indexTv';

export class FlakyStore implements UserStore {
  private failures = new Map<Flaky, number>();

  constructor(private readonly store: UserStore) {}

  /** The `nth` next call of `method` throws (without writing); later calls pass through. */
  failOnce(method: Flaky, nth = 1): this {
    this.failures.set(method, nth);
    return this;
  }

  private shouldFail(method: Flaky): boolean {
    const left = this.failures.get(method);
    if (left === undefined) return false;
    if (left > 1) {
      this.failures.set(method, left - 1);
      return false;
    }
    this.failures.delete(method);
    return true;
  }

  get(userId: string): Promise<UserRecord | undefined> {
    return this.store.get(userId);
  }

  saveAccessToken(userId: string, accessToken: string, seenAt?: number): Promise<boolean> {
    return this.store.saveAccessToken(userId, accessToken, seenAt);
  }

  async saveSetupProgress(userId: string, tvName: string, progress: SetupProgress): Promise<void> {
    if (this.shouldFail('saveSetupProgress')) throw new Error('store write lost (injected)');
    return this.store.saveSetupProgress(userId, tvName, progress);
  }

  async saveTv(userId: string, tv: RegisteredTv, setupName?: string): Promise<void> {
    if (this.shouldFail('saveTv')) throw new Error('store write lost (injected)');
    return this.store.saveTv(userId, tv, setupName);
  }

  removeTv(userId: string, tv: RegisteredTv): Promise<boolean> {
    return this.store.removeTv(userId, tv);
  }

  issueLinkCode(userId: string, nowSeconds?: number): Promise<LinkCode> {
    return this.store.issueLinkCode(userId, nowSeconds);
  }

  findLinkCode(code: string, nowSeconds?: number): Promise<string | undefined> {
    return this.store.findLinkCode(code, nowSeconds);
  }

  consumeLinkCode(code: string): Promise<void> {
    return this.store.consumeLinkCode(code);
  }

  readLinkCode(code: string, nowSeconds?: number): Promise<LinkCodeState | undefined> {
    return this.store.readLinkCode(code, nowSeconds);
  }

  takeSetupLease(userId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    return this.store.takeSetupLease(userId, owner, nowSeconds, ttlSeconds);
  }

  releaseSetupLease(userId: string, owner: string): Promise<void> {
    return this.store.releaseSetupLease(userId, owner);
  }

  countLinkCodeTry(window: number, limit: number, expiresAt: number): Promise<boolean> {
    return this.store.countLinkCodeTry(window, limit, expiresAt);
  }

  forgiveLinkCodeTry(window: number): Promise<void> {
    return this.store.forgiveLinkCodeTry(window);
  }

  async indexTv(tv: IndexedTv): Promise<void> {
    if (this.shouldFail('indexTv')) throw new Error('store write lost (injected)');
    return this.store.indexTv(tv);
  }

  unindexTv(tv: Pick<IndexedTv, 'gatewayId' | 'thingId'>): Promise<void> {
    return this.store.unindexTv(tv);
  }

  tvsBehindGateways(gatewayIds: readonly string[]): Promise<IndexedTv[]> {
    return this.store.tvsBehindGateways(gatewayIds);
  }
}
