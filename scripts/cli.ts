// What every command people run shares: `--help` (or -h) prints its usage and exits 0; an option it does
// not take, or an argument where it takes none, prints why and the usage to stderr and exits 2, the exit
// code of a wrong command line. The usage says what the command does, its flags and the environment it reads.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface Cli {
  usage: string;
  /** The flags it takes, as node:util parseArgs reads them; --help is everyone's. */
  options?: NonNullable<ParseArgsConfig['options']>;
  /** Takes positional arguments. */
  positionals?: boolean;
  /** Hands its arguments on to another program (test:node24 to jest): only --help is its own. */
  passThrough?: boolean;
}

export type CliVerdict = { kind: 'run' } | { kind: 'help' | 'wrong'; text: string };

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** What a command line asks: to run, the usage, or nothing it can do (with why). */
export function readCli(cli: Cli, args: readonly string[]): CliVerdict {
  const usage = `${cli.usage.trimEnd()}\n`;
  if (cli.passThrough)
    return args.includes('--help') || args.includes('-h') ? { kind: 'help', text: usage } : { kind: 'run' };
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { ...cli.options, ...HELP },
      allowPositionals: cli.positionals ?? false,
      strict: true,
    });
    return values['help'] === true ? { kind: 'help', text: usage } : { kind: 'run' };
  } catch (e) {
    return { kind: 'wrong', text: `${e instanceof Error ? e.message : String(e)}\n\n${usage}` };
  }
}

/** Answers --help and a wrong command line, and exits; returns only when the command is to run. */
export function cliArgs(cli: Cli, args: readonly string[] = process.argv.slice(2)): void {
  const verdict = readCli(cli, args);
  if (verdict.kind === 'help') {
    process.stdout.write(verdict.text);
    process.exit(0);
  }
  if (verdict.kind === 'wrong') {
    process.stderr.write(verdict.text);
    process.exit(2);
  }
}
