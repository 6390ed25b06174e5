// The real store, wrapped to count how often each method is called (the skill's reads and writes).
import type { IndexedTv, LinkCode, LinkCodeState, RegisteredTv, SetupProgress, UserRecord, UserStore } from '../../../src/store/types';

export type StoreMethod = keyof UserStore;

export class CountingStore implements UserStore {
  readonly counts: Record<StoreMethod, number> = {
    get: 0, saveAccessToken: 0, saveSetupProgress: 0, saveTv: 0, removeTv: 0, issueLinkCode: 0, findLinkCode: 0, readLinkCode: 0, consumeLinkCode: 0,
    takeSetupLease: 0, releaseSetupLease: 0, countLinkCodeTry: 0, forgiveLinkCodeTry: 0,
    indexTv: 0, unindexTv: 0, tvsBehindGateways: 0,
  };

  constructor(private readonly inner: UserStore) {}

  get(userId: string): Promise<UserRecord | undefined> {
    this.counts.get++;
    return this.inner.get(userId);
  }

  saveAccessToken(userId: string, accessToken: string, seenAt?: number): Promise<boolean> {
    this.counts.saveAccessToken++;
    return this.inner.saveAccessToken(userId, accessToken, seenAt);
  }

  saveSetupProgress(userId: string, tvName: string, progress: SetupProgress): Promise<void> {
    this.counts.saveSetupProgress++;
    return this.inner.saveSetupProgress(userId, tvName, progress);
  }

  saveTv(userId: string, tv: RegisteredTv, setupName?: string): Promise<void> {
    this.counts.saveTv++;
    return this.inner.saveTv(userId, tv, setupName);
  }

  removeTv(userId: string, tv: RegisteredTv): Promise<boolean> {
    this.counts.removeTv++;
    return this.inner.removeTv(userId, tv);
  }

  issueLinkCode(userId: string, nowSeconds?: number): Promise<LinkCode> {
    this.counts.issueLinkCode++;
    return this.inner.issueLinkCode(userId, nowSeconds);
  }

  findLinkCode(code: string, nowSeconds?: number): Promise<string | undefined> {
    this.counts.findLinkCode++;
    return this.inner.findLinkCode(code, nowSeconds);
  }

  consumeLinkCode(code: string): Promise<void> {
    this.counts.consumeLinkCode++;
    return this.inner.consumeLinkCode(code);
  }

  readLinkCode(code: string, nowSeconds?: number): Promise<LinkCodeState | undefined> {
    this.counts.readLinkCode++;
    return this.inner.readLinkCode(code, nowSeconds);
  }

  takeSetupLease(userId: string, owner: string, nowSeconds: number, ttlSeconds: number): Promise<boolean> {
    this.counts.takeSetupLease++;
    return this.inner.takeSetupLease(userId, owner, nowSeconds, ttlSeconds);
  }

  releaseSetupLease(userId: string, owner: string): Promise<void> {
    this.counts.releaseSetupLease++;
    return this.inner.releaseSetupLease(userId, owner);
  }

  countLinkCodeTry(window: number, limit: number, expiresAt: number): Promise<boolean> {
    this.counts.countLinkCodeTry++;
    return this.inner.countLinkCodeTry(window, limit, expiresAt);
  }

  forgiveLinkCodeTry(window: number): Promise<void> {
    this.counts.forgiveLinkCodeTry++;
    return this.inner.forgiveLinkCodeTry(window);
  }

  indexTv(tv: IndexedTv): Promise<void> {
    this.counts.indexTv++;
    return this.inner.indexTv(tv);
  }

  unindexTv(tv: Pick<IndexedTv, 'gatewayId' | 'thingId'>): Promise<void> {
    this.counts.unindexTv++;
    return this.inner.unindexTv(tv);
  }

  tvsBehindGateways(gatewayIds: readonly string[]): Promise<IndexedTv[]> {
    this.counts.tvsBehindGateways++;
    return this.inner.tvsBehindGateways(gatewayIds);
  }
}
