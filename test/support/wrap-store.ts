// One way for tests to wrap the real store: every method of every family passes through `before`, then
// to the inner family. Counting calls and injecting a lost write are both built on it. The methods are
// found on the families themselves, so a method added to a family is wrapped with no edit here.
import type { UserStore } from '../../src/store';

/** A method of any family, by name (the names are unique across the families). */
export type StoreMethod = { [F in keyof UserStore]: keyof UserStore[F] }[keyof UserStore];

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * The functions of a family: its class's methods (on the prototype chain) or, for a family already
 * wrapped, its own. TypeScript's private methods are among them; wrapped too, they are never called
 * through the wrapper, since a family calls them on itself.
 */
function methodsOf(family: object): string[] {
  const names = new Set<string>();
  for (
    let o: object | null = family;
    o !== null && o !== Object.prototype;
    o = Object.getPrototypeOf(o) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== 'constructor' && typeof (o as Record<string, unknown>)[name] === 'function') names.add(name);
    }
  }
  return [...names];
}

/** The families of a store: its own properties (DynamoUserStore's fields, or a wrapper's copies of them). */
function familiesOf(store: UserStore): [string, object][] {
  return Object.entries(store).filter((e): e is [string, object] => typeof e[1] === 'object' && e[1] !== null);
}

/** Every method name of the store's families. */
export function storeMethods(store: UserStore): StoreMethod[] {
  return familiesOf(store).flatMap(([, family]) => methodsOf(family)) as StoreMethod[];
}

/**
 * `inner` with `before(method, args)` run ahead of every call. A throw in `before` rejects that call
 * without reaching `inner`.
 */
export function wrapStore(
  inner: UserStore,
  before: (method: StoreMethod, args: readonly unknown[]) => void,
): UserStore {
  const wrapped: Record<string, Record<string, Method>> = {};
  for (const [field, family] of familiesOf(inner)) {
    const calls: Record<string, Method> = {};
    for (const name of methodsOf(family)) {
      const call = (family as Record<string, Method>)[name] as Method;
      calls[name] = async (...args) => {
        before(name as StoreMethod, args);
        return call.apply(family, args);
      };
    }
    wrapped[field] = calls;
  }
  return wrapped as unknown as UserStore;
}
