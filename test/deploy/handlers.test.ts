// nodejs24.x runs async handlers only: a function of more than two parameters is taken for the
// callback form and refused. Each Lambda entry serverless.yml names is loaded from source (the module
// esbuild bundles; the voice functions' entry.mjs passes its handler on, test/deploy/package.test.ts),
// and must export a function of at most two parameters that answers with a promise.
import path from 'node:path';
import { coldStart, isolateEnvironment } from '../support/lambda-env';
import { lambdaFunctions, ROOT } from '../support/lambda-bundle';

isolateEnvironment(['TABLE_NAME', 'DEVICE_CLOUD_BASE_URL', 'SETUP_FUNCTION_NAME']);
// The entries log JSON lines to stdout; none is needed here.
beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());
const context = { functionName: 'test', awsRequestId: 'local', getRemainingTimeInMillis: () => 10000 };

it.each(lambdaFunctions())('$name ($source) is an async handler of at most two parameters', async (fn) => {
  // Nothing listens on port 9: a handler that reached out would fail, not hang.
  process.env['TABLE_NAME'] = 'handler-shape';
  process.env['DEVICE_CLOUD_BASE_URL'] = 'http://127.0.0.1:9';
  // serverless.yml names the setup function to the skill; the others read no such variable.
  process.env['SETUP_FUNCTION_NAME'] = 'handler-shape-setup';
  const file = path.join(ROOT, fn.source.slice(0, fn.source.lastIndexOf('.')));
  const handler = await coldStart(async () => {
    const module = (await import(file)) as Record<string, unknown>;
    return { handler: module[fn.exportName] };
  });
  expect(typeof handler).toBe('function');
  const call = handler as (...args: unknown[]) => unknown;
  expect(call.length).toBeLessThanOrEqual(2);
  // An event no entry accepts: each answers (or refuses) through the promise, never synchronously.
  const answer = call({ not: 'an alexa request' }, context);
  expect(typeof (answer as Promise<unknown> | undefined)?.then).toBe('function');
  await (answer as Promise<unknown>).catch(() => undefined);
});
