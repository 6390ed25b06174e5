// A Lambda cold start in a test: the entry module loaded afresh (its own module registry), so it reads
// the environment as it is now and shares no wiring with earlier loads.
export async function coldStart<H>(load: () => Promise<{ handler: H }>): Promise<H> {
  let handler: H | undefined;
  await jest.isolateModulesAsync(async () => {
    ({ handler } = await load());
  });
  if (!handler) throw new Error('the module exported no handler');
  return handler;
}
