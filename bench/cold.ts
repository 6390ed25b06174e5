// Cold start of every Lambda serverless.yml declares, as a ratio to bare node.
//
// Packages the service the way a deployment does (serverless package, offline), unpacks each function's
// zip and starts a fresh `node` on it in a clean environment (only PATH and the function's own
// variables, as the Lambda runtime does; NODE_EXTRA_CA_CERTS alone would add ~110 ms to every start):
//   - require: load the bundle, nothing else;
//   - first request: load it and answer one real request against the device-cloud emulator and
//     dynalite, both running in this process on 127.0.0.1.
// Rounds alternate `node -e 0` with every measurement; a ratio is the median over rounds of the run's
// time over its own round's bare node, so load that drifts (two shared cores) cancels out. Then each
// bundle's size and the packages that dominate it (esbuild metafile, same settings as custom.esbuild).
//
//   npm run bench:cold       (BENCH_COLD_N=<runs of each measurement>, default 15)
import './../src/local/sandbox/quiet-sdk-notices';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { build } from 'esbuild';
import { createUserTable, LOCAL_AWS_ENV, startDynalite, type RunningDynalite } from '../src/local/dynamo';
import { startEmulator, type Emulator } from '../src/local/emulator';
import { DynamoUserStore } from '../src/store';
import { registerDemoTv } from '../test/support/emulator';
import {
  bareNode, esbuildSettings, invokeBundle, lambdaFunctions, packageService, requireBundle, ROOT, unpackFunction,
  type LambdaFunction, type RunResult,
} from '../test/support/lambda-bundle';
import { intent, SKILL_ID as BENCH_SKILL_ID, type Who } from '../test/support/skill/requests';
import { positiveInt, summarise, table } from './stats';

const N = positiveInt(process.env['BENCH_COLD_N'], 15);
/** The target for a voice-path function's cold start (require), as a multiple of bare node. */
const VOICE_TARGET = 3.0;
const TABLE = 'users-bench-cold';

interface FirstRequest {
  what: string;
  event: (who: Who) => unknown;
  /** Why the answer is not the expected one, or undefined when it is. */
  problem: (response: unknown, deviceCalls: number) => string | undefined;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});

/** One real request per function, by its name in serverless.yml; a function not listed is only required. */
const FIRST_REQUESTS: Record<string, FirstRequest> = {
  skill: {
    what: 'SetChannelIntent channel 5',
    event: intent('SetChannelIntent', { channel: '5' }),
    problem: (r, calls) => (calls !== 1 ? `${calls} device calls, expected 1` : obj(obj(r)['response'])['outputSpeech'] ? undefined : 'no speech'),
  },
  smarthome: {
    what: 'Alexa.Discovery Discover',
    event: (who) => ({
      directive: {
        header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: `bench-${Date.now()}` },
        payload: { scope: { type: 'BearerToken', token: who.token } },
      },
    }),
    problem: (r) => {
      const name = obj(obj(obj(r)['event'])['header'])['name'];
      return name === 'Discover.Response' ? undefined : `answered ${String(name)}`;
    },
  },
  setup: {
    what: 'setup of an already registered TV',
    event: (who) => ({ userId: who.userId }),
    problem: (r) => (typeof obj(r)['status'] === 'string' ? undefined : 'no status'),
  },
};

interface Row {
  fn: LambdaFunction;
  bundleBytes: number;
  require: number[];
  first: number[];
  /** Per round: run time over that round's bare node. */
  requireRatio: number[];
  firstRatio: number[];
  top: { name: string; bytes: number }[];
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-cold-'));
  let emulator: Emulator | undefined;
  let dynalite: RunningDynalite | undefined;
  let dynamo: DynamoDBClient | undefined;
  try {
    const functions = lambdaFunctions();
    const packageDir = path.join(work, 'package');
    console.log(`packaging ${functions.map((f) => f.name).join(', ')} ...`);
    await packageService(packageDir, work);

    emulator = await startEmulator();
    dynalite = await startDynalite();
    const aws = { ...LOCAL_AWS_ENV, AWS_ENDPOINT_URL_DYNAMODB: dynalite.endpoint };
    dynamo = new DynamoDBClient({
      region: aws.AWS_REGION,
      endpoint: dynalite.endpoint,
      credentials: { accessKeyId: aws.AWS_ACCESS_KEY_ID, secretAccessKey: aws.AWS_SECRET_ACCESS_KEY },
    });
    await createUserTable(dynamo, TABLE);
    const store = new DynamoUserStore({ tableName: TABLE, client: dynamo });
    const who: Who = { userId: 'amzn1.ask.account.BENCHCOLD0001', token: 'bench-cold-token-0001' };
    const { tv } = await registerDemoTv(emulator, who.token);
    await store.saveAccessToken(who.userId, who.token);
    await store.saveTv(who.userId, tv);

    // What the Lambda runtime would give each function: its variables from serverless.yml, pointed here.
    const env: Record<string, string> = {
      ...aws, TABLE_NAME: TABLE, DEVICE_CLOUD_BASE_URL: emulator.url, SKILL_ID: BENCH_SKILL_ID,
      // Lambda runs Node 22, where the SDK prints no Node-version notice; this machine's Node 20 would.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const rows: Row[] = [];
    for (const fn of functions) {
      const dir = path.join(work, `run-${fn.name}`);
      const entries = unpackFunction(packageDir, fn.name, dir);
      rows.push({ fn, bundleBytes: entries.get(fn.handlerFile)?.length ?? 0, require: [], first: [], requireRatio: [], firstRatio: [], top: await dominant(fn) });
      // Each path must work before it is timed.
      expectOk(await requireBundle(dir, fn, env), `${fn.name}: require`);
      await timedFirst(dir, fn, env, emulator, who);
    }

    const bare: number[] = [];
    for (let i = 0; i < N; i++) {
      const bareMs = expectOk(await bareNode(), 'node -e 0').ms;
      bare.push(bareMs);
      for (const row of rows) {
        const ms = expectOk(await requireBundle(path.join(work, `run-${row.fn.name}`), row.fn, env), row.fn.name).ms;
        row.require.push(ms);
        row.requireRatio.push(ms / bareMs);
      }
      for (const row of rows) {
        const ms = await timedFirst(path.join(work, `run-${row.fn.name}`), row.fn, env, emulator, who);
        if (ms === undefined) continue;
        row.first.push(ms);
        row.firstRatio.push(ms / bareMs);
      }
    }
    print(rows, summarise(bare).medianMs);
  } finally {
    dynamo?.destroy();
    await emulator?.close();
    await dynalite?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs the function's first request once; its duration in ms, or undefined if it has none. */
async function timedFirst(dir: string, fn: LambdaFunction, env: Record<string, string>, emulator: Emulator, who: Who): Promise<number | undefined> {
  const request = FIRST_REQUESTS[fn.name];
  if (!request) return undefined;
  emulator.clearCalls();
  const result = await invokeBundle(dir, fn, env, request.event(who));
  expectOk(result, `${fn.name}: ${request.what}`);
  const problem = 'response' in result ? request.problem(result.response, emulator.calls.length) : 'no answer printed';
  if (problem) throw new Error(`${fn.name}: ${request.what}: ${problem}\n${result.stdout}${result.stderr}`);
  return result.ms;
}

function expectOk(result: RunResult, what: string): RunResult {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}:\n${result.stdout}${result.stderr}`);
  return result;
}

/** The packages that make up the function's bundle, largest first, built with custom.esbuild's settings. */
async function dominant(fn: LambdaFunction): Promise<{ name: string; bytes: number }[]> {
  const { exclude: _exclude, ...settings } = esbuildSettings();
  const result = await build({
    ...settings, entryPoints: [fn.handlerFile.replace(/\.js$/, '.ts')], absWorkingDir: ROOT, write: false, metafile: true, outdir: 'out', logLevel: 'silent',
  });
  const bytes = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [file, input] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split('/').slice(0, 2).join('/');
      bytes.set(pkg, (bytes.get(pkg) ?? 0) + input.bytesInOutput);
    }
  }
  return [...bytes].map(([name, b]) => ({ name, bytes: b })).sort((a, b) => b.bytes - a.bytes);
}

function print(rows: Row[], bareMs: number): void {
  console.log(`node ${process.version}, ${N} alternating rounds, clean environment (env -i PATH); medians, ratios paired per round`);
  console.log(`bare node (node -e 0): ${bareMs.toFixed(1)} ms\n`);
  const header = ['function', 'bundle KB', 'require ms', 'x bare', 'first request', 'ms', 'x bare', `voice target ${VOICE_TARGET.toFixed(1)}x`];
  const body = rows.map((r) => {
    const req = summarise(r.require).medianMs;
    const reqRatio = summarise(r.requireRatio).medianMs;
    const first = r.first.length ? summarise(r.first).medianMs : NaN;
    const firstRatio = r.first.length ? summarise(r.firstRatio).medianMs : NaN;
    const verdict = r.fn.alexaEvent ? (reqRatio <= VOICE_TARGET ? 'met' : 'MISSED') : '(not voice)';
    return [
      r.fn.name, (r.bundleBytes / 1024).toFixed(0), req.toFixed(1), `${reqRatio.toFixed(2)}x`,
      FIRST_REQUESTS[r.fn.name]?.what ?? '(none known)', Number.isNaN(first) ? '-' : first.toFixed(1), Number.isNaN(firstRatio) ? '-' : `${firstRatio.toFixed(2)}x`, verdict,
    ];
  });
  table(header, body, [0, 4, 7]);
  console.log('\nwhat the bundles hold (esbuild metafile, bytes in the minified output):');
  for (const r of rows) {
    const total = r.top.reduce((s, t) => s + t.bytes, 0);
    const shown = r.top.slice(0, 6).map((t) => `${t.name} ${(t.bytes / 1024).toFixed(0)} KB (${((100 * t.bytes) / total).toFixed(0)}%)`);
    console.log(`  ${r.fn.name}: ${shown.join(', ')}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
