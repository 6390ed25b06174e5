// The CloudWatch embedded metric format, checked as its specification states it:
// https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
// The structure as a JSON schema (Ajv); the rules that tie the metadata to the root's members (each
// referenced dimension a string member, each metric a number or at most 100 numbers) in code, as a
// schema cannot follow a reference by value.
import Ajv from 'ajv';
import { NAMESPACE, type EmfDocument } from '../../src/metrics';

/** CloudWatch's metric units (MetricDatum), the only ones the specification allows in Unit. */
const UNITS = [
  'Seconds',
  'Microseconds',
  'Milliseconds',
  'Bytes',
  'Kilobytes',
  'Megabytes',
  'Gigabytes',
  'Terabytes',
  'Bits',
  'Kilobits',
  'Megabits',
  'Gigabits',
  'Terabits',
  'Percent',
  'Count',
  'Bytes/Second',
  'Kilobytes/Second',
  'Megabytes/Second',
  'Gigabytes/Second',
  'Terabytes/Second',
  'Bits/Second',
  'Kilobits/Second',
  'Megabits/Second',
  'Gigabits/Second',
  'Terabits/Second',
  'Count/Second',
  'None',
];

const name = { type: 'string', minLength: 1, maxLength: 255 };

/** Root node: `_aws` (Timestamp in epoch ms, CloudWatchMetrics); the root may hold any other members. */
export const EMF_SCHEMA = {
  type: 'object',
  required: ['_aws'],
  properties: {
    _aws: {
      type: 'object',
      required: ['Timestamp', 'CloudWatchMetrics'],
      properties: {
        Timestamp: { type: 'integer', minimum: 0 },
        CloudWatchMetrics: {
          type: 'array',
          items: {
            // A MetricDirective: exactly these members.
            type: 'object',
            required: ['Namespace', 'Dimensions', 'Metrics'],
            additionalProperties: false,
            properties: {
              Namespace: name,
              Dimensions: { type: 'array', minItems: 1, items: { type: 'array', maxItems: 9, items: name } },
              Metrics: {
                type: 'array',
                maxItems: 100,
                items: {
                  type: 'object',
                  required: ['Name'],
                  additionalProperties: false,
                  properties: { Name: name, Unit: { enum: UNITS }, StorageResolution: { enum: [1, 60] } },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

const validate = new Ajv({ allErrors: true, strict: true }).compile(EMF_SCHEMA);

/** Every way `doc` breaks the specification; empty when it follows it. */
export function emfViolations(doc: unknown): string[] {
  if (!validate(doc)) return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  const root = doc as Record<string, unknown> & { _aws: EmfDocument['_aws'] };
  const problems: string[] = [];
  for (const directive of root._aws.CloudWatchMetrics) {
    for (const key of directive.Dimensions.flat()) {
      if (typeof root[key] !== 'string') problems.push(`dimension ${key} is not a string member of the root`);
    }
    for (const { Name } of directive.Metrics) {
      const value = root[Name];
      const numbers = Array.isArray(value) ? value : [value];
      if (numbers.length > 100 || numbers.some((n) => typeof n !== 'number' || !Number.isFinite(n))) {
        problems.push(`metric ${Name} is not a number (or at most 100 numbers) on the root`);
      }
    }
  }
  return problems;
}

/** The EMF documents among log lines: JSON objects with an `_aws` member. */
export function emfDocuments(lines: string[]): EmfDocument[] {
  return lines.flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null && '_aws' in parsed ? [parsed as EmfDocument] : [];
    } catch {
      return [];
    }
  });
}

/** The one EMF line among `lines`, checked against the specification and our namespace. */
export function theEmfLine(lines: string[]): EmfDocument {
  const docs = emfDocuments(lines);
  expect(docs).toHaveLength(1);
  const doc = docs[0]!;
  expect(emfViolations(doc)).toEqual([]);
  expect(doc._aws.CloudWatchMetrics.every((d) => d.Namespace === NAMESPACE)).toBe(true);
  return doc;
}

/**
 * The command's log line (the one carrying `outcome`) says what its EMF line says: same command,
 * outcome and device calls, with `wanted` calls when given (the emulator's count).
 */
export function expectLogAgrees(lines: string[], wantedCalls?: number): EmfDocument {
  const emf = theEmfLine(lines);
  const logged = lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => 'deviceCalls' in l && 'message' in l);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({
    command: emf.Command,
    outcome: emf.Outcome,
    deviceCalls: emf.DeviceCalls,
    durationMs: emf.Duration,
  });
  if (wantedCalls !== undefined) expect(emf.DeviceCalls).toBe(wantedCalls);
  return emf;
}
