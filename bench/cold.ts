// A cold command as users meet it: the first answer of a new Lambda process, at the CPU share each memory
// size buys, with the device cloud a round trip away over TLS; each ratio is to one bare HTTPS request.
//    npm run bench:cold      (options BENCH_COLD_*: docs/cold-start.md#bench-cold)
// How it packages, rations and times: docs/cold-start.md#bench-cold.
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
import { TV_PRESET } from '../test/support/cases/household';
import {
  lambdaFunctions,
  loadHandlerModule,
  packageService,
  ROOT,
  unpackFunction,
  type LambdaFunction,
} from '../test/support/lambda-bundle';
import { intent, launch, SKILL_ID as BENCH_SKILL_ID, type Who } from '../test/support/skill/requests';
import { changeChannel, discover, turnOff, turnOn } from '../test/support/smarthome/directives';
import { event as googleEvent, executeBody, syncBody } from '../test/support/google/requests';
import { buildPowertoolsVariants, POWERTOOLS_FUNCTION, POWERTOOLS_VARIANTS } from './cold-powertools';
import { cpuShare, lambdaNode, ONE_VCPU_MB, timeProcess, type CpuShare, type NodeRuntime } from './cold-cpu';
import { remoteCloud } from './cold-net';
import { positiveInt, summarise, table } from './stats';
import { cliArgs } from '../scripts/cli';
import { benchColdCli } from '../scripts/usage';

const QUICK = process.env['BENCH_COLD_QUICK'] === '1';
const ROUNDS = positiveInt(process.env['BENCH_COLD_N'], QUICK ? 3 : 7);
const RTT_MS = positiveInt(process.env['BENCH_COLD_RTT_MS'], 100);
/** Done when: a voice-path function's cold first answer at the deployed memory is at most this many limits. */
const TARGET = 1.2;
/** Lambda's CPU as an on-demand cold start gets it (init on a full vCPU), or as provisioned concurrency does. */
const CPU_MODE = process.env['BENCH_COLD_CPU'] === 'provisioned' ? 'provisioned' : 'on-demand';
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
  /** The customData.gatewayId Google's SYNC gave the TV, which Google sends back with each EXECUTE. */
  gatewayId?: string;
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
  /** The TV's power before the first answer, on channel 1 (a TV that is off ignores channel keys). */
  from: 'on' | 'off';
  /** Device calls the two answers make together. */
  calls: number;
  /** The same in a BENCH_COLD_BEFORE package, where they differ. */
  callsBefore?: number;
  /** Why the first answer is wrong, or undefined when it is right. */
  problem: (response: unknown) => string | undefined;
  /** The TV after both answers: power by one command, channel by the other, so each is seen to arrive. */
  after?: { power: 'on' | 'off'; channel: number };
}

const speech = (r: unknown): string | undefined => {
  const s = obj(obj(obj(r)['response'])['outputSpeech']);
  return typeof s['ssml'] === 'string' ? s['ssml'] : typeof s['text'] === 'string' ? s['text'] : undefined;
};
const eventName = (r: unknown): unknown => obj(obj(obj(r)['event'])['header'])['name'];
const spoken = (r: unknown) => (speech(r) ? undefined : 'no speech');
const responded = (r: unknown) => (eventName(r) === 'Response' ? undefined : `answered ${String(eventName(r))}`);
/** Google's EXECUTE as a Function URL event (test/support/google/requests.ts), to the TV by its thingId and SYNC's customData. */
const googleExecute = (tv: Tv, command: string, params: Record<string, unknown>): unknown =>
  googleEvent(
    tv.token,
    executeBody([{ id: tv.thingId, gatewayId: tv.gatewayId }], {
      command: `action.devices.commands.${command}`,
      params,
    }),
  );
const executed = (r: unknown): string | undefined => {
  const answer = obj(r);
  const body = typeof answer['body'] === 'string' ? obj(JSON.parse(answer['body'])) : {};
  const [result] = (obj(body['payload'])['commands'] as Json[] | undefined) ?? [];
  return answer['statusCode'] === 200 && result?.['status'] === 'SUCCESS'
    ? undefined
    : `answered ${String(answer['statusCode'])} ${JSON.stringify(result)}`;
};
const ON_AT_5 = { power: 'on', channel: 5 } as const;
const OFF_AT_5 = { power: 'off', channel: 5 } as const;

const ONLY = process.env['BENCH_COLD_ONLY'];
const POWERTOOLS = process.env['BENCH_COLD_POWERTOOLS'] === '1';
/** A Powertools part is adopted when its cold first answer is at most this many times the hand-written one's. */
const POWERTOOLS_BOUND = 1.03;
/** BENCH_COLD_PROFILE=<folder>: a V8 CPU profile of each command's check run (full CPU) goes there. */
const PROFILE = process.env['BENCH_COLD_PROFILE'];
/** The doors' common commands, and a launch that makes no device call (the early connection left unused). */
const COMMANDS: Command[] = [
  {
    fn: 'skill',
    what: 'LaunchRequest',
    from: 'off',
    calls: 0,
    event: (who) => launch()(who),
    warm: (who) => launch()(who),
    problem: spoken,
  },
  {
    fn: 'skill',
    what: 'TurnOnIntent',
    from: 'off',
    calls: 2,
    event: (who) => intent('TurnOnIntent')(who),
    warm: (who) => intent('SetChannelIntent', { channel: '5' })(who),
    problem: spoken,
    after: ON_AT_5,
  },
  {
    fn: 'skill',
    what: 'SetChannelIntent 5',
    from: 'on',
    calls: 2,
    event: (who) => intent('SetChannelIntent', { channel: '5' })(who),
    warm: (who) => intent('TurnOffIntent')(who),
    problem: spoken,
    after: OFF_AT_5,
  },
  {
    fn: 'smarthome',
    what: 'PowerController.TurnOn',
    from: 'off',
    calls: 2,
    event: (_who, tv) => turnOn()(tv),
    warm: (_who, tv) => changeChannel({ number: '5' })(tv),
    problem: responded,
    after: ON_AT_5,
  },
  {
    fn: 'smarthome',
    what: 'ChannelController.ChangeChannel 5',
    from: 'on',
    calls: 2,
    event: (_who, tv) => changeChannel({ number: '5' })(tv),
    warm: (_who, tv) => turnOff()(tv),
    problem: responded,
    after: OFF_AT_5,
  },
  // Each Google answer presses a TV the token's reach, kept at the household's SYNC, vouches for: one call each
  // (src/google/known-household.ts). Before that entry existed, each listed the gateways first: two each.
  {
    fn: 'google',
    what: 'EXECUTE OnOff',
    from: 'off',
    calls: 2,
    callsBefore: 4,
    event: (_who, tv) => googleExecute(tv, 'OnOff', { on: true }),
    warm: (_who, tv) => googleExecute(tv, 'selectChannel', { channelNumber: '5' }),
    problem: executed,
    after: ON_AT_5,
  },
  {
    fn: 'google',
    what: 'EXECUTE selectChannel 5',
    from: 'on',
    calls: 2,
    callsBefore: 4,
    event: (_who, tv) => googleExecute(tv, 'selectChannel', { channelNumber: '5' }),
    warm: (_who, tv) => googleExecute(tv, 'OnOff', { on: false }),
    problem: executed,
    after: OFF_AT_5,
  },
];

/** BENCH_COLD_ONLY=<text>[,<text>]: only the commands whose function and name contain one of them (quick comparisons). */
const commands = COMMANDS.filter(
  (c) => !ONLY || ONLY.split(',').some((part) => `${c.fn} ${c.what}`.includes(part.trim())),
);
/** Memory sizes to measure: always the ones serverless.yml deploys the measured functions at. */
const SIZES = `${process.env['BENCH_COLD_SIZES'] ?? (QUICK ? '256' : '128,256,512,1024')},${[...deployedMemory()]
  .filter(([fn]) => commands.some((c) => c.fn === fn))
  .map(([, mb]) => mb)
  .join(',')}`
  .split(',')
  .map((s) => positiveInt(s.trim(), NaN))
  .filter((n, i, all) => n > 0 && all.indexOf(n) === i)
  .sort((a, b) => a - b);

/** On channel 1 and then on or off, through the emulator's own interface: the state a command starts from. */
async function resetTv(url: string, tv: Tv, power: 'on' | 'off'): Promise<void> {
  const thing = encodeURIComponent(tv.thingId);
  // Switched on first: a TV that is off ignores the channel key. "Already on" answers 4xx, and is fine.
  const on = await sendJson(url, tv.token, 'PUT', '/device/v2/tv/', { thingId: tv.thingId });
  const channel = await sendJson(url, tv.token, 'PUT', '/device/v2/tv/channel/', { thingId: tv.thingId, tuning: '1' });
  const off =
    power === 'off' ? (await sendJson(url, tv.token, 'DELETE', `/device/v2/tv/?thingId=${thing}`)).status : 200;
  if (on.status >= 500 || channel.status !== 200 || off !== 200)
    throw new Error(`could not reset the TV: ${on.status} ${channel.status} ${off}`);
}

function tvProblem(emulator: Emulator, tv: Tv, want: Command['after']): string | undefined {
  if (!want) return undefined;
  const state = emulator.tvState(tv.thingId);
  return state?.power === want.power && state.channel === want.channel
    ? undefined
    : `the TV is ${state?.power} on channel ${state?.channel}, expected ${want.power} on ${want.channel}`;
}

/** A set of packaged bundles: this tree's ("after"), BENCH_COLD_BEFORE's, or a Powertools variant's (one function). */
interface Variant {
  label: string;
  /** Unpacked function folders by function name (a Powertools variant has only its one). */
  dirs: Map<string, string>;
  /** Each function's `handler` as the package deploys it. */
  handlers: Map<string, string>;
}

interface Samples {
  first: number[];
  ratio: number[];
  warm: number[];
  /** CPU time (user + system) the process used up to its first answer. */
  cpu: number[];
  /** The part of it used by init (up to the handler module loaded); the rest is what the memory's share rations. */
  initCpu: number[];
  /** Each timeline point, ms from spawn, per run that reached it. */
  marks: Map<Mark, number[]>;
}

const FIRST = '@@first@@';
const WARM = '@@warm@@';

/** Points of a cold answer's timeline, in ms from spawn. */
const MARKS = ['loaded', 'connect', 'tls', 'table', 'written', 'answer'] as const;
type Mark = (typeof MARKS)[number];
const MARK_NAMES: Record<Mark, string> = {
  loaded: 'module loaded',
  connect: 'connect started',
  tls: 'TLS ready',
  table: 'table answered',
  written: 'request written',
  answer: 'answer',
};

/**
 * The child: load the handler module as Lambda's Node runtime does (an ES module with import(), which
 * waits for its top-level await; CommonJS with require), move into the memory's CPU share (`procs`, when
 * on-demand), answer the first event (the cold answer), then the second (timed inside: warm).
 */
function probe(fn: LambdaFunction, handlerFile: string, procs: string | undefined, profileFile?: string): string {
  const load = loadHandlerModule({ handlerFile });
  return [
    'const marks = {};',
    'const now = () => performance.timeOrigin + performance.now();',
    // The device cloud's TLS connections (the early one and any other) and the requests over them.
    "const tls = require('node:tls');",
    'const connect = tls.connect;',
    'tls.connect = function (...args) { marks.connect ??= now(); const socket = connect.apply(this, args); socket.once("secureConnect", () => { marks.tls ??= now(); }); return socket; };',
    "require('node:diagnostics_channel').subscribe('http.client.request.start', ({ request }) => {",
    "  if (request.protocol === 'https:') request.once('finish', () => { marks.written ??= now(); });",
    "  else request.once('response', (r) => r.once('end', () => { marks.table ??= now(); }));",
    '});',
    `const [first, second] = JSON.parse(process.argv[1]);`,
    `const context = { functionName: ${JSON.stringify(fn.name)}, awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 };`,
    '(async () => {',
    `  const h = (${load})[${JSON.stringify(fn.exportName)}];`,
    '  marks.loaded = now();',
    '  const init = process.cpuUsage();',
    ...(procs ? [`  require('node:fs').writeFileSync(${JSON.stringify(procs)}, String(process.pid));`] : []),
    ...(profileFile
      ? [
          "  const session = new (require('node:inspector').Session)();",
          '  session.connect();',
          '  const post = (method) => new Promise((resolve, reject) => session.post(method, (e, r) => (e ? reject(e) : resolve(r))));',
          "  await post('Profiler.enable');",
          "  await post('Profiler.start');",
        ]
      : []),
    '  const answer = await h(first, context);',
    '  marks.answer = now();',
    ...(profileFile
      ? [
          `  require('node:fs').writeFileSync(${JSON.stringify(profileFile)}, JSON.stringify((await post('Profiler.stop')).profile));`,
        ]
      : []),
    `  process.stdout.write("\\n${FIRST}" + JSON.stringify({ answer, marks, initCpu: (init.user + init.system) / 1000 }) + "\\n");`,
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
    // The functions a person waits on: Alexa's two and Google's (setup runs outside any voice deadline).
    const functions = lambdaFunctions().filter((f) => f.alexaEvent !== undefined || f.name === 'google');
    console.log(`packaging this tree (serverless package) ...`);
    await packageService(path.join(work, 'after'), work);
    const variants: Variant[] = [unpack('after', path.join(work, 'after'), functions, work)];
    const before = process.env['BENCH_COLD_BEFORE'];
    if (before) {
      if (!existsSync(before)) throw new Error(`BENCH_COLD_BEFORE: ${before} does not exist`);
      variants.unshift(unpack('before', path.resolve(before), functions, work));
    }
    const after = variants[variants.length - 1]!;
    const powertools: Variant[] = [];
    if (POWERTOOLS && commands.some((c) => c.fn === POWERTOOLS_FUNCTION && c.calls > 0)) {
      const fn = functions.find((f) => f.name === POWERTOOLS_FUNCTION)!;
      for (const [label, dir] of await buildPowertoolsVariants(ROOT, fn, after.dirs.get(fn.name)!, work)) {
        powertools.push({
          label,
          dirs: new Map([[fn.name, dir]]),
          handlers: new Map([[fn.name, after.handlers.get(fn.name) ?? fn.handler]]),
        });
      }
    }
    /** Every variant that has a command's function. */
    const timed = (command: Command): Variant[] => [...variants, ...powertools].filter((v) => v.dirs.has(command.fn));

    emulator = await startEmulator();
    dynalite = await startDynalite();
    cloud = await remoteCloud(emulator.url, RTT_MS);
    const aws = { ...LOCAL_AWS_ENV, AWS_ENDPOINT_URL_DYNAMODB: dynalite.endpoint };
    dynamo = new DynamoDBClient({
      region: aws.AWS_REGION,
      endpoint: dynalite.endpoint,
      credentials: { accessKeyId: aws.AWS_ACCESS_KEY_ID, secretAccessKey: aws.AWS_SECRET_ACCESS_KEY },
    });
    await createUserTable(dynamo, TABLE);
    const store = new DynamoUserStore({ tableName: TABLE, client: dynamo });
    const who: Who = { userId: 'amzn1.ask.account.BENCHCOLD0001', token: 'bench-cold-token-0001' };
    // Registered as a user does it (setup), so the table holds the TV and the gateway index discovery reads.
    emulator.addAccount(who.token, { presets: [TV_PRESET] });
    const setup = await runSetup(
      { store, cloud: new DeviceCloud({ baseUrl: emulator.url }) },
      { userId: who.userId, accessToken: who.token },
    );
    if (!setup.tv) throw new Error(`setup registered no TV: ${setup.status}`);
    const tv: Tv = { token: who.token, thingId: setup.tv.thingId, endpointId: '', cookie: {} };

    // What the Lambda runtime would give each function: its variables from serverless.yml, pointed here.
    const baseEnv = { PATH: process.env['PATH'] ?? '', NODE_EXTRA_CA_CERTS: cloud.ca.certFile };
    const env: Record<string, string> = {
      ...baseEnv,
      ...aws,
      TABLE_NAME: TABLE,
      DEVICE_CLOUD_BASE_URL: cloud.url,
      SKILL_ID: BENCH_SKILL_ID,
      SETUP_FUNCTION_NAME: 'setup',
    };
    const emulatorUrl = emulator.url;
    // One full vCPU: where an on-demand child starts, and the limit's bare request runs.
    const vcpu = cpuShare(ONE_VCPU_MB);
    shares.push(vcpu);
    const runCommand = async (
      variant: Variant,
      command: Command,
      share: CpuShare | undefined,
    ): Promise<{ first: number; warm: number; cpu: number; initCpu: number; marks: Partial<Record<Mark, number>> }> => {
      const fn = functions.find((f) => f.name === command.fn)!;
      await resetTv(emulatorUrl, tv, command.from);
      emulator!.clearCalls();
      const events = JSON.stringify([command.event(who, tv), command.warm(who, tv)]);
      const profile =
        PROFILE && !share
          ? path.resolve(PROFILE, `${variant.label}-${fn.name}-${command.what.replace(/\W+/g, '-')}.cpuprofile`)
          : undefined;
      const onDemand = share && CPU_MODE === 'on-demand';
      const code = probe(fn, handlerFileIn(variant, fn), onDemand ? share.procs : undefined, profile);
      const [cmd, args] = (onDemand ? vcpu : (share ?? noShare)).wrap(node.path, ['-e', code, events]);
      const run = await timeProcess(cmd, args, env, variant.dirs.get(fn.name)!, [FIRST, WARM]);
      const what = `${variant.label} ${fn.name} ${command.what}${share ? ` at ${share.memoryMb} MB` : ''}`;
      const first = obj(lineAfter(run.stdout, FIRST));
      const response = first['answer'];
      const warm = obj(lineAfter(run.stdout, WARM));
      if (run.code !== 0 || response === undefined || typeof warm['ms'] !== 'number' || typeof warm['cpu'] !== 'number')
        throw new Error(`${what}: no answer (exit ${run.code}):\n${run.stdout}${run.stderr}`);
      const calls = emulator!.calls.filter((c) => c.status === 200).length;
      const expected = variant.label === 'before' ? (command.callsBefore ?? command.calls) : command.calls;
      const problem =
        command.problem(response) ??
        tvProblem(emulator!, tv, command.after) ??
        (calls !== expected || emulator!.calls.length !== calls
          ? `${emulator!.calls.length} device calls (${calls} ok), expected ${expected}`
          : undefined);
      if (problem) throw new Error(`${what}: ${problem}\n${run.stdout}${run.stderr}`);
      const at = obj(first['marks']);
      const marks = Object.fromEntries(
        MARKS.flatMap((m) => (typeof at[m] === 'number' ? [[m, at[m] - run.spawnedAt]] : [])),
      );
      const initCpu = typeof first['initCpu'] === 'number' ? first['initCpu'] : NaN;
      return { first: run.at.get(FIRST)!, warm: warm['ms'], cpu: warm['cpu'], initCpu, marks };
    };

    // The smart-home endpoint as discovery names it, then every command once at full CPU: each must work before it is timed.
    const found = await runDiscover(after, functions, node, env, who);
    Object.assign(tv, found);
    if (commands.some((c) => c.fn === 'google')) tv.gatewayId = await runSync(after, functions, node, env, who);
    for (const c of commands) for (const v of timed(c)) await runCommand(v, c, undefined);

    for (const v of [...variants, ...powertools]) {
      const sizes = functions
        .filter((f) => v.dirs.has(f.name))
        .map((f) => `${f.name} ${(statSync(path.join(v.dirs.get(f.name)!, f.bundleFile)).size / 1024).toFixed(0)} KB`);
      console.log(`${v.label} bundles: ${sizes.join(', ')}`);
    }
    const memories = SIZES.map((mb) => cpuShare(mb));
    shares.push(...memories);
    console.log(
      `\nnode ${node.version} (${node.source}); CPU ${
        CPU_MODE === 'on-demand'
          ? `as an on-demand cold start: init on one vCPU (${vcpu.how}), then the memory's share`
          : "as provisioned concurrency: the whole process at the memory's share"
      }: ${memories.map((s) => `${s.memoryMb} MB ${s.how}`).join('; ')}`,
    );
    console.log(`device cloud: TLS, ${RTT_MS} ms round trip; ${ROUNDS} rounds, sizes and runs interleaved\n`);
    const samples = new Map<string, Samples>();
    const bare: number[] = [];
    const bareRequest = `require('node:https').get(${JSON.stringify(`${cloud.url}/`)}, (r) => { r.resume(); r.on('end', () => console.log(${JSON.stringify(`\n${FIRST}`)})); })`;
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      const [cmd, args] = vcpu.wrap(node.path, ['-e', bareRequest]);
      const limit = (await timeProcess(cmd, args, baseEnv, ROOT, [FIRST])).ms;
      bare.push(limit);
      for (const share of memories) {
        for (const command of commands) {
          // Variants take turns at going first, so none always runs on a machine just warmed by another.
          const order = timed(command);
          for (const v of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) {
            const { first, warm, cpu, initCpu, marks } = await runCommand(v, command, share);
            const key = `${v.label}|${command.fn}|${command.what}|${share.memoryMb}`;
            const s: Samples = samples.get(key) ?? {
              first: [],
              ratio: [],
              warm: [],
              cpu: [],
              initCpu: [],
              marks: new Map(),
            };
            s.first.push(first);
            s.ratio.push(first / limit);
            s.warm.push(warm);
            s.cpu.push(cpu);
            s.initCpu.push(initCpu);
            for (const [m, ms] of Object.entries(marks))
              s.marks.set(m as Mark, [...(s.marks.get(m as Mark) ?? []), ms]);
            samples.set(key, s);
          }
        }
      }
      console.log(`  round ${round + 1}/${ROUNDS} done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    report(samples, bare, variants, deployedMemory());
    if (powertools.length > 0) powertoolsReport(samples, after.label, deployedMemory());
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

/**
 * The handler module of a variant's function, from its package's CloudFormation template (a package of
 * another tree may name another file): the ES module entry (.mjs) if there is one, else the .js bundle.
 */
function handlerFileIn(variant: Variant, fn: LambdaFunction): string {
  const handler = variant.handlers.get(fn.name) ?? fn.handler;
  const base = handler.slice(0, handler.lastIndexOf('.'));
  return existsSync(path.join(variant.dirs.get(fn.name)!, `${base}.mjs`)) ? `${base}.mjs` : `${base}.js`;
}

function unpack(label: string, packageDir: string, functions: LambdaFunction[], work: string): Variant {
  const dirs = new Map<string, string>();
  const handlers = new Map<string, string>();
  const template = JSON.parse(
    readFileSync(path.join(packageDir, 'cloudformation-template-update-stack.json'), 'utf8'),
  ) as { Resources?: Record<string, { Properties?: { Handler?: unknown } }> };
  for (const fn of functions) {
    const dir = path.join(work, `${label}-${fn.name}`);
    unpackFunction(packageDir, fn.name, dir);
    dirs.set(fn.name, dir);
    // Serverless names a function's resource <Name>LambdaFunction.
    const handler =
      template.Resources?.[`${fn.name[0]!.toUpperCase()}${fn.name.slice(1)}LambdaFunction`]?.Properties?.Handler;
    if (typeof handler === 'string') handlers.set(fn.name, handler);
  }
  return { label, dirs, handlers };
}

/** Discovery through the packaged smart-home function: the endpoint id and cookie Alexa would address the TV by. */
async function runDiscover(
  variant: Variant,
  functions: LambdaFunction[],
  node: NodeRuntime,
  env: Record<string, string>,
  who: Who,
): Promise<Pick<Tv, 'endpointId' | 'cookie'>> {
  const fn = functions.find((f) => f.name === 'smarthome')!;
  const event = discover()({ token: who.token, endpointId: '', cookie: {} });
  const run = await timeProcess(
    node.path,
    ['-e', probe(fn, handlerFileIn(variant, fn), undefined), JSON.stringify([event, event])],
    env,
    variant.dirs.get(fn.name)!,
    [FIRST, WARM],
  );
  const response = obj(lineAfter(run.stdout, FIRST))['answer'];
  const endpoints = obj(obj(obj(response)['event'])['payload'])['endpoints'];
  const [endpoint] = Array.isArray(endpoints) ? (endpoints as Json[]) : [];
  if (!endpoint || typeof endpoint['endpointId'] !== 'string')
    throw new Error(`discovery found no TV:\n${run.stdout}${run.stderr}`);
  return { endpointId: endpoint['endpointId'], cookie: obj(endpoint['cookie']) as Record<string, string> };
}

/**
 * Google's SYNC through the packaged Google function, as after linking: the household's first request.
 * The TV's customData gateway, as Google sends it back.
 */
async function runSync(
  variant: Variant,
  functions: LambdaFunction[],
  node: NodeRuntime,
  env: Record<string, string>,
  who: Who,
): Promise<string> {
  const fn = functions.find((f) => f.name === 'google')!;
  const event = googleEvent(who.token, syncBody());
  const run = await timeProcess(
    node.path,
    ['-e', probe(fn, handlerFileIn(variant, fn), undefined), JSON.stringify([event, event])],
    env,
    variant.dirs.get(fn.name)!,
    [FIRST, WARM],
  );
  const answer = obj(obj(lineAfter(run.stdout, FIRST))['answer']);
  const devices =
    answer['statusCode'] === 200 && typeof answer['body'] === 'string'
      ? obj(obj(JSON.parse(answer['body']))['payload'])['devices']
      : undefined;
  const [device] = Array.isArray(devices) ? (devices as Json[]) : [];
  const gatewayId = obj(device?.['customData'])['gatewayId'];
  if (typeof gatewayId !== 'string') throw new Error(`SYNC named no TV with its gateway:\n${run.stdout}${run.stderr}`);
  return gatewayId;
}

/** memorySize per function as serverless.yml deploys it (the function's own, else the provider's). */
function deployedMemory(): Map<string, number> {
  const doc = parse(readFileSync(path.join(ROOT, 'serverless.yml'), 'utf8')) as {
    provider?: { memorySize?: number };
    functions?: Record<string, { memorySize?: number }>;
  };
  const fallback = doc.provider?.memorySize ?? 1024;
  return new Map(Object.entries(doc.functions ?? {}).map(([name, f]) => [name, f.memorySize ?? fallback]));
}

/** Dollars per million commands of `ms` each at `mb`, billed by the millisecond. */
function costPerMillion(mb: number, ms: number): number {
  return 1e6 * (PRICE.perRequest + (mb / 1024) * (Math.ceil(ms) / 1000) * PRICE.perGbSecond);
}

function report(
  samples: Map<string, Samples>,
  bare: number[],
  variants: Variant[],
  deployed: Map<string, number>,
): void {
  const median = (xs: number[]) => summarise(xs).medianMs;
  console.log(
    `\nlimit = one bare HTTPS request to the device cloud from a new node on one vCPU: median ${median(bare).toFixed(0)} ms (${bare.map((ms) => ms.toFixed(0)).join(', ')}; per round in the ratios)`,
  );
  console.log(`CPU: ${CPU_MODE}\n`);
  const header = [
    'function',
    'command',
    'MB',
    ...variants.flatMap((v) => [`${v.label} first ms`, 'x limit', 'init cpu', 'invoke cpu', 'warm ms']),
    'cold $/1M',
    'warm $/1M',
  ];
  const body: string[][] = [];
  const verdicts: string[] = [];
  for (const command of commands) {
    for (const mb of SIZES) {
      const row = [command.fn, command.what, String(mb)];
      let last: Samples | undefined;
      for (const v of variants) {
        const s = samples.get(`${v.label}|${command.fn}|${command.what}|${mb}`)!;
        row.push(
          median(s.first).toFixed(0),
          `${median(s.ratio).toFixed(2)}x`,
          median(s.initCpu).toFixed(0),
          (median(s.cpu) - median(s.initCpu)).toFixed(0),
          median(s.warm).toFixed(0),
        );
        last = s;
      }
      row.push(
        `$${costPerMillion(mb, median(last!.first)).toFixed(2)}`,
        `$${costPerMillion(mb, median(last!.warm)).toFixed(2)}`,
      );
      body.push(row);
      if (deployed.get(command.fn) === mb) {
        const ratio = median(last!.ratio);
        verdicts.push(
          `  ${command.fn} ${command.what} at ${mb} MB (deployed): ${ratio.toFixed(2)}x the limit, ${ratio <= TARGET ? 'met' : 'MISSED'} (target ${TARGET}x)`,
        );
      }
    }
  }
  table(header, body, [0, 1]);
  // Per function and size, all its device commands pooled (the last variant): the cold-start doc's table.
  const last = variants[variants.length - 1]!.label;
  const summary: string[][] = [];
  const timeline: string[][] = [];
  for (const fn of [...new Set(commands.filter((c) => c.calls > 0).map((c) => c.fn))]) {
    for (const mb of SIZES) {
      const pooled = commands
        .filter((c) => c.fn === fn && c.calls > 0)
        .map((c) => samples.get(`${last}|${c.fn}|${c.what}|${mb}`)!);
      const first = median(pooled.flatMap((p) => p.first));
      const warm = median(pooled.flatMap((p) => p.warm));
      const cold = costPerMillion(mb, first);
      const hot = costPerMillion(mb, warm);
      summary.push([
        fn,
        String(mb),
        first.toFixed(0),
        `${median(pooled.flatMap((p) => p.ratio)).toFixed(2)}x`,
        warm.toFixed(0),
        `$${hot.toFixed(2)}`,
        `$${cold.toFixed(2)}`,
        `$${(0.75 * hot + 0.25 * cold).toFixed(2)}`,
      ]);
      timeline.push([
        fn,
        String(mb),
        ...MARKS.map((m) => {
          const at = pooled.flatMap((p) => p.marks.get(m) ?? []);
          return at.length > 0 ? median(at).toFixed(0) : '-';
        }),
      ]);
    }
  }
  console.log(`\n${last}, device commands pooled, per function and memory size:`);
  table(
    ['function', 'MB', 'cold first ms', 'x limit', 'warm ms', '$/1M warm', '$/1M cold', '$/1M, 1 in 4 cold'],
    summary,
    [0],
  );
  console.log(`\n${last}, the cold answer's timeline, ms from spawn (medians; "-": not reached, e.g. no table read):`);
  table(['function', 'MB', ...MARKS.map((m) => MARK_NAMES[m])], timeline, [0]);
  console.log(
    `\nmedians of ${ROUNDS}; "first" is spawn to the first answer; "init cpu" the CPU time used until the handler module was loaded, "invoke cpu" from then to the answer;`,
  );
  console.log(`"warm" the same process's second answer; cost per million commands all cold or all warm`);
  console.log(
    `cost: Lambda arm64 $${PRICE.perGbSecond} per GB-s + $0.20 per million requests (us-west-2), billed per ms, init included`,
  );
  for (const command of commands) {
    if (!SIZES.includes(deployed.get(command.fn) ?? NaN))
      verdicts.push(`  ${command.fn} ${command.what}: its deployed ${deployed.get(command.fn)} MB was not measured`);
  }
  console.log(verdicts.join('\n'));
}

/**
 * Each Powertools variant against the unchanged bundle, per memory size, the function's device commands
 * pooled: the median and range over rounds of its cold first answer over the unchanged one's in the same
 * round, and whether the deployed size stays within POWERTOOLS_BOUND.
 */
function powertoolsReport(samples: Map<string, Samples>, baseline: string, deployed: Map<string, number>): void {
  const median = (xs: number[]) => summarise(xs).medianMs;
  const pooled = (label: string, mb: number, pick: (s: Samples) => number[]): number[] =>
    commands
      .filter((c) => c.fn === POWERTOOLS_FUNCTION && c.calls > 0)
      .flatMap((c) => pick(samples.get(`${label}|${c.fn}|${c.what}|${mb}`)!));
  const body: string[][] = [];
  const verdicts: string[] = [];
  for (const label of Object.keys(POWERTOOLS_VARIANTS)) {
    for (const mb of SIZES) {
      const mine = pooled(label, mb, (s) => s.first);
      const theirs = pooled(baseline, mb, (s) => s.first);
      const ratios = mine.map((ms, i) => ms / theirs[i]!);
      const cpu = pooled(label, mb, (s) => s.cpu);
      const initCpu = pooled(label, mb, (s) => s.initCpu);
      body.push([
        label,
        String(mb),
        median(mine).toFixed(0),
        median(theirs).toFixed(0),
        `${median(ratios).toFixed(3)}x`,
        `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`,
        median(initCpu).toFixed(0),
        (median(cpu) - median(initCpu)).toFixed(0),
      ]);
      if (deployed.get(POWERTOOLS_FUNCTION) === mb) {
        const within = median(ratios) <= POWERTOOLS_BOUND;
        verdicts.push(
          `  ${label} at ${mb} MB (deployed): ${median(ratios).toFixed(3)}x ${baseline}, ${within ? 'within' : 'OVER'} ${((POWERTOOLS_BOUND - 1) * 100).toFixed(0)} %`,
        );
      }
    }
  }
  console.log(
    `\nPowertools variants of ${POWERTOOLS_FUNCTION} against ${baseline} in the same rounds, device commands pooled (ratio: median of per-round ratios):`,
  );
  table(['variant', 'MB', 'first ms', `${baseline} ms`, 'ratio', 'range', 'init cpu', 'invoke cpu'], body, [0]);
  console.log(verdicts.join('\n'));
}

cliArgs(benchColdCli);
main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
