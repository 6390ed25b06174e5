// The cold bench's "logger" variant (bench/cold-powertools.ts): src/log.ts with its JSON logger written
// by Powertools' Logger. The fields are redacted as before, so no token reaches a log either way.
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { redact, type LogFields, type Logger } from '../../src/log';

export * from '../../src/log';

/** The same interface as src/log.ts's; Powertools writes the line (on stdout) itself, so `write` is unused. */
export function jsonLogger(_write?: (line: string) => void, base: LogFields = {}): Logger {
  const logger = new PowertoolsLogger({ persistentKeys: redact(base) as LogFields });
  const fieldsOf = (fields: LogFields = {}): LogFields => redact(fields) as LogFields;
  return {
    info: (message, fields) => logger.info(message, fieldsOf(fields)),
    warn: (message, fields) => logger.warn(message, fieldsOf(fields)),
    error: (message, fields) => logger.error(message, fieldsOf(fields)),
  };
}
