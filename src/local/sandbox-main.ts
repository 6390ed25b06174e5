// `npm start`: the local sandbox. Settings come from the environment (see README); none are needed.
import './sandbox/quiet-sdk-notices';
import { cliArgs } from '../../scripts/cli';
import { sandboxCli } from '../../scripts/usage';
import { sandboxMain } from './sandbox/main';

cliArgs(sandboxCli);
void sandboxMain({ env: process.env, input: process.stdin, output: process.stdout, errors: process.stderr }).then(
  (code) => process.exit(code),
);
