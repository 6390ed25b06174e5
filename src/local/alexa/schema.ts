// Amazon's smart-home message schema (draft-04, vendored in test/support/alexa-smart-home/), compiled
// once: every message the smart-home door answers in a test, and every event the local Alexa stand-in
// receives, must validate against it. Here, in src/local, so the stand-in and the tests share it; never
// bundled into a Lambda.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import Ajv from 'ajv-draft-04';

const SCHEMA_FILE = path.join(
  __dirname,
  '..',
  '..',
  '..',
  'test',
  'support',
  'alexa-smart-home',
  'alexa_smart_home_message_schema.json',
);

/**
 * Alexa.Discovery.DeleteReport, which the vendored schema (older than the event) lacks, written from
 * Amazon's interface reference (developer.amazon.com/docs/device-apis/alexa-discovery.html,
 * "DeleteReport event"): the header as every event's, endpoints holding only their endpointId, and the
 * scope with the customer's token; its parts are the vendored schema's own definitions.
 */
const DELETE_REPORT = {
  type: 'object',
  required: ['event'],
  additionalProperties: false,
  properties: {
    event: {
      type: 'object',
      required: ['header', 'payload'],
      additionalProperties: false,
      properties: {
        header: {
          type: 'object',
          required: ['namespace', 'name', 'payloadVersion', 'messageId'],
          additionalProperties: false,
          properties: {
            namespace: { type: 'string', enum: ['Alexa.Discovery'] },
            name: { type: 'string', enum: ['DeleteReport'] },
            payloadVersion: { $ref: '#/definitions/common/model.PayloadVersion' },
            messageId: { $ref: '#/definitions/common/model.MessageId' },
          },
        },
        payload: {
          type: 'object',
          required: ['endpoints', 'scope'],
          additionalProperties: false,
          properties: {
            endpoints: {
              type: 'array',
              minItems: 1,
              maxItems: 300,
              items: {
                type: 'object',
                required: ['endpointId'],
                additionalProperties: false,
                properties: { endpointId: { $ref: '#/definitions/common/model.EndpointId' } },
              },
            },
            scope: { $ref: '#/definitions/common/model.Scope' },
          },
        },
      },
    },
  },
};

/**
 * The compiled validator. Compiling the 700 kB schema takes seconds, and every process that checks a
 * message (each sandbox start, each test file) would pay it again; so the validator's code, which Ajv
 * writes as a module of its own ("standalone validation code"), is kept in node_modules/.cache under the
 * hash of what it was compiled from, and read back from there. Inside node_modules, so the module finds
 * Ajv's runtime parts as the project does.
 */
function compiled(): ValidateFunction {
  // Read at run time rather than imported: the type checker need not type a 700 kB JSON file.
  const text = readFileSync(SCHEMA_FILE, 'utf8');
  const key = createHash('sha256')
    .update(text)
    .update(JSON.stringify(DELETE_REPORT))
    .update(JSON.stringify(OPTIONS))
    .update(readFileSync(require.resolve('ajv/package.json')))
    .update(readFileSync(require.resolve('ajv-draft-04/package.json')))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(
    __dirname,
    '..',
    '..',
    '..',
    'node_modules',
    '.cache',
    'tv-remote',
    `smart-home-schema-${key}.js`,
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled validator is a CommonJS file made at run time
  if (existsSync(file)) return require(file) as ValidateFunction;
  const vendored = JSON.parse(text) as { oneOf: object[] };
  const ajv = new Ajv({ ...OPTIONS, code: { source: true } });
  const validate = ajv.compile({ ...vendored, oneOf: [...vendored.oneOf, DELETE_REPORT] });
  // Written aside and renamed: processes starting together never read half a file.
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(partial, standaloneCode(ajv, validate));
  renameSync(partial, file);
  return validate;
}

// Options from the schema's README: some patterns use escapes a `u` regular expression refuses.
const OPTIONS = { strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false } as const;
const validate = compiled();

/** The schema's complaints about a message, empty when it is valid. */
export function smartHomeSchemaErrors(message: unknown): string[] {
  if (validate(message)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

export function expectValidSmartHomeMessage(message: unknown): void {
  const errors = smartHomeSchemaErrors(message);
  if (errors.length > 0) {
    // The root is a oneOf over every message type, so errors list every branch; show the message too.
    throw new Error(
      `not a valid smart-home message:\n${JSON.stringify(message, null, 2)}\n${errors.slice(0, 40).join('\n')}`,
    );
  }
}
