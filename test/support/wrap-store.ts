// One way for tests to wrap the real store: every UserStore method passes through `before`, then to
// the inner store. Counting calls and injecting a lost write are both built on it.
import type { UserStore } from '../../src/store/types';

export type StoreMethod = keyof UserStore;

// A Record over the interface's keys, so the compiler rejects a missing or unknown method.
const METHODS: Record<StoreMethod, true> = {
  get: true,
  saveAccessToken: true,
  saveSetupProgress: true,
  saveTv: true,
  removeTv: true,
  finishRemoval: true,
  issueLinkCode: true,
  findLinkCode: true,
  readLinkCode: true,
  consumeLinkCode: true,
  takeSetupLease: true,
  releaseSetupLease: true,
  takeGatewayLease: true,
  releaseGatewayLease: true,
  countLinkCodeTry: true,
  forgiveLinkCodeTry: true,
  indexTv: true,
  unindexTv: true,
  tvsBehindGateways: true,
  startVoiceSetup: true,
  finishVoiceSetup: true,
};

export const STORE_METHODS = Object.keys(METHODS) as StoreMethod[];

/**
 * `inner` with `before(method, args)` run ahead of every call. A throw in `before` rejects that call
 * without reaching `inner`.
 */
export function wrapStore(
  inner: UserStore,
  before: (method: StoreMethod, args: readonly unknown[]) => void,
): UserStore {
  const wrapped: Partial<Record<StoreMethod, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const method of STORE_METHODS) {
    const call = inner[method] as (...args: unknown[]) => Promise<unknown>;
    wrapped[method] = async (...args) => {
      before(method, args);
      return call.apply(inner, args);
    };
  }
  return wrapped as UserStore;
}
