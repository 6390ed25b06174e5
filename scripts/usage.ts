// The command lines of the scripts people run (package.json's scripts, and bench/hearing.ts), each as
// --help prints it: what it does, its flags, the environment it reads. Apart from the scripts, which load
// a browser, the Lambda bundles or the skill as they start, so that a test reads every usage at no cost;
// each script passes its own to cliArgs first. doctor and skill-package keep theirs beside their flags.
import { LOCALES } from '../models/locales';
import type { Cli } from './cli';

/** scripts/screens.ts */
export const screensCli: Cli = {
  usage: `usage: npm run screens

Draws the touch keypad of every screen shape into docs/images/keypad-*.png with Amazon's APL renderer for
the web in a headless Chromium, offline. No flags.
environment:
  CHROMIUM_PATH   the Chromium to run (default /usr/bin/chromium; Debian: apt-get install chromium fonts-noto-cjk)`,
};

/** scripts/test-on-node24.ts */
export const testOnNode24Cli: Cli = {
  passThrough: true,
  usage: `usage: npm run test:node24 [-- <jest arguments>]

Runs the test suite (jest) on Node 24, the major of the Lambda runtime, whatever Node runs npm. Node 24
comes from the npm registry into .bench/node/ once. Every argument goes to jest: name test files, as with
npx jest (the whole suite is long).
environment:
  NODE24 (or BENCH_NODE)   a Node 24 binary to use instead`,
};

/** models/build.ts */
export const modelsCli: Cli = {
  usage: `usage: npm run models

Writes models/<locale>.json, every interaction model of the skill, from models/build.ts, and prints what
each model covers. Nothing is written while a model breaks a rule of Amazon's model build (exit 1).
Run it after changing build.ts: test/skill/model.test.ts fails while a file differs. No flags, no environment.`,
};

/** bench/cold.ts */
export const benchColdCli: Cli = {
  usage: `usage: npm run bench:cold

The first answer of a new Lambda process per voice-path function and command, at each memory size's CPU
share, with the device cloud a round trip away over TLS; ratios to a bare HTTPS request in the same round.
Packages the service first (serverless package, offline). No flags.
environment:
  BENCH_COLD_N=7                 rounds (BENCH_COLD_QUICK=1: 3 rounds at 256 MB and the deployed sizes)
  BENCH_COLD_SIZES=128,256,512,1024   memory sizes (the measured functions' deployed sizes are always added)
  BENCH_COLD_CPU=provisioned     the whole process at the memory's share (default on-demand)
  BENCH_COLD_RTT_MS=100          the device cloud's round trip
  BENCH_COLD_BEFORE=<folder>     also time another serverless package's zips, as "before"
  BENCH_COLD_ONLY=<text>         only the commands whose function and name contain it
  BENCH_COLD_PROFILE=<folder>    V8 CPU profiles of the check runs' invoke phase
  BENCH_COLD_POWERTOOLS=1        also time smart-home bundles with Powertools' Logger or Metrics
                                 swapped in, against the unchanged one
  BENCH_NODE=<path to node>      instead of the fetched Node 24`,
};

/** bench/run.ts */
export const benchWarmCli: Cli = {
  usage: `usage: npm run bench:warm

Warm voice commands of the skill against the I/O they cannot avoid (one table read, one device call per
IR step), all on 127.0.0.1; fails when a command exceeds its I/O budget. No flags.
environment:
  BENCH_N=500   iterations per scenario`,
};

/** bench/smarthome.ts */
export const benchSmarthomeCli: Cli = {
  usage: `usage: npm run bench:smarthome

The smart-home door's warm overhead per directive against one raw device-cloud call, all on 127.0.0.1.
No flags. Run it alone on an idle machine.
environment:
  BENCH_N=300   iterations per directive`,
};

/** bench/presses.ts */
export const benchPressesCli: Cli = {
  usage: `usage: npm run bench:presses

How many IR presses one voice command can send and still answer in time, with the device cloud a round
trip away over TLS: the figure behind src/tv/control.ts's MAX_STEPS. No flags.
environment:
  BENCH_PRESSES=40    presses timed
  BENCH_RTT_MS=100    the device cloud's round trip`,
};

/** bench/hearing.ts */
export const benchHearingCli: Cli = {
  positionals: true,
  usage: `usage: npx tsx bench/hearing.ts [lines per locale]

The sandbox's hearing, old and new: virtual-alexa's sample scan against the compiled sample trie, on the
same lines (default 600 per locale). Prints each one's build time and time per line, and every line the
two hear differently (exit 1 if any). No flags, no environment.`,
};

/** src/local/sandbox-main.ts */
export const sandboxCli: Cli = {
  usage: `usage: npm start

The local sandbox: the skill, the smart-home and Google doors, the device-cloud emulator and a table, on
this machine; type what you would say ("turn on the tv", "hey google, turn on the tv"). No flags; no
setting is needed (docs/sandbox.md).
environment:
  SANDBOX_LOCALE      the language heard and spoken: ${LOCALES.join(', ')} (default en-US)
  SANDBOX_AREA        the TV's prefecture or a postal code (default 東京都 for ja-JP)
  SANDBOX_TVS         the TVs to set up, comma-separated names (default one TV)
  SANDBOX_PLATFORM    who hears lines without a wake word: alexa or google (default alexa)
  SANDBOX_METRICS     each answer's metric line: on, json or off (default off)
  SANDBOX_VERBOSE=1   every part's address and setup's every step at start
  SANDBOX_DATA_DIR    keep the embedded table's data in this folder (default memory only)
  DEVICE_CLOUD_BASE_URL, DEVICE_CLOUD_TOKEN   a real device cloud instead of the emulator
  TABLE_NAME          an existing table (real DynamoDB, or AWS_ENDPOINT_URL_DYNAMODB)
  TV_PRESET_ID        the TV preset to register when the cloud offers several`,
};
