// The function's entry in Lambda: an ES module, so the runtime waits for its top-level await, and the
// cold start's loading and priming (lambda.ts, bundled by esbuild as lambda.js beside this file) run in
// the init phase, on a full vCPU whatever the memory size (docs/cold-start.md).
import { createRequire } from 'node:module';

const { ready } = createRequire(import.meta.url)('./lambda.js');

export const handler = await ready;
