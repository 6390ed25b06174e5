// Serverless commands one after another in one node process, each run as its own `serverless` process
// would run it: its command line, environment, working folder, exit code and output; serverless's and the
// project's modules (plugins, doctor, esbuild bundles) loaded anew and Node's loader as a new process has
// it. Other packages stay loaded, which is most of a start's CPU (the esbuild plugin loads Effect), and so
// does serverless's log reporter, as serverless allows when loaded twice (every command logs at the default
// level). A command ends when nothing is left to run, when its own process would exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT, SERVERLESS, type RunResult, type ServerlessRunner } from './lambda-bundle';

export interface ServerlessSession {
  run: ServerlessRunner;
  close(): Promise<void>;
}

interface Command {
  args: string[];
  env: NodeJS.ProcessEnv;
}
interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** The session's process. Plain CommonJS for `node -e`: it runs no TypeScript and loads nothing of jest's. */
const DRIVER = `
const path = require('node:path');
const [ROOT, SERVERLESS] = JSON.parse(process.argv[1]);
const PACKAGES = path.join(ROOT, 'node_modules') + path.sep;
const NODE_MODULES = path.sep + 'node_modules' + path.sep;
// Loaded anew besides the project's own files: serverless's own (not the packages it holds), and tsx,
// whose loader hooks (doctor's, build/deploy-inputs.js) are undone below.
const ANEW = ['serverless', 'tsx'].map((name) => path.join(PACKAGES, name) + path.sep);
const isKept = (id) =>
  id.startsWith(PACKAGES) && !ANEW.some((dir) => id.startsWith(dir) && !id.slice(dir.length).includes(NODE_MODULES));
const PER_RUN = ['exit', 'uncaughtException', ...Object.keys(require('node:os').constants.signals)];
// What a plugin may change in the loader and keep for the rest of its process: doctor's tsx hooks.
const Module = require('node:module');
const extensions = { ...Module._extensions };
const resolveFilename = Module._resolveFilename;
const sourceMaps = process.sourceMapsEnabled;
let current;
let listeners;
for (const [stream, key] of [[process.stdout, 'stdout'], [process.stderr, 'stderr']]) {
  const write = stream.write;
  stream.write = function (chunk, encoding, callback) {
    if (!current) return write.apply(this, arguments);
    current[key] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
}
process.on('message', ({ args, env }) => {
  for (const id of Object.keys(require.cache))
    if (!isKept(id)) delete require.cache[id];
  for (const key of Object.keys(Module._extensions)) if (!(key in extensions)) delete Module._extensions[key];
  Object.assign(Module._extensions, extensions);
  Module._resolveFilename = resolveFilename;
  process.setSourceMapsEnabled(sourceMaps);
  delete EvalError.$serverlessCommandStartTime;
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
  process.argv = [process.execPath, SERVERLESS, ...args];
  // serverless-esbuild's invoke local moves into its build folder (pre-local.js).
  process.chdir(ROOT);
  process.exitCode = undefined;
  listeners = new Map(PER_RUN.map((e) => [e, process.listeners(e)]));
  current = { stdout: '', stderr: '' };
  process.channel.unref();
  require(SERVERLESS);
});
process.on('beforeExit', () => {
  if (!current) return;
  const code = process.exitCode ?? 0;
  const added = (e) => process.listeners(e).filter((l) => !listeners.get(e).includes(l));
  for (const l of added('exit')) l(code);
  for (const e of PER_RUN) for (const l of added(e)) process.removeListener(e, l);
  const outcome = { code, ...current };
  current = undefined;
  process.exitCode = 0;
  process.channel.ref();
  process.send(outcome);
});
`;

/** Starts the session's process in `ROOT` with `env`; close it after the last command. */
export function startServerlessSession(env: NodeJS.ProcessEnv): ServerlessSession {
  const child: ChildProcess = spawn(process.execPath, ['-e', DRIVER, JSON.stringify([ROOT, SERVERLESS])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Anything on the process's own streams escaped a command's capture: no later result is trusted.
  let stray = '';
  child.stdout?.on('data', (d: Buffer) => (stray += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stray += d.toString()));
  let ended: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      ended = `the serverless session ended (${signal ?? code})`;
      resolve();
    }),
  );
  let queue: Promise<unknown> = Promise.resolve();

  const one = ({ args, env: commandEnv }: Command, timeoutMs: number): Promise<RunResult> =>
    new Promise<RunResult>((resolve, reject) => {
      if (ended) return reject(new Error(`${ended}:\n${stray}`));
      const start = process.hrtime.bigint();
      const fail = (why: string) => {
        cleanup();
        reject(new Error(`serverless ${args.join(' ')}: ${why}\n${stray}`));
      };
      const onMessage = (o: Outcome) => {
        cleanup();
        if (stray) return reject(new Error(`the serverless session wrote outside a command:\n${stray}`));
        resolve({ ...o, ms: Number(process.hrtime.bigint() - start) / 1e6 });
      };
      const onExit = () => fail('the session ended before the command did');
      const timer = timeoutMs
        ? setTimeout(() => {
            child.kill();
            fail(`no end after ${timeoutMs} ms`);
          }, timeoutMs)
        : undefined;
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ args, env: commandEnv } satisfies Command);
    });

  return {
    // One command at a time, in the order asked: a command's end is the moment nothing is left to run.
    run: (args, commandEnv, timeoutMs = 0) => {
      const result = queue.then(() => one({ args, env: commandEnv }, timeoutMs));
      queue = result.catch(() => undefined);
      return result;
    },
    close: async () => {
      await queue;
      if (!ended) child.disconnect();
      await exited;
    },
  };
}
