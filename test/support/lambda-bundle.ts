// The packaged Lambdas as a deployment sees them: `serverless package` run offline, each function's zip
// unpacked, and its bundle run by a bare `node` in a clean environment (only PATH and what is given),
// the way the Lambda runtime would load it. Shared by the packaging test and the cold-start benchmark
// (which times its own processes: bench/cold-cpu.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { readZip } from '../deploy/zip';

export const ROOT = path.resolve(__dirname, '../..');
export const SERVERLESS = path.join(ROOT, 'node_modules/serverless/bin/serverless.js');
/** A build error leaves serverless-esbuild's watcher running; never wait on it for ever. */
const PACKAGE_TIMEOUT_MS = 170_000;

export interface LambdaFunction {
  /** The key under `functions:` in serverless.yml. */
  name: string;
  /** What Lambda calls: `src/skill/entry.handler`. */
  handler: string;
  /** The module esbuild bundles and its export (`esbuildEntrypoint`, else `handler`): `src/skill/lambda.handler`. */
  source: string;
  /** The file Lambda loads, inside the zip: `src/skill/entry.mjs` (an ES module kept as written) or the bundle. */
  handlerFile: string;
  /** The bundle's path inside the zip: `src/skill/lambda.js`. */
  bundleFile: string;
  /** The exported function: `handler`. */
  exportName: string;
  /** The Alexa event it is invoked by (`alexaSkill`, `alexaSmartHome`), if any: a voice-path function. */
  alexaEvent?: string;
}

/** Every function serverless.yml declares, in its order. */
export function lambdaFunctions(serverlessYml = path.join(ROOT, 'serverless.yml')): LambdaFunction[] {
  const doc = parse(readFileSync(serverlessYml, 'utf8')) as {
    functions?: Record<string, { handler?: string; esbuildEntrypoint?: string; events?: Record<string, unknown>[] }>;
  };
  return Object.entries(doc.functions ?? {}).map(([name, fn]) => {
    const handler = fn.handler ?? '';
    const dot = handler.lastIndexOf('.');
    if (dot <= 0) throw new Error(`serverless.yml: function ${name} has no handler of the form file.export`);
    const alexaEvent = (fn.events ?? []).flatMap((e) => Object.keys(e)).find((k) => k.startsWith('alexa'));
    // The voice functions' entry is an ES module kept as written (entry.mjs); the rest are esbuild's .js bundles.
    const base = handler.slice(0, dot);
    const handlerFile = existsSync(path.join(path.dirname(serverlessYml), `${base}.mjs`))
      ? `${base}.mjs`
      : `${base}.js`;
    const source = fn.esbuildEntrypoint ?? handler;
    const bundleFile = `${source.slice(0, source.lastIndexOf('.'))}.js`;
    return {
      name,
      handler,
      source,
      handlerFile,
      bundleFile,
      exportName: handler.slice(dot + 1),
      ...(alexaEvent ? { alexaEvent } : {}),
    };
  });
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From spawn to exit. */
  ms: number;
}

export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs = 0,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
  });
}

/** Runs `serverless <args>` in the project with exactly `env` as its environment. */
export type ServerlessRunner = (args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number) => Promise<RunResult>;

/** Each command a `serverless` process of its own. */
export const freshServerless: ServerlessRunner = (args, env, timeoutMs = 0) =>
  run(process.execPath, [SERVERLESS, ...args], env, ROOT, timeoutMs);

/** The environment of a machine with no AWS account and no Serverless login: nothing to reach out with. */
export function offlineEnv(work: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(AWS_|SERVERLESS_|SLS_)/.test(key) ||
      ['SKILL_ID', 'DEVICE_CLOUD_BASE_URL', 'TABLE_NAME', 'ALARM_EMAIL'].includes(key)
    )
      continue;
    env[key] = value;
  }
  return {
    ...env,
    AWS_SHARED_CREDENTIALS_FILE: path.join(work, 'no-credentials'),
    AWS_CONFIG_FILE: path.join(work, 'no-config'),
    SLS_TELEMETRY_DISABLED: '1',
    SLS_NOTIFICATIONS_MODE: 'off',
    SLS_DEPRECATION_DISABLE: '*',
    ...extra,
  };
}

/** The skill id of a package built for a test or a benchmark, unless it names one: serverless.yml resolves nothing without SKILL_ID. */
export const PACKAGE_SKILL_ID = 'amzn1.ask.skill.0f0f0f0f-1e1e-2d2d-3c3c-4b4b4b4b4b4b';

/**
 * `serverless package --package <dir>` of the project, offline, with `extra` in the environment and
 * deploy parameters (`--param="name=value"`), run by `serverless` (its own process unless given). One at a
 * time: the plugin builds in ./.esbuild.
 */
export async function packageService(
  dir: string,
  work: string,
  extra: Record<string, string> = {},
  params: Record<string, string> = {},
  serverless: ServerlessRunner = freshServerless,
): Promise<void> {
  const paramArgs = Object.entries(params).map(([name, value]) => `--param=${name}=${value}`);
  const env = offlineEnv(work, { SKILL_ID: PACKAGE_SKILL_ID, ...extra });
  const { code, stdout, stderr } = await serverless(
    ['package', '--package', dir, ...paramArgs],
    env,
    PACKAGE_TIMEOUT_MS,
  );
  if (code !== 0) throw new Error(`serverless package failed (${code}):\n${stdout}${stderr}`);
}

/** Unpacks `<packageDir>/<name>.zip` into `into`; returns the zip's entries. */
export function unpackFunction(packageDir: string, name: string, into: string): Map<string, Buffer> {
  const entries = readZip(path.join(packageDir, `${name}.zip`));
  for (const [file, data] of entries) {
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    writeFileSync(path.join(into, file), data);
  }
  return entries;
}

/** Node started as a Lambda would: only PATH and the given variables. */
export function cleanEnv(vars: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'] ?? '', ...vars };
}

/**
 * An expression, for an async function in a `node -e` script run in the unpacked function's folder, that
 * loads the handler's module as Lambda's Node runtime does: an ES module with import() (which waits for
 * its top-level await), CommonJS with require().
 */
export function loadHandlerModule(fn: Pick<LambdaFunction, 'handlerFile'>): string {
  const file = JSON.stringify(`./${fn.handlerFile}`);
  return fn.handlerFile.endsWith('.mjs')
    ? `await import(require('node:url').pathToFileURL(require('node:path').resolve(${file})).href)`
    : `require(${file})`;
}

/**
 * A fresh node that only loads the unpacked bundle and checks its export is a function of at most two
 * parameters (nodejs24.x refuses the callback form). Exit code 3: not a function; 4: too many parameters.
 */
export function requireBundle(dir: string, fn: LambdaFunction, env: Record<string, string>): Promise<RunResult> {
  const probe =
    `(async () => { const h = (${loadHandlerModule(fn)})[${JSON.stringify(fn.exportName)}]; ` +
    "if (typeof h !== 'function') process.exit(3); if (h.length > 2) process.exit(4); })().catch((e) => { console.error(e); process.exit(1); });";
  return run(process.execPath, ['-e', probe], cleanEnv(env), dir);
}

/**
 * A fresh node that loads the unpacked bundle, invokes it once with `event` and prints the answer as JSON,
 * and the names of node's own modules loaded by then.
 */
export async function invokeBundle(
  dir: string,
  fn: LambdaFunction,
  env: Record<string, string>,
  event: unknown,
): Promise<RunResult & { response?: unknown; builtins?: string[] }> {
  const probe = [
    // The parts of the Lambda context a handler may read.
    `const context = { functionName: ${JSON.stringify(fn.name)}, awsRequestId: 'local', getRemainingTimeInMillis: () => 10000 };`,
    // Which of node's own modules the process had loaded by the answer: what the bundle's code needed.
    'const builtins = () => process.moduleLoadList.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice(13));',
    `(async () => (${loadHandlerModule(fn)})[${JSON.stringify(fn.exportName)}](JSON.parse(process.argv[1]), context))()`,
    '  .then((r) => process.stdout.write("\\n@@builtins@@" + JSON.stringify(builtins()) + "\\n@@response@@" + JSON.stringify(r)), (e) => { console.error(e); process.exitCode = 1; });',
  ].join('\n');
  const result = await run(process.execPath, ['-e', probe, JSON.stringify(event)], cleanEnv(env), dir);
  const at = result.stdout.lastIndexOf('@@response@@');
  if (at < 0) return result;
  const modules = result.stdout.lastIndexOf('@@builtins@@');
  return {
    ...result,
    response: JSON.parse(result.stdout.slice(at + '@@response@@'.length)) as unknown,
    builtins: JSON.parse(result.stdout.slice(modules + '@@builtins@@'.length, at)) as string[],
  };
}
