// The real parts a test file (or describe block) talks to, over loopback: one device-cloud emulator and
// one dynalite table, started before its tests and closed after them; faults injected by a test end with it.
import { startEmulator, type Emulator } from '../../src/local/emulator';
import { startTestDynamo, type TestDynamo } from './dynamo';
import { useFixture } from './fixture';

export interface Loopback {
  readonly emulator: Emulator;
  readonly dynamo: TestDynamo;
}

/** Registers the hooks; call at the top of a test file or describe block and read the fields inside tests. */
export function useLoopback(): Loopback {
  const parts = useFixture('the loopback parts', {
    start: async () => {
      const [emulator, dynamo] = await Promise.all([startEmulator(), startTestDynamo()]);
      return { emulator, dynamo };
    },
    close: (p) => Promise.all([p.emulator.close(), p.dynamo.close()]),
    afterEach: (p) => p.emulator.clearFaults(),
  });
  return {
    get emulator() {
      return parts().emulator;
    },
    get dynamo() {
      return parts().dynamo;
    },
  };
}
