// Amazon's smart-home message schema (draft-04), compiled once: every message the smart-home door
// sends in a test must validate against it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv-draft-04';

// Read at run time rather than imported: the type checker need not type a 700 kB JSON file.
const schema: object = JSON.parse(readFileSync(path.join(__dirname, 'alexa-smart-home', 'alexa_smart_home_message_schema.json'), 'utf8'));

// Options from the schema's README: some patterns use escapes a `u` regular expression refuses.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });
const validate = ajv.compile(schema);

/** The schema's complaints about a message, empty when it is valid. */
export function smartHomeSchemaErrors(message: unknown): string[] {
  if (validate(message)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

export function expectValidSmartHomeMessage(message: unknown): void {
  const errors = smartHomeSchemaErrors(message);
  if (errors.length > 0) {
    // The root is a oneOf over every message type, so errors list every branch; show the message too.
    throw new Error(`not a valid smart-home message:\n${JSON.stringify(message, null, 2)}\n${errors.slice(0, 40).join('\n')}`);
  }
}
