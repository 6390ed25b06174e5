// The EMF line of a command: valid by the specification for every outcome class, few dimensions and
// none naming a person or a device, and the meter that fills it (device calls, cold start, outcome).
import type { DeviceCloudErrorKind } from '../../src/cloud/errors';
import {
  NAMESPACE,
  OUTCOMES,
  countDeviceCall,
  emfDocument,
  emfLines,
  isFailure,
  meterCommand,
  settleCommand,
  type CommandRecord,
  type Outcome,
} from '../../src/metrics';
import { emfViolations } from '../support/emf';

// Every failure kind of the device cloud is an outcome class of its own, and the type says so.
type CloudOutcomes = Exclude<Outcome, 'ok' | 'partial' | 'refused' | 'store' | 'deadline' | 'unexpected'>;
const sameKinds: [CloudOutcomes] extends [DeviceCloudErrorKind]
  ? [DeviceCloudErrorKind] extends [CloudOutcomes]
    ? true
    : false
  : false = true;

const record = (outcome: Outcome, extra: Partial<CommandRecord> = {}): CommandRecord => ({
  door: 'smarthome',
  command: 'Alexa.PowerController.TurnOn',
  outcome,
  deviceCalls: 3,
  durationMs: 412,
  coldStart: false,
  startedAt: 1_795_000_000_123,
  ...extra,
});

describe('the EMF line', () => {
  it('has an outcome class for every device-cloud failure kind', () => {
    expect(sameKinds).toBe(true);
    expect(OUTCOMES).toHaveLength(17);
  });

  it.each(OUTCOMES)('follows the specification for the outcome %s', (outcome) => {
    const doc = emfDocument(record(outcome));
    expect(emfViolations(doc)).toEqual([]);
    expect(doc).toMatchObject({
      _aws: { Timestamp: 1_795_000_000_123 },
      Door: 'smarthome',
      Command: 'Alexa.PowerController.TurnOn',
      Outcome: outcome,
      Commands: 1,
      Failed: ['ok', 'refused'].includes(outcome) ? 0 : 1,
      DeviceCalls: 3,
      Duration: 412,
      ColdStart: 0,
    });
    expect(isFailure(outcome)).toBe(doc.Failed === 1);
  });

  it.each(['skill', 'smarthome', 'setup'] as const)('follows the specification for the door %s, cold', (door) => {
    const doc = emfDocument(record('ok', { door, coldStart: true, deviceCalls: 0 }));
    expect(emfViolations(doc)).toEqual([]);
    expect(doc).toMatchObject({ Door: door, ColdStart: 1, DeviceCalls: 0 });
  });

  it('is one JSON line on stdout, in the namespace the alarms read', () => {
    const lines: string[] = [];
    emfLines((l) => lines.push(l))(record('offline'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    const doc = JSON.parse(lines[0]!) as ReturnType<typeof emfDocument>;
    expect(emfViolations(doc)).toEqual([]);
    expect(doc._aws.CloudWatchMetrics.map((d) => d.Namespace)).toEqual([NAMESPACE, NAMESPACE, NAMESPACE]);
  });

  it('has few dimensions, none of them a person, a device or a token', () => {
    const doc = emfDocument(record('ok'));
    const sets = doc._aws.CloudWatchMetrics.flatMap((d) => d.Dimensions);
    expect(sets).toEqual([['Door'], ['Door', 'Command'], ['Door', 'Outcome']]);
    // Nothing on the line but the dimensions, the metrics and the metadata.
    const metrics = new Set(doc._aws.CloudWatchMetrics.flatMap((d) => d.Metrics.map((m) => m.Name)));
    expect(
      Object.keys(doc).filter((k) => k !== '_aws' && !['Door', 'Command', 'Outcome'].includes(k) && !metrics.has(k)),
    ).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/userId|endpointId|token|thingId/i);
  });

  // The checker must be able to fail: documents that break the specification in each way it states.
  it.each([
    [
      'no metadata',
      (d: Record<string, unknown>) => {
        delete d['_aws'];
      },
    ],
    [
      'no Timestamp',
      (d: Record<string, unknown>) => {
        delete (d['_aws'] as Record<string, unknown>)['Timestamp'];
      },
    ],
    [
      'a Timestamp in seconds as text',
      (d: Record<string, unknown>) => {
        (d['_aws'] as Record<string, unknown>)['Timestamp'] = '1795000000';
      },
    ],
    [
      'a unit CloudWatch does not know',
      (d: Record<string, unknown>) => {
        firstDirective(d).Metrics[0]!.Unit = 'Commands';
      },
    ],
    [
      'a directive without a namespace',
      (d: Record<string, unknown>) => {
        delete (firstDirective(d) as Partial<ReturnType<typeof firstDirective>>).Namespace;
      },
    ],
    [
      'a dimension set of ten keys',
      (d: Record<string, unknown>) => {
        firstDirective(d).Dimensions = [Array.from({ length: 10 }, () => 'Door')];
      },
    ],
    [
      'a dimension missing from the root',
      (d: Record<string, unknown>) => {
        delete d['Command'];
      },
    ],
    [
      'a dimension that is a number',
      (d: Record<string, unknown>) => {
        d['Door'] = 1;
      },
    ],
    [
      'a metric that is text',
      (d: Record<string, unknown>) => {
        d['Duration'] = '412';
      },
    ],
    [
      'a metric nested under another member',
      (d: Record<string, unknown>) => {
        delete d['Failed'];
        d['counts'] = { Failed: 0 };
      },
    ],
  ])('the checker refuses %s', (_what, breakIt) => {
    const doc = JSON.parse(JSON.stringify(emfDocument(record('ok')))) as Record<string, unknown>;
    breakIt(doc);
    expect(emfViolations(doc)).not.toEqual([]);
  });
});

function firstDirective(doc: Record<string, unknown>): {
  Namespace: string;
  Dimensions: string[][];
  Metrics: { Name: string; Unit: string }[];
} {
  return (doc['_aws'] as { CloudWatchMetrics: ReturnType<typeof firstDirective>[] }).CloudWatchMetrics[0]!;
}

/** A device call as the client makes one: counted, then answered a little later. */
async function deviceCall(): Promise<string> {
  countDeviceCall();
  await new Promise((r) => setTimeout(r, 5));
  return 's';
}

describe('the command meter', () => {
  it('counts each command its own device calls, even when commands overlap', async () => {
    const records: CommandRecord[] = [];
    const command = (calls: number) =>
      meterCommand(
        'smarthome',
        'Alexa.StepSpeaker.AdjustVolume',
        async () => {
          for (let i = 0; i < calls; i++) expect(await deviceCall()).toBe('s');
        },
        (r) => records.push(r),
      );
    await Promise.all([command(3), command(1), command(0)]);
    expect(records.map((r) => r.deviceCalls).sort()).toEqual([0, 1, 3]);
    // Calls outside any command are made, and counted nowhere.
    expect(await deviceCall()).toBe('s');
  });

  it('records a command that throws, with the outcome the door gave it, and lets the error go on', async () => {
    let written: CommandRecord | undefined;
    const failing = meterCommand(
      'setup',
      'Setup',
      async (meter) => {
        meter.outcome = 'store';
        throw new Error('table down');
      },
      (r) => {
        written = r;
      },
    );
    await expect(failing).rejects.toThrow('table down');
    expect(written).toMatchObject({ door: 'setup', command: 'Setup', outcome: 'store', deviceCalls: 0 });
    expect(written!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('takes the outcome a door settles deep inside the command, the last word counting', async () => {
    let written: CommandRecord | undefined;
    await meterCommand(
      'skill',
      'VolumeUpIntent',
      async () => {
        settleCommand('offline');
        await Promise.resolve();
        settleCommand('partial');
      },
      (r) => {
        written = r;
      },
    );
    expect(written?.outcome).toBe('partial');
    // Outside a command there is nothing to settle.
    expect(() => settleCommand('unexpected')).not.toThrow();
  });

  it('marks the first command of a process cold and every later one warm', async () => {
    await jestIsolated(async (metrics) => {
      const starts: boolean[] = [];
      for (let i = 0; i < 3; i++)
        await metrics.meterCommand(
          'skill',
          'LaunchRequest',
          async () => undefined,
          (r) => starts.push(r.coldStart),
        );
      expect(starts).toEqual([true, false, false]);
    });
  });
});

/** The metrics module loaded afresh, as in a new Lambda instance. */
async function jestIsolated(work: (m: typeof import('../../src/metrics')) => Promise<void>): Promise<void> {
  let fresh: typeof import('../../src/metrics') | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual<typeof import('../../src/metrics')>('../../src/metrics');
  });
  await work(fresh!);
}
