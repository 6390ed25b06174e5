// The sandbox's console: one line typed (or piped) in, Alexa's answer and the TV's state out.
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { MetricsDisplay } from './metrics';

export interface Reply {
  speech: string;
  card?: { title?: string; content?: string };
  /** True when Alexa keeps listening for another command. */
  sessionOpen: boolean;
  /** Which door took the line: the custom skill, or the smart-home skill and the directive it got. */
  door: string;
  /** What the sandbox did beyond passing the line on, e.g. a fallback. */
  note?: string;
  /** Who answers: Alexa unless said. */
  speaker?: string;
}

export interface TvLine {
  /** The TV's name, as setup registered it. */
  name: string;
  power: 'on' | 'off';
  channel: number;
  volume: number;
  /** Channel and volume presses of the last line the TV ignored because it is off (the sandbox's own note). */
  ignored?: number;
}

/** A console command beyond speech, e.g. ":setup Bedroom TV". */
export interface ConsoleCommand {
  usage: string;
  describe: string;
  /** The lines to show; `argument` is what follows the command's name, trimmed. */
  run(argument: string): Promise<string[]>;
}

export interface ConsoleParts {
  converse(utterance: string): Promise<Reply>;
  /** Each TV's state after each answer; empty when it cannot be read (a real device cloud). */
  tvStates(): Promise<TvLine[]>;
  examples: string[];
  /** What to say to keep a session open, in the sandbox's language. */
  openPhrase: string;
  /** The EMF lines written since the last call, as `display` shows them (none when off). */
  metricLines(display: MetricsDisplay): string[];
  /** The counts so far, from every EMF line. */
  metricsSummary(): string[];
  /** Whether each answer shows its metric line at start (SANDBOX_METRICS). */
  metricsDisplay?: MetricsDisplay;
  /** Console commands by name (":<name> <argument>"). */
  commands?: Record<string, ConsoleCommand>;
}

export interface ConsoleIo {
  input: Readable;
  output: Writable;
  /** Show a prompt and no echo (a person at a terminal) rather than echo each piped line. */
  interactive: boolean;
}

/**
 * What follows an answer's door line, for a line said and a touch alike: how it was heard, Alexa's words,
 * the card, and each TV's state, names padded to one width so several TVs' states line up.
 */
export function replyLines(reply: Reply, tvs: TvLine[]): string[] {
  const width = Math.max(0, ...tvs.map((tv) => tv.name.length));
  return [
    ...(reply.note ? [`  (${reply.note})`] : []),
    `${reply.speaker ?? 'Alexa'}: ${reply.speech || '(says nothing)'}`,
    ...(reply.card?.content ? [`  card "${reply.card.title ?? ''}": ${reply.card.content.replace(/\n/g, ' / ')}`] : []),
    ...tvs.map(
      (tv, i) =>
        `  ${formatTv({ ...tv, name: tv.name.padEnd(width) })}${reply.sessionOpen && i === tvs.length - 1 ? '  (Alexa is listening)' : ''}`,
    ),
  ];
}

function formatTv(tv: TvLine): string {
  const ignored = tv.ignored
    ? `  (sandbox: the TV is off, so it ignored ${tv.ignored === 1 ? 'the press' : `${tv.ignored} presses`})`
    : '';
  return `${tv.name}: ${tv.power === 'on' ? 'ON ' : 'off'} | channel ${String(tv.channel).padStart(2)} | volume ${String(tv.volume).padStart(2)}${ignored}`;
}

export function helpText(
  examples: string[],
  openPhrase: string,
  commands: Record<string, ConsoleCommand> = {},
): string {
  return [
    'Type what you would say to Alexa, for example:',
    ...examples.map((e) => `  ${e}`),
    'Lines naming the skill go to the custom skill; other lines go to the smart-home skill, as on an Echo.',
    `Say "${openPhrase}" to keep a session open for several commands.`,
    'Lines starting with "hey google" or 「OK Google」 go to Google\'s door instead (":google" sends every line there).',
    'Console commands start with a colon: ":help" shows this list, ":exit" (or Ctrl-D) leaves,',
    '":metrics" shows the commands so far as CloudWatch would count them, ":metrics on" (or "json", "off")',
    "shows each answer's metric line.",
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(20)} ${c.describe}`),
  ].join('\n');
}

/** Runs until exit, end of input or Ctrl-C; resolves when the console has closed. */
export async function runConsole(parts: ConsoleParts, io: ConsoleIo): Promise<void> {
  const out = (line: string) => io.output.write(`${line}\n`);
  const rl = readline.createInterface({
    input: io.input,
    output: io.interactive ? io.output : undefined,
    terminal: io.interactive,
  });
  const prompt = () => {
    if (io.interactive) rl.prompt();
  };
  rl.setPrompt('you> ');
  let display: MetricsDisplay = parts.metricsDisplay ?? 'off';
  // Ctrl-C leaves like "exit", so the parts still shut down (and a persisted sandbox saves its state).
  rl.on('SIGINT', () => rl.close());
  prompt();
  // Lines are handled one at a time, in order, even when piped faster than Alexa answers.
  for await (const raw of rl) {
    const line = raw.trim();
    if (!io.interactive && line !== '') out(`you> ${line}`);
    if (line === '') {
      prompt();
      continue;
    }
    // Everything else is speech, "help" and "stop" included: they reach the skill as they would on an Echo.
    if (/^:(exit|quit)$/i.test(line)) break;
    if (/^:(help|\?)$/i.test(line)) {
      out(helpText(parts.examples, parts.openPhrase, parts.commands));
      prompt();
      continue;
    }
    const metrics = /^:metrics(?:\s+(on|off|json))?$/i.exec(line);
    if (metrics) {
      if (metrics[1]) {
        display = metrics[1].toLowerCase() as MetricsDisplay;
        out(
          display === 'off'
            ? 'Metric lines are hidden.'
            : `Each answer now shows its metric line${display === 'json' ? ' as written' : ''}.`,
        );
      } else {
        parts.metricsSummary().forEach(out);
      }
      prompt();
      continue;
    }
    if (line.startsWith(':')) {
      const [, name = '', argument = ''] = /^:(\S*)\s*(.*)$/.exec(line) ?? [];
      // Own entries only: ":constructor" names no command, not the object's constructor.
      const key = name.toLowerCase();
      const command = parts.commands && Object.hasOwn(parts.commands, key) ? parts.commands[key] : undefined;
      if (!command) out(`Unknown console command ${line}; ":help" lists them.`);
      else
        await command.run(argument.trim()).then(
          (lines) => lines.forEach(out),
          (e: unknown) => out(describeFailure(e)),
        );
      // A command's setup runs show their metric lines with it, not beside the next answer.
      parts.metricLines(display).forEach(out);
      prompt();
      continue;
    }
    try {
      const reply = await parts.converse(line);
      out(`  [${reply.door}]`);
      replyLines(reply, await parts.tvStates()).forEach(out);
    } catch (e) {
      out(`Alexa: ${describeFailure(e)}`);
    }
    parts.metricLines(display).forEach(out);
    prompt();
  }
  rl.close();
  out('Bye.');
}

function describeFailure(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return `Something went wrong in the sandbox: ${message.split('\n')[0]}`;
}
