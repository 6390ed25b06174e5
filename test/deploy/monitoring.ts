// What the packaged template holds for the operator (README, "Operating it"): the alarms, the topic
// they notify only when an e-mail address was given, and the dashboard, all only with the deploy
// parameter monitoring=on (off by default: docs/costs.md). Every metric they read must be one the EMF
// lines publish, under dimensions the lines publish: an alarm on a metric nobody writes stays quiet for
// ever. Run by package.test.ts, which packages the service once for all its checks.
import { emfDocument, NAMESPACE } from '../../src/metrics';

type Json = Record<string, unknown>;
interface Template {
  Resources: Record<string, { Type: string; Properties: Json; Condition?: string }>;
  Conditions?: Record<string, unknown>;
  Parameters?: Record<string, { Type: string; Default?: string; AllowedValues?: string[] }>;
}
export interface MonitoringPackages {
  /** Packaged with the defaults: no monitoring parameter, no alarm e-mail address. */
  without: { template: Template };
  /** Packaged with `--param=monitoring=on` and `email` as ALARM_EMAIL. */
  withEmail: { template: Template };
  email: string;
}

const ALARMS = [
  'FailedCommandsAlarm',
  'DeviceCloudAuthAlarm',
  'SkillDurationAlarm',
  'SmartHomeDurationAlarm',
  'LambdaErrorsAlarm',
  'LambdaThrottlesAlarm',
];
const FUNCTIONS = ['SkillLambdaFunction', 'SmarthomeLambdaFunction', 'GoogleLambdaFunction', 'SetupLambdaFunction'];
const DOORS = ['skill', 'smarthome', 'google', 'setup'];
const NOTIFY = { 'Fn::If': ['AlarmNotifies', [{ Ref: 'AlarmTopic' }], { Ref: 'AWS::NoValue' }] };
const MONITORING = [...ALARMS, 'Dashboard'];

interface MetricRef {
  namespace: string;
  name: string;
  dimensions: Record<string, unknown>;
}

/** "Commands|Door,Outcome": each metric of an EMF line with each dimension set it is published under. */
const PUBLISHED = new Set(
  emfDocument({
    door: 'skill',
    command: 'x',
    outcome: 'ok',
    deviceCalls: 0,
    durationMs: 0,
    coldStart: false,
    startedAt: 0,
  })._aws.CloudWatchMetrics.flatMap((d) =>
    d.Dimensions.flatMap((set) => d.Metrics.map((m) => `${m.Name}|${[...set].sort().join(',')}`)),
  ),
);

const isPublished = (m: MetricRef): boolean => PUBLISHED.has(`${m.name}|${Object.keys(m.dimensions).sort().join(',')}`);

/** The metrics an alarm reads, whether it names one metric or queries several with metric math. */
function alarmMetrics(props: Json): MetricRef[] {
  const dims = (list: unknown): Record<string, unknown> =>
    Object.fromEntries(((list ?? []) as { Name: string; Value: unknown }[]).map((d) => [d.Name, d.Value]));
  if (typeof props['MetricName'] === 'string') {
    return [
      { namespace: String(props['Namespace']), name: props['MetricName'], dimensions: dims(props['Dimensions']) },
    ];
  }
  return (
    (props['Metrics'] ?? []) as {
      MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: unknown } };
    }[]
  ).flatMap((q) =>
    q.MetricStat
      ? [
          {
            namespace: q.MetricStat.Metric.Namespace,
            name: q.MetricStat.Metric.MetricName,
            dimensions: dims(q.MetricStat.Metric.Dimensions),
          },
        ]
      : [],
  );
}

/** The condition as CloudFormation would evaluate it with the parameters' defaults (what a deploy passes). */
function evaluate(template: Template, condition: unknown): boolean {
  const c = condition as Json;
  const value = (v: unknown): string => {
    if (typeof v === 'string') return v;
    const ref = (v as { Ref?: string }).Ref;
    const param = ref === undefined ? undefined : template.Parameters?.[ref];
    if (param?.Default === undefined)
      throw new Error(`not a literal or a parameter with a default: ${JSON.stringify(v)}`);
    return param.Default;
  };
  if ('Fn::Not' in c) return !evaluate(template, (c['Fn::Not'] as unknown[])[0]);
  if ('Fn::And' in c) return (c['Fn::And'] as unknown[]).every((x) => evaluate(template, x));
  if ('Condition' in c) return evaluate(template, template.Conditions?.[c['Condition'] as string]);
  if ('Fn::Equals' in c) {
    const [a, b] = c['Fn::Equals'] as unknown[];
    return value(a) === value(b);
  }
  throw new Error(`condition this check cannot evaluate: ${JSON.stringify(c)}`);
}

/** The dashboard's JSON, its Fn::Sub references replaced by markers (checked to be resources or the region). */
function dashboardBody(template: Template): { body: Json; references: string[] } {
  const sub = (template.Resources['Dashboard']?.Properties['DashboardBody'] as { 'Fn::Sub': string })['Fn::Sub'];
  const references = [...sub.matchAll(/\$\{([^}]+)\}/g)].map((m) => m[1]!);
  return { body: JSON.parse(sub.replace(/\$\{([^}]+)\}/g, 'ref:$1')) as Json, references };
}

export function testMonitoring(packages: () => MonitoringPackages): void {
  const both = (): [string, Template][] => [
    ['without an e-mail', packages().without.template],
    ['with an e-mail', packages().withEmail.template],
  ];

  /** Whether CloudFormation creates the resource, with the parameters' defaults the deploy set. */
  const created = (template: Template, id: string): boolean => {
    const condition = template.Resources[id]?.Condition;
    return (
      template.Resources[id] !== undefined &&
      (condition === undefined || evaluate(template, template.Conditions?.[condition]))
    );
  };

  it('holds every alarm, notifying the topic, which exists only when an alarm e-mail was given', () => {
    for (const [, template] of both()) {
      for (const id of ALARMS) {
        expect(template.Resources[id]?.Type).toBe('AWS::CloudWatch::Alarm');
        expect(template.Resources[id]?.Properties).toMatchObject({
          AlarmActions: NOTIFY,
          OKActions: NOTIFY,
          TreatMissingData: 'notBreaching',
        });
      }
      const topics = Object.entries(template.Resources)
        .filter(([, r]) => r.Type === 'AWS::SNS::Topic')
        .map(([id]) => id);
      expect(topics).toEqual(['AlarmTopic']);
      expect(template.Resources['AlarmTopic']?.Condition).toBe('AlarmNotifies');
    }
    const { withEmail, email } = packages();
    expect(created(withEmail.template, 'AlarmTopic')).toBe(true);
    expect(withEmail.template.Resources['AlarmTopic']?.Properties['Subscription']).toEqual([
      { Protocol: 'email', Endpoint: { Ref: 'AlarmEmail' } },
    ]);
    expect(withEmail.template.Parameters?.['AlarmEmail']).toMatchObject({ Type: 'String', Default: email });
  });

  it('creates alarms and dashboard only with monitoring=on, a deploy parameter that is off by default (docs/costs.md)', () => {
    const { without, withEmail } = packages();
    for (const [, template] of both()) {
      expect(template.Parameters?.['Monitoring']).toMatchObject({ Type: 'String', AllowedValues: ['on', 'off'] });
      for (const id of MONITORING)
        expect({ id, condition: template.Resources[id]?.Condition }).toEqual({ id, condition: 'MonitoringOn' });
    }
    expect(without.template.Parameters?.['Monitoring']?.Default).toBe('off');
    expect(MONITORING.filter((id) => created(without.template, id))).toEqual([]);
    expect(created(without.template, 'AlarmTopic')).toBe(false);
    expect(withEmail.template.Parameters?.['Monitoring']?.Default).toBe('on');
    expect(MONITORING.filter((id) => !created(withEmail.template, id))).toEqual([]);
    // What monitoring=off leaves: nothing of CloudWatch but the functions' own log groups.
    const cloudWatch = Object.entries(without.template.Resources).filter(
      ([id, r]) => r.Type.startsWith('AWS::CloudWatch::') && created(without.template, id),
    );
    expect(cloudWatch).toEqual([]);
  });

  it('notifies nobody with monitoring off, even when an alarm e-mail was given', () => {
    const { withEmail } = packages();
    const monitoringOff = {
      ...withEmail.template,
      Parameters: { ...withEmail.template.Parameters, Monitoring: { Type: 'String', Default: 'off' } },
    };
    expect(created(monitoringOff, 'AlarmTopic')).toBe(false);
    expect(MONITORING.filter((id) => created(monitoringOff, id))).toEqual([]);
  });

  it("alarms only on metrics the EMF lines publish, or on the functions' Lambda errors (voice doors) and throttles (all)", () => {
    const { Resources } = packages().without.template;
    for (const id of ALARMS) {
      const metrics = alarmMetrics(Resources[id]!.Properties);
      expect(metrics.length).toBeGreaterThan(0);
      for (const m of metrics) {
        if (m.namespace === 'AWS/Lambda')
          expect(FUNCTIONS.map((f) => ({ Ref: f }))).toContainEqual(m.dimensions['FunctionName']);
        else
          expect({ id, metric: m, published: m.namespace === NAMESPACE && isPublished(m) }).toMatchObject({
            published: true,
          });
      }
    }
    // Setup answers a bad field with an error by design: its Lambda errors would page for typos.
    const watched = (id: string, name: string) =>
      alarmMetrics(Resources[id]!.Properties)
        .filter((m) => m.name === name)
        .map((m) => m.dimensions['FunctionName']);
    expect(watched('LambdaErrorsAlarm', 'Errors')).toEqual(
      ['SkillLambdaFunction', 'SmarthomeLambdaFunction', 'GoogleLambdaFunction'].map((f) => ({ Ref: f })),
    );
    expect(watched('LambdaThrottlesAlarm', 'Throttles')).toEqual(FUNCTIONS.map((f) => ({ Ref: f })));
  });

  it('computes with metric math over every door, each query defined and one series alarmed on', () => {
    const { Resources } = packages().without.template;
    for (const id of ALARMS) {
      const queries = (Resources[id]!.Properties['Metrics'] ?? []) as {
        Id: string;
        Expression?: string;
        ReturnData: boolean;
      }[];
      if (queries.length === 0) continue;
      expect(queries.filter((q) => q.ReturnData)).toHaveLength(1);
      const ids = new Set(queries.map((q) => q.Id));
      for (const q of queries) {
        // Ids are lower case; the math's functions (IF, FILL) upper case.
        for (const used of q.Expression?.match(/\b[a-z]\w*\b/g) ?? [])
          expect({ id, used, defined: ids.has(used) }).toMatchObject({ defined: true });
      }
    }
    const doorsOf = (id: string, name: string) =>
      alarmMetrics(Resources[id]!.Properties)
        .filter((m) => m.name === name)
        .map((m) => m.dimensions['Door']);
    expect(doorsOf('FailedCommandsAlarm', 'Commands')).toEqual(DOORS);
    expect(doorsOf('FailedCommandsAlarm', 'Failed')).toEqual(DOORS);
    expect(doorsOf('DeviceCloudAuthAlarm', 'Commands')).toEqual(DOORS);
    expect(
      alarmMetrics(Resources['DeviceCloudAuthAlarm']!.Properties).every(
        (m) => m.dimensions['Outcome'] === 'unauthorized',
      ),
    ).toBe(true);
    // "Over a threshold for 5 minutes": one 5-minute period of the share, in percent.
    const failed = Resources['FailedCommandsAlarm']!.Properties;
    expect(failed).toMatchObject({ ComparisonOperator: 'GreaterThanThreshold', Threshold: 20, EvaluationPeriods: 1 });
    expect(
      (failed['Metrics'] as { MetricStat?: { Period: number } }[]).every(
        (q) => q.MetricStat === undefined || q.MetricStat.Period === 300,
      ),
    ).toBe(true);
    expect(JSON.stringify(failed['Metrics'])).toContain('100 * failed / commands');
  });

  it("alarms when a voice door's p99 duration nears Alexa's 8 seconds", () => {
    const { Resources } = packages().without.template;
    for (const [id, door] of [
      ['SkillDurationAlarm', 'skill'],
      ['SmartHomeDurationAlarm', 'smarthome'],
    ] as const) {
      expect(Resources[id]!.Properties).toMatchObject({
        Namespace: NAMESPACE,
        MetricName: 'Duration',
        Dimensions: [{ Name: 'Door', Value: door }],
        ExtendedStatistic: 'p99',
        Period: 300,
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 6000,
      });
    }
  });

  it('has a dashboard showing each metric per door, a week at a time, with the alarms', () => {
    const template = packages().without.template;
    expect(template.Resources['Dashboard']?.Type).toBe('AWS::CloudWatch::Dashboard');
    const { body, references } = dashboardBody(template);
    for (const ref of references) {
      const [resource, attribute] = ref.split('.');
      expect({
        ref,
        known:
          ref === 'AWS::Region' ||
          (resource! in template.Resources && (attribute === undefined || attribute === 'Arn')),
      }).toMatchObject({ known: true });
    }
    expect(body['start']).toBe('-P7D');
    const widgets = body['widgets'] as { type: string; properties: Json }[];
    const shown: MetricRef[] = widgets.flatMap((w) =>
      ((w.properties['metrics'] ?? []) as unknown[][]).flatMap((row) => {
        if (typeof row[0] !== 'string') return [];
        const [namespace, name, ...rest] = row as string[];
        const pairs = rest.filter((x) => typeof x === 'string');
        const dimensions: Record<string, unknown> = {};
        for (let i = 0; i + 1 < pairs.length; i += 2) dimensions[pairs[i]!] = pairs[i + 1];
        return [{ namespace: namespace!, name: name!, dimensions }];
      }),
    );
    for (const m of shown.filter((s) => s.namespace === NAMESPACE))
      expect({ metric: m, published: isPublished(m) }).toMatchObject({ published: true });
    for (const name of ['Commands', 'Failed', 'Duration', 'DeviceCalls', 'ColdStart']) {
      for (const door of DOORS)
        expect({
          name,
          door,
          shown: shown.some((m) => m.name === name && m.dimensions['Door'] === door),
        }).toMatchObject({ shown: true });
    }
    // Outcomes and commands through SEARCH, over the dimension sets the lines publish.
    const searches = JSON.stringify(widgets).match(/SEARCH\('\{[^}]+\}/g) ?? [];
    expect(searches).toEqual([`SEARCH('{${NAMESPACE},Door,Outcome}`, `SEARCH('{${NAMESPACE},Door,Command}`]);
    const alarmWidget = widgets.find((w) => w.type === 'alarm');
    expect(alarmWidget?.properties['alarms']).toEqual(ALARMS.map((id) => `ref:${id}.Arn`));
  });
}
