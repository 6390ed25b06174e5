// Benchmark of the smart-home door's warm overhead per directive, against one raw device-cloud PUT (its
// cold start is in bench/cold.ts). Method: docs/cold-start.md#bench-smarthome. Run alone on an idle machine.
//    npm run bench:smarthome        (BENCH_N=<iterations per directive>, default 300)
import '../src/local/sandbox/quiet-sdk-notices';
import { DeviceCloud } from '../src/cloud/client';
import { createUserTable } from '../src/local/dynamo';
import { silentLogger } from '../src/log';
import { runSetup } from '../src/setup';
import { createSmartHomeHandler } from '../src/smarthome/app';
import { endpointIdFor } from '../src/alexa/endpoint';
import type { EventMessage } from '../src/alexa/messages';
import { DynamoUserStore } from '../src/store';
import { rawChannelPut, ROUNDS, startBackends, timeInRounds, type Scenario } from './harness';
import { positiveInt, summarise, table } from './stats';
import { cliArgs } from '../scripts/cli';
import { benchSmarthomeCli } from '../scripts/usage';

const N = positiveInt(process.env['BENCH_N'], 300);
const WARMUP = Math.min(50, N);
const WATCHDOG_MS = 240_000;

async function warm(): Promise<void> {
  const { emulator, dynamo, rawAgent, close } = await startBackends();
  try {
    await createUserTable(dynamo, 'users-bench');
    const store = new DynamoUserStore({ tableName: 'users-bench', client: dynamo });

    const token = 'bench-token-smarthome';
    emulator.addAccount(token, {
      presets: [{ deviceId: 'TV-SHARP-0001', manufacturer: 'SHARP', typeName: 'AQUOS', makerCode: 1, typeCode: 1 }],
    });
    const cloud = new DeviceCloud({ baseUrl: emulator.url });
    const setup = await runSetup({ store, cloud }, { userId: 'bench-user', accessToken: token });
    const thingId = setup.tv?.thingId;
    if (!thingId) throw new Error(`setup did not register a TV: ${setup.status}`);
    const endpointId = endpointIdFor(thingId)!;
    const handler = createSmartHomeHandler({ directory: store.tvs, cloud, logger: silentLogger });
    const em = emulator;

    const directive = (namespace: string, name: string, payload: Record<string, unknown>) => () => ({
      directive: {
        header: {
          namespace,
          name,
          payloadVersion: '3',
          messageId: 'bench-message',
          correlationToken: 'bench-correlation',
        },
        endpoint: { scope: { type: 'BearerToken', token }, endpointId, cookie: {} },
        payload,
      },
    });
    const discover = () => ({
      directive: {
        header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: 'bench-message' },
        payload: { scope: { type: 'BearerToken', token } },
      },
    });
    const answer = async (event: unknown, expected: string): Promise<EventMessage> => {
      const response = await handler(event);
      if (response.event.header.name !== expected)
        throw new Error(`expected ${expected}, got ${JSON.stringify(response.event.payload)}`);
      return response;
    };
    // Power alternates so every call really switches the TV (no "already on" answers).
    let on = false;
    const turnOnOff = () => {
      on = !on;
      return answer(directive('Alexa.PowerController', on ? 'TurnOn' : 'TurnOff', {})(), 'Response');
    };

    const discovered = await answer(discover(), 'Discover.Response');
    if ((discovered.event.payload['endpoints'] as unknown[]).length !== 1)
      throw new Error('discovery did not find the TV');

    const rawPut = rawChannelPut(emulator.url, token, thingId, rawAgent);
    // ReportState as Alexa sends it, with the cookie discovery gave: the TV's own entry in the search
    // makes it the account's; a forged thingId behind the same gateway costs the gateway index's item too.
    const [listed] = discovered.event.payload['endpoints'] as { cookie: Record<string, string> }[];
    const reportState = (id: string) => () => ({
      directive: {
        header: {
          namespace: 'Alexa',
          name: 'ReportState',
          payloadVersion: '3',
          messageId: 'bench-message',
          correlationToken: 'bench-correlation',
        },
        endpoint: { scope: { type: 'BearerToken', token }, endpointId: id, cookie: listed?.cookie ?? {} },
        payload: {},
      },
    });

    const scenarios: Scenario[] = [
      { name: 'baseline: raw node-fetch PUT channel', calls: 1, op: rawPut, samples: [] },
      {
        name: 'Discover (plugins + 1 GetItem)',
        calls: 1,
        op: () => answer(discover(), 'Discover.Response'),
        samples: [],
      },
      { name: 'TurnOn / TurnOff', calls: 1, op: turnOnOff, samples: [] },
      {
        name: 'ChangeChannel 5',
        calls: 1,
        op: () =>
          answer(directive('Alexa.ChannelController', 'ChangeChannel', { channel: { number: '5' } })(), 'Response'),
        samples: [],
      },
      {
        name: 'SkipChannels 1',
        calls: 1,
        op: () => answer(directive('Alexa.ChannelController', 'SkipChannels', { channelCount: 1 })(), 'Response'),
        samples: [],
      },
      {
        name: 'AdjustVolume default (1 step)',
        calls: 1,
        op: () =>
          answer(
            directive('Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: 10, volumeStepsDefault: true })(),
            'Response',
          ),
        samples: [],
      },
      {
        name: 'AdjustVolume 5',
        calls: 5,
        op: () =>
          answer(
            directive('Alexa.StepSpeaker', 'AdjustVolume', { volumeSteps: 5, volumeStepsDefault: false })(),
            'Response',
          ),
        samples: [],
      },
      {
        name: 'ReportState (TV listed: 1 search)',
        calls: 1,
        op: () => answer(reportState(endpointId)(), 'StateReport'),
        samples: [],
      },
      {
        name: "ReportState, not the account's TV (search + 1 GetItem)",
        calls: 1,
        op: () => answer(reportState('tv:forged-thing')(), 'ErrorResponse'),
        samples: [],
      },
      {
        name: 'SetMute (refused, no call)',
        calls: 0,
        op: () => answer(directive('Alexa.StepSpeaker', 'SetMute', { mute: true })(), 'ErrorResponse'),
        samples: [],
      },
    ];

    await timeInRounds(em, scenarios, N, WARMUP);

    const rows = scenarios.map((s) => ({ s, sum: summarise(s.samples) }));
    const base = rows[0]!.sum.medianMs;
    console.log(
      `smart-home door, warm: node ${process.version}, warm-up ${WARMUP}, ${ROUNDS} interleaved rounds, all on 127.0.0.1`,
    );
    table(
      ['directive', 'calls', 'n', 'median ms', 'p95 ms', 'x baseline', 'overhead/call ms'],
      rows.map(({ s, sum }) => [
        s.name,
        String(s.calls),
        String(sum.n),
        sum.medianMs.toFixed(3),
        sum.p95Ms.toFixed(3),
        `${(sum.medianMs / base).toFixed(2)}x`,
        s === rows[0]!.s ? '-' : ((sum.medianMs - s.calls * base) / Math.max(1, s.calls)).toFixed(3),
      ]),
    );
  } finally {
    await close();
  }
}

cliArgs(benchSmarthomeCli);
const watchdog = setTimeout(() => {
  console.error(`bench: did not finish within ${WATCHDOG_MS} ms`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();
warm()
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => clearTimeout(watchdog));
