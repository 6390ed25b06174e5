// What `npm start` runs, given its input, output and environment: the banner, the sandbox started from the
// settings, the console until the input ends, then everything closed. Returns the exit code, so the entry
// (src/local/sandbox-main.ts) and the tests run the same function, in a process of its own or in-process.
import type { Readable, Writable } from 'node:stream';
import { helpText, runConsole } from './console';
import { startSandbox } from './sandbox';
import { settingsFromEnv } from './settings';

export interface SandboxIo {
  env: NodeJS.ProcessEnv;
  input: Readable & { isTTY?: boolean };
  output: Writable;
  errors: Writable;
}

export async function sandboxMain({ env, input, output, errors }: SandboxIo): Promise<number> {
  try {
    output.write('TV voice remote: local sandbox\n');
    const sandbox = await startSandbox(settingsFromEnv(env), output);
    const interactive = Boolean(input.isTTY);
    if (interactive) output.write(`\n${helpText(sandbox.examples, sandbox.openPhrase, sandbox.commands)}\n\n`);
    try {
      await runConsole(sandbox, { input, output, interactive });
    } finally {
      await sandbox.close();
    }
    return 0;
  } catch (e) {
    errors.write(`The sandbox could not start: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
