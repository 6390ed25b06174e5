// A cold command as users meet it: the first answer of a new Lambda process, at the CPU share each memory
// size buys, with the device cloud a round trip away over TLS.
//
// Packages the service the way a deployment does (serverless package, offline) and unpacks the voice-path
// functions' zips. Each timed run is one new process of the Node major Lambda runs (fetched from the npm
// registry into .bench/, see cold-cpu.ts) in a clean environment, inside a cgroup CPU quota of
// memory/1769 of a core, that loads the bundle and answers one real command: the time is from spawn to
// the answer. The same process then answers the command again, warm, timed inside it. The device cloud is
// the emulator behind a TLS server (certificate made for the run, trusted via NODE_EXTRA_CA_CERTS, which
// Node 24 reads only when the first TLS connection needs it; every process, the baseline too, gets it)
// and a proxy that puts it BENCH_COLD_RTT_MS away (cold-net.ts). DynamoDB (dynalite) is on loopback.
// Every command must reach the TV: the emulator's TV state and its call count are checked after each run.
//
// The limit of a cold command is bare `node -e 0` on one vCPU plus three round trips (TCP, TLS 1.3, the
// request), measured in the same round; each ratio is the median over rounds of run / that round's limit.
//
//   npm run bench:cold
//   BENCH_COLD_N=7                 rounds (default 7; BENCH_COLD_QUICK=1: 3 rounds at 256 MB, the deployed sizes and 1769 MB)
//   BENCH_COLD_SIZES=256,512,1024      (the deployed sizes and 1769 MB are always added)
//   BENCH_COLD_RTT_MS=100
//   BENCH_COLD_BEFORE=<folder>     also time the zips of another `serverless package --package <folder>`
//                                  (e.g. built from main) in the same rounds, as "before"
//   BENCH_COLD_ONLY=<text>         only the commands whose function and name contain it
//   BENCH_COLD_PROFILE=<folder>    V8 CPU profiles of the untimed check runs, to see where the CPU goes
//   BENCH_NODE=<path to node>      instead of the fetched Node 24
import './../src/local/sandbox/quiet-sdk-notices';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { createUserTable, LOCAL_AWS_ENV, startDynalite, type RunningDynalite } from '../src/local/dynamo';
import { startEmulator, type Emulator } from '../src/local/emulator';
import { DeviceCloud } from '../src/cloud/client';
import { runSetup } from '../src/setup';
import { DynamoUserStore } from '../src/store';
import { sendJson } from '../test/support/emulator';
import { TV_PRESET } from '../test/support/smarthome/case';
import { lambdaFunctions, packageService, ROOT, unpackFunction, type LambdaFunction } from '../test/support/lambda-bundle';
import { intent, launch, SKILL_ID as BENCH_SKILL_ID, type Who } from '../test/support/skill/requests';
import { changeChannel, discover, turnOn } from '../test/support/smarthome/directives';
import { cpuShare, lambdaNode, ONE_VCPU_MB, timeProcess, type CpuShare, type NodeRuntime } from './cold-cpu';
import { remoteCloud } from './cold-net';
import { positiveInt, summarise, table } from './stats';

const QUICK = process.env['BENCH_COLD_QUICK'] === '1';
const ROUNDS = positiveInt(process.env['BENCH_COLD_N'], QUICK ? 3 : 7);
const RTT_MS = positiveInt(process.env['BENCH_COLD_RTT_MS'], 100);
/** Memory sizes to measure: always the ones serverless.yml deploys, and 1769 MB (the limit's one vCPU). */
const SIZES = `${process.env['BENCH_COLD_SIZES'] ?? (QUICK ? '256' : '256,512,1024')},${[...deployedMemory().values()].join(',')},1769`
  .split(',').map((s) => positiveInt(s.trim(), NaN)).filter((n, i, all) => n > 0 && all.indexOf(n) === i).sort((a, b) => a - b);
/** Done when: a voice-path function's cold first answer at the deployed memory is at most this many limits. */
const TARGET = 1.5;
const TABLE = 'users-bench-cold';
/**
 * AWS Lambda, arm64, US West (Oregon), first pricing tier: https://aws.amazon.com/lambda/pricing/
 * (requests $0.20 per million; duration $0.0000133334 per GB-second). Since 1 August 2025 the init phase
 * is billed like the invocation (https://aws.amazon.com/blogs/compute/aws-lambda-standardizes-billing-for-init-phase/),
 * so a cold command is billed for its whole first answer.
 */
const PRICE = { perRequest: 0.2 / 1e6, perGbSecond: 0.0000133334 };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});

interface Tv {
  token: string;
  thingId: string;
  endpointId: string;
  cookie: Record<string, string>;
}

/**
 * One voice command: its event and a second, warm one of the same door (built afresh per run), the TV
 * state it starts from, and the state both leave when they reached the TV.
 */
interface Command {
  fn: string;
  what: string;
  event: (who: Who, tv: Tv) => unknown;
  warm: (who: Who, tv: Tv) => unknown;
  /** Device calls the two answers make together. */
  calls: number;
  /** Why the first answer is wrong, or undefined when it is right. */
  problem: (response: unknown) => string | undefined;
  /** The TV after both answers: power by one command, channel by the other, so each is seen to arrive. */
  after?: { power: 'on'; channel: number };
}

const speech = (r: unknown): string | undefined => {
  const s = obj(obj(obj(r)['response'])['outputSpeech']);
  return typeof s['ssml'] === 'string' ? s['ssml'] : typeof s['text'] === 'string' ? s['text'] : undefined;
};
const eventName = (r: unknown): unknown => obj(obj(obj(r)['event'])['header'])['name'];
const spoken = (r: unknown) => (speech(r) ? undefined : 'no speech');
const responded = (r: unknown) => (eventName(r) === 'Response' ? undefined : `answered ${String(eventName(r))}`);
const AFTER = { power: 'on', channel: 5 } as const;

const ONLY = process.env['BENCH_COLD_ONLY'];
/** BENCH_COLD_PROFILE=<folder>: a V8 CPU profile of each command's check run (full CPU) goes there. */
const PROFILE = process.env['BENCH_COLD_PROFILE'];
/** The doors' common commands, and a launch that makes no device call (the early connection left unused). */
const COMMANDS: Command[] = [
  { fn: 'skill', what: 'LaunchRequest', calls: 0, event: (who) => launch()(who), warm: (who) => launch()(who), problem: spoken },
  {
    fn: 'skill', what: 'TurnOnIntent', calls: 2, event: (who) => intent('TurnOnIntent')(who),
    warm: (who) => intent('SetChannelIntent', { channel: '5' })(who), problem: spoken, after: AFTER,
  },
  {
    fn: 'skill', what: 'SetChannelIntent 5', calls: 2, event: (who) => intent('SetChannelIntent', { channel: '5' })(who),
    warm: (who) => intent('TurnOnIntent')(who), problem: spoken, after: AFTER,
  },
  {
    fn: 'smarthome', what: 'PowerController.TurnOn', calls: 2, event: (_who, tv) => turnOn()(tv),
    warm: (_who, tv) => changeChannel({ number: '5' })(tv), problem: responded, after: AFTER,
  },
  {
    fn: 'smarthome', what: 'ChannelController.ChangeChannel 5', calls: 2, event: (_who, tv) => changeChannel({ number: '5' })(tv),
    warm: (_who, tv) => turnOn()(tv), problem: responded, after: AFTER,
  },
];

/** BENCH_COLD_ONLY=<text>: only the commands whose function and name contain it (quick comparisons). */
const commands = COMMANDS.filter((c) => !ONLY || `${c.fn} ${c.what}`.includes(ONLY));

/** Off on channel 1, through the emulator's own interface: the state every command starts from. */
async function resetTv(url: string, tv: Tv): Promise<void> {
  const state = await sendJson(url, tv.token, 'PUT', '/device/v2/tv/channel/', { thingId: tv.thingId, tuning: '1' });
  const off = await sendJson(url, tv.token, 'DELETE', `/device/v2/tv/?thingId=${encodeURIComponent(tv.thingId)}`);
  if (state.status !== 200 || ![200, 400, 409].includes(off.status)) throw new Error(`could not reset the TV: ${state.status} ${off.status} ${off.text}`);
}

function tvProblem(emulator: Emulator, tv: Tv, want: Command['after']): string | undefined {
  if (!want) return undefined;
  const state = emulator.tvState(tv.thingId);
  return state?.power === want.power && state.channel === want.channel
    ? undefined
    : `the TV is ${state?.power} on channel ${state?.channel}, expected ${want.power} on ${want.channel}`;
}

/** A set of packaged bundles: this tree's ("after") or BENCH_COLD_BEFORE's. */
interface Variant {
  label: string;
  /** Unpacked function folders by function name. */
  dirs: Map<string, string>;
}

interface Samples {
  first: number[];
  ratio: number[];
  warm: number[];
  /** CPU time (user + system) the process used up to its first answer: what the quota rations. */
  cpu: number[];
}

const FIRST = '@@first@@';
const WARM = '@@warm@@';

/** The child: load the bundle, answer the first event (the cold answer), then the second (timed inside: warm). */
function probe(fn: LambdaFunction): string {
  return [
    `const h = require(${JSON.stringify(`./${fn.handlerFile}`)})[${JSON.stringify(fn.exportName)}];`,
    `const [first, second] = JSON.parse(process.argv[1]);`,
    `const context = { functionName: ${JSON.stringify(fn.name)}, awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 };`,
    '(async () => {',
    `  process.stdout.write("\\n${FIRST}" + JSON.stringify(await h(first, context)) + "\\n");`,
    '  const used = process.cpuUsage();',
    '  const start = performance.now();',
    '  const response = await h(second, context);',
    `  process.stdout.write("\\n${WARM}" + JSON.stringify({ ms: performance.now() - start, cpu: (used.user + used.system) / 1000, response }) + "\\n");`,
    '})().catch((e) => { console.error(e); process.exit(1); });',
  ].join('\n');
}

function lineAfter(stdout: string, marker: string): unknown {
  const at = stdout.lastIndexOf(`\n${marker}`);
  if (at < 0) return undefined;
  const start = at + 1 + marker.length;
  return JSON.parse(stdout.slice(start, stdout.indexOf('\n', start)));
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-cold-'));
  let emulator: Emulator | undefined;
  let dynalite: RunningDynalite | undefined;
  let dynamo: DynamoDBClient | undefined;
  let cloud: Awaited<ReturnType<typeof remoteCloud>> | undefined;
  const shares: CpuShare[] = [];
  try {
    const node = lambdaNode();
    const functions = lambdaFunctions().filter((f) => f.alexaEvent !== undefined);
    console.log(`packaging this tree (serverless package) ...`);
    await packageService(path.join(work, 'after'), work);
    const variants: Variant[] = [unpack('after', path.join(work, 'after'), functions, work)];
    const before = process.env['BENCH_COLD_BEFORE'];
    if (before) {
      if (!existsSync(before)) throw new Error(`BENCH_COLD_BEFORE: ${before} does not exist`);
      variants.unshift(unpack('before', path.resolve(before), functions, work));
    }

    emulator = await startEmulator();
    dynalite = await startDynalite();
    cloud = await remoteCloud(emulator.url, RTT_MS);
    const aws = { ...LOCAL_AWS_ENV, AWS_ENDPOINT_URL_DYNAMODB: dynalite.endpoint };
    dynamo = new DynamoDBClient({
      region: aws.AWS_REGION, endpoint: dynalite.endpoint,
      credentials: { accessKeyId: aws.AWS_ACCESS_KEY_ID, secretAccessKey: aws.AWS_SECRET_ACCESS_KEY },
    });
    await createUserTable(dynamo, TABLE);
    const store = new DynamoUserStore({ tableName: TABLE, client: dynamo });
    const who: Who = { userId: 'amzn1.ask.account.BENCHCOLD0001', token: 'bench-cold-token-0001' };
    // Registered as a user does it (setup), so the table holds the TV and the gateway index discovery reads.
    emulator.addAccount(who.token, { presets: [TV_PRESET] });
    const setup = await runSetup({ store, cloud: new DeviceCloud({ baseUrl: emulator.url }) }, { userId: who.userId, accessToken: who.token });
    if (!setup.tv) throw new Error(`setup registered no TV: ${setup.status}`);
    const tv: Tv = { token: who.token, thingId: setup.tv.thingId, endpointId: '', cookie: {} };

    // What the Lambda runtime would give each function: its variables from serverless.yml, pointed here.
    const baseEnv = { PATH: process.env['PATH'] ?? '', NODE_EXTRA_CA_CERTS: cloud.ca.certFile };
    const env: Record<string, string> = {
      ...baseEnv, ...aws, TABLE_NAME: TABLE, DEVICE_CLOUD_BASE_URL: cloud.url, SKILL_ID: BENCH_SKILL_ID,
    };
    const emulatorUrl = emulator.url;
    const runCommand = async (variant: Variant, command: Command, share: CpuShare | undefined): Promise<{ first: number; warm: number; cpu: number; response: unknown }> => {
      const fn = functions.find((f) => f.name === command.fn)!;
      await resetTv(emulatorUrl, tv);
      emulator!.clearCalls();
      const events = JSON.stringify([command.event(who, tv), command.warm(who, tv)]);
      const profile = PROFILE && !share ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE), '--cpu-prof-name', `${variant.label}-${fn.name}-${command.what.replace(/\W+/g, '-')}.cpuprofile`] : [];
      const [cmd, args] = (share ?? noShare).wrap(node.path, [...profile, '-e', probe(fn), events]);
      const run = await timeProcess(cmd, args, env, variant.dirs.get(fn.name)!, [FIRST, WARM], profile.length === 0);
      const what = `${variant.label} ${fn.name} ${command.what}${share ? ` at ${share.memoryMb} MB` : ''}`;
      const response = lineAfter(run.stdout, FIRST);
      const warm = obj(lineAfter(run.stdout, WARM));
      if (run.code !== 0 || response === undefined || typeof warm['ms'] !== 'number' || typeof warm['cpu'] !== 'number') throw new Error(`${what}: no answer (exit ${run.code}):\n${run.stdout}${run.stderr}`);
      const calls = emulator!.calls.filter((c) => c.status === 200).length;
      const problem = command.problem(response) ?? tvProblem(emulator!, tv, command.after)
        ?? (calls !== command.calls || emulator!.calls.length !== calls ? `${emulator!.calls.length} device calls (${calls} ok), expected ${command.calls}` : undefined);
      if (problem) throw new Error(`${what}: ${problem}\n${run.stdout}${run.stderr}`);
      return { first: run.at.get(FIRST)!, warm: warm['ms'], cpu: warm['cpu'], response };
    };

    // The smart-home endpoint as discovery names it, then every command once at full CPU: each must work before it is timed.
    const found = await runDiscover(variants[variants.length - 1]!, functions, node, env, who);
    Object.assign(tv, found);
    for (const v of variants) for (const c of commands) await runCommand(v, c, undefined);

    for (const v of variants) {
      const sizes = functions.map((f) => `${f.name} ${(statSync(path.join(v.dirs.get(f.name)!, f.handlerFile)).size / 1024).toFixed(0)} KB`);
      console.log(`${v.label} bundles: ${sizes.join(', ')}`);
    }
    for (const mb of SIZES) shares.push(cpuShare(mb));
    console.log(`\nnode ${node.version} (${node.source}); CPU: ${shares.map((s) => `${s.memoryMb} MB ${s.how}`).join('; ')}`);
    console.log(`device cloud: TLS, ${RTT_MS} ms round trip; ${ROUNDS} rounds, sizes and runs interleaved\n`);
    const samples = new Map<string, Samples>();
    const bare = new Map<number, number[]>(SIZES.map((mb) => [mb, []]));
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      const roundBare = new Map<number, number>();
      for (const share of shares) {
        const [cmd, args] = share.wrap(node.path, ['-e', '0']);
        const ms = (await timeProcess(cmd, args, baseEnv, ROOT)).ms;
        roundBare.set(share.memoryMb, ms);
        bare.get(share.memoryMb)!.push(ms);
      }
      const limit = roundBare.get(ONE_VCPU_MB)! + 3 * RTT_MS;
      for (const share of shares) {
        for (const command of commands) {
          for (const v of variants) {
            const { first, warm, cpu } = await runCommand(v, command, share);
            const key = `${v.label}|${command.fn}|${command.what}|${share.memoryMb}`;
            const s = samples.get(key) ?? { first: [], ratio: [], warm: [], cpu: [] };
            s.first.push(first);
            s.ratio.push(first / limit);
            s.warm.push(warm);
            s.cpu.push(cpu);
            samples.set(key, s);
          }
        }
      }
      console.log(`  round ${round + 1}/${ROUNDS} done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    report(samples, bare, variants, deployedMemory());
  } finally {
    for (const s of shares) s.remove();
    dynamo?.destroy();
    await cloud?.close();
    await emulator?.close();
    await dynalite?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const noShare: Pick<CpuShare, 'wrap'> = { wrap: (c, a) => [c, a] };

function unpack(label: string, packageDir: string, functions: LambdaFunction[], work: string): Variant {
  const dirs = new Map<string, string>();
  for (const fn of functions) {
    const dir = path.join(work, `${label}-${fn.name}`);
    unpackFunction(packageDir, fn.name, dir);
    dirs.set(fn.name, dir);
  }
  return { label, dirs };
}

/** Discovery through the packaged smart-home function: the endpoint id and cookie Alexa would address the TV by. */
async function runDiscover(variant: Variant, functions: LambdaFunction[], node: NodeRuntime, env: Record<string, string>, who: Who): Promise<Pick<Tv, 'endpointId' | 'cookie'>> {
  const fn = functions.find((f) => f.name === 'smarthome')!;
  const event = discover()({ token: who.token, endpointId: '', cookie: {} });
  const run = await timeProcess(node.path, ['-e', probe(fn), JSON.stringify([event, event])], env, variant.dirs.get(fn.name)!, [FIRST, WARM]);
  const response = lineAfter(run.stdout, FIRST);
  const endpoints = obj(obj(obj(response)['event'])['payload'])['endpoints'];
  const [endpoint] = Array.isArray(endpoints) ? (endpoints as Json[]) : [];
  if (!endpoint || typeof endpoint['endpointId'] !== 'string') throw new Error(`discovery found no TV:\n${run.stdout}${run.stderr}`);
  return { endpointId: endpoint['endpointId'], cookie: obj(endpoint['cookie']) as Record<string, string> };
}

/** memorySize per function as serverless.yml deploys it (the function's own, else the provider's). */
function deployedMemory(): Map<string, number> {
  const doc = parse(readFileSync(path.join(ROOT, 'serverless.yml'), 'utf8')) as { provider?: { memorySize?: number }; functions?: Record<string, { memorySize?: number }> };
  const fallback = doc.provider?.memorySize ?? 1024;
  return new Map(Object.entries(doc.functions ?? {}).map(([name, f]) => [name, f.memorySize ?? fallback]));
}

/** Dollars per million commands of `ms` each at `mb`, billed by the millisecond. */
function costPerMillion(mb: number, ms: number): number {
  return 1e6 * (PRICE.perRequest + (mb / 1024) * (Math.ceil(ms) / 1000) * PRICE.perGbSecond);
}

function report(samples: Map<string, Samples>, bare: Map<number, number[]>, variants: Variant[], deployed: Map<string, number>): void {
  const median = (xs: number[]) => summarise(xs).medianMs;
  const bare1 = median(bare.get(ONE_VCPU_MB)!);
  console.log(`\nbare node -e 0 (medians): ${SIZES.map((mb) => `${mb} MB ${median(bare.get(mb)!).toFixed(0)} ms`).join(', ')}`);
  console.log(`limit = bare node on one vCPU + 3 round trips = ${bare1.toFixed(0)} + ${3 * RTT_MS} = ${(bare1 + 3 * RTT_MS).toFixed(0)} ms (per round in the ratios)\n`);
  const header = ['function', 'command', 'MB', ...variants.flatMap((v) => [`${v.label} first ms`, 'x limit', 'cpu ms', 'warm ms']), 'cold $/1M', 'warm $/1M'];
  const body: string[][] = [];
  const verdicts: string[] = [];
  for (const command of commands) {
    for (const mb of SIZES) {
      const row = [command.fn, command.what, String(mb)];
      let last: Samples | undefined;
      for (const v of variants) {
        const s = samples.get(`${v.label}|${command.fn}|${command.what}|${mb}`)!;
        row.push(median(s.first).toFixed(0), `${median(s.ratio).toFixed(2)}x`, median(s.cpu).toFixed(0), median(s.warm).toFixed(0));
        last = s;
      }
      row.push(`$${costPerMillion(mb, median(last!.first)).toFixed(2)}`, `$${costPerMillion(mb, median(last!.warm)).toFixed(2)}`);
      body.push(row);
      if (deployed.get(command.fn) === mb) {
        const ratio = median(last!.ratio);
        verdicts.push(`  ${command.fn} ${command.what} at ${mb} MB (deployed): ${ratio.toFixed(2)}x the limit, ${ratio <= TARGET ? 'met' : 'MISSED'} (target ${TARGET}x)`);
      }
    }
  }
  table(header, body, [0, 1]);
  // Per function and size, all its device commands pooled (the last variant): the README's table.
  const last = variants[variants.length - 1]!.label;
  const summary: string[][] = [];
  for (const fn of [...new Set(commands.filter((c) => c.calls > 0).map((c) => c.fn))]) {
    for (const mb of SIZES) {
      const pooled = commands.filter((c) => c.fn === fn && c.calls > 0).map((c) => samples.get(`${last}|${c.fn}|${c.what}|${mb}`)!);
      const first = median(pooled.flatMap((p) => p.first));
      const warm = median(pooled.flatMap((p) => p.warm));
      const cold = costPerMillion(mb, first);
      const hot = costPerMillion(mb, warm);
      summary.push([fn, String(mb), first.toFixed(0), `${median(pooled.flatMap((p) => p.ratio)).toFixed(2)}x`, warm.toFixed(0), `$${hot.toFixed(2)}`, `$${cold.toFixed(2)}`, `$${(0.75 * hot + 0.25 * cold).toFixed(2)}`]);
    }
  }
  console.log(`\n${last}, device commands pooled, per function and memory size:`);
  table(['function', 'MB', 'cold first ms', 'x limit', 'warm ms', '$/1M warm', '$/1M cold', '$/1M, 1 in 4 cold'], summary, [0]);
  console.log(`\nmedians of ${ROUNDS}; "first" is spawn to the first answer; "cpu" the CPU time the process used until then;`);
  console.log(`"warm" the same process's second answer; cost per million commands all cold or all warm`);
  console.log(`cost: Lambda arm64 $${PRICE.perGbSecond} per GB-s + $0.20 per million requests (us-west-2), billed per ms, init included`);
  for (const command of commands) {
    if (!SIZES.includes(deployed.get(command.fn) ?? NaN)) verdicts.push(`  ${command.fn} ${command.what}: its deployed ${deployed.get(command.fn)} MB was not measured`);
  }
  console.log(verdicts.join('\n'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
