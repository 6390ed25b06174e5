// The real parts a test file (or describe block) talks to, over loopback: one device-cloud emulator and
// one dynalite table, started before its tests and closed after them; faults injected by a test end with it.
import { startEmulator, type Emulator } from '../../src/local/emulator';
import { startTestDynamo, type TestDynamo } from './dynamo';

export interface Loopback {
  readonly emulator: Emulator;
  readonly dynamo: TestDynamo;
}

/** Registers the hooks; call at the top of a test file or describe block and read the fields inside tests. */
export function useLoopback(): Loopback {
  const parts: { emulator?: Emulator; dynamo?: TestDynamo } = {};
  beforeAll(async () => {
    [parts.emulator, parts.dynamo] = await Promise.all([startEmulator(), startTestDynamo()]);
  });
  afterAll(async () => {
    await Promise.all([parts.emulator?.close(), parts.dynamo?.close()]);
  });
  afterEach(() => parts.emulator?.clearFaults());
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the loopback parts are used before beforeAll started them');
    return part;
  };
  return {
    get emulator() { return started(parts.emulator); },
    get dynamo() { return started(parts.dynamo); },
  };
}
