// A part a test file starts once before its tests, resets around each and closes after them all: the
// hooks registered in one place. Reading the part before beforeAll ran is a mistake in the test, said by name.

export interface Fixture<T> {
  start: () => Promise<T>;
  close: (part: T) => Promise<unknown>;
  beforeEach?: (part: T) => void;
  afterEach?: (part: T) => void;
}

/** Registers the hooks; call at the top of a test file or describe block, and call the result inside tests. */
export function useFixture<T>(what: string, fixture: Fixture<T>): () => T {
  let part: T | undefined;
  beforeAll(async () => {
    part = await fixture.start();
  });
  const { beforeEach: before, afterEach: after } = fixture;
  if (before) beforeEach(() => part !== undefined && before(part));
  if (after) afterEach(() => part !== undefined && after(part));
  afterAll(async () => {
    if (part !== undefined) await fixture.close(part);
  });
  return () => {
    if (part === undefined) throw new Error(`${what} is used before beforeAll started it`);
    return part;
  };
}
