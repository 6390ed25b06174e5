// `npm start`: the local sandbox. Settings come from the environment (see README); none are needed.
import './sandbox/quiet-sdk-notices';
import { runConsole, helpText } from './sandbox/console';
import { startSandbox } from './sandbox/sandbox';
import { settingsFromEnv } from './sandbox/settings';
import { cliArgs } from '../../scripts/cli';
import { sandboxCli } from '../../scripts/usage';

async function main(): Promise<void> {
  const out = process.stdout;
  out.write('TV voice remote: local sandbox\n');
  const sandbox = await startSandbox(settingsFromEnv(process.env), out);
  const interactive = Boolean(process.stdin.isTTY);
  if (interactive) out.write(`\n${helpText(sandbox.examples, sandbox.openPhrase, sandbox.commands)}\n\n`);
  try {
    await runConsole(sandbox, { input: process.stdin, output: out, interactive });
  } finally {
    await sandbox.close();
  }
}

cliArgs(sandboxCli);
main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`The sandbox could not start: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
