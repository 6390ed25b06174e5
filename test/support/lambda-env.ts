// For tests of a Lambda entry (lambda.ts): its environment variables cleared before each test and
// restored afterwards, and a cold start that loads the module afresh with the environment as it is.

/** Registers the hooks; call at the top level of a test file. */
export function isolateEnvironment(vars: readonly string[]): void {
  const saved = Object.fromEntries(vars.map((v) => [v, process.env[v]]));
  beforeEach(() => {
    for (const v of vars) delete process.env[v];
  });
  afterAll(() => {
    for (const v of vars) {
      if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
    }
  });
}

/**
 * The module's `handler`, from a fresh load of the module (`load` is a dynamic import of it). An entry
 * that loads its parts in steps exports `ready`; the steps load inside the same fresh module registry.
 */
export async function coldStart<H>(load: () => Promise<{ handler: H; ready?: Promise<unknown> }>): Promise<H> {
  let handler: H | undefined;
  await jest.isolateModulesAsync(async () => {
    const loaded = await load();
    await loaded.ready;
    ({ handler } = loaded);
  });
  if (!handler) throw new Error('the module exported no handler');
  return handler;
}
