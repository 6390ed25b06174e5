// `npm run forget -- --user <id>` or `-- --gateway <id>`: deletes what the table keeps for one user (an
// Alexa userId, as a request log or the user's own request names it) or one home gateway (a household), as
// a user disabling the skill does (src/store/families/forgetting.ts, docs/privacy.md), and prints what it
// deleted, changed and kept for others. Run with the operator's AWS credentials in the stack's region,
// against the table TABLE_NAME names (default: the stage's, tv-voice-remote-<stage>-users). Safe to repeat.
import { parseArgs } from 'node:util';
import { cliArgs, type Cli } from './cli';
import { SETUP_TABLE_BUDGET, dynamoClient } from '../src/store';
import { DynamoForgetting, type ForgetReport } from '../src/store/families/forgetting';

export const USAGE = `usage: npm run forget -- --user <userId> [--stage dev]
       npm run forget -- --gateway <gatewayId> [--stage dev]
  Deletes what the table keeps for one user (their record and token copy, link code and postal code, their
  place on each TV; a TV another user or Google still reaches stays for them, Alexa's grant of a gateway
  no other Alexa user has goes) or for one home gateway (its TV index, Alexa's grant, the Google link, its
  TVs in every owner's record), and prints each item deleted or changed. Safe to repeat.
  The table: TABLE_NAME, else tv-voice-remote-<stage>-users; AWS credentials and region from the environment
  (AWS_PROFILE, AWS_REGION), as the aws CLI takes them. What is kept and why: docs/privacy.md.`;

const OPTIONS = { user: { type: 'string' }, gateway: { type: 'string' }, stage: { type: 'string' } } as const;
export const CLI: Cli = { usage: USAGE, options: OPTIONS };

export interface ForgetRequest {
  user?: string;
  gateway?: string;
  tableName: string;
}

/** The request from the command line and the environment; an Error saying what is wrong. */
export function requestFrom(args: string[], env: NodeJS.ProcessEnv): ForgetRequest {
  const { values } = parseArgs({ args, options: OPTIONS });
  const user = values.user?.trim();
  const gateway = values.gateway?.trim();
  if ((user ? 1 : 0) + (gateway ? 1 : 0) !== 1) throw new Error('give one of --user <userId> or --gateway <gatewayId>');
  const tableName = env['TABLE_NAME']?.trim() || `tv-voice-remote-${values.stage?.trim() || 'dev'}-users`;
  return { ...(user && { user }), ...(gateway && { gateway }), tableName };
}

export function render(what: string, report: ForgetReport): string {
  const lines = [
    ...report.deleted.map((k) => `deleted  ${k}`),
    ...report.changed.map((c) => `changed  ${c}`),
    ...report.kept.map((k) => `kept     ${k}`),
  ];
  return `${lines.length === 0 ? `nothing is kept for ${what}` : lines.join('\n')}\n`;
}

export async function forget(request: ForgetRequest, forgetting: DynamoForgetting): Promise<string> {
  if (request.user !== undefined) return render(`user ${request.user}`, await forgetting.forgetUser(request.user));
  return render(`gateway ${request.gateway}`, await forgetting.forgetGateway(request.gateway!));
}

if (require.main === module) {
  cliArgs(CLI);
  (async () => {
    let request: ForgetRequest;
    try {
      request = requestFrom(process.argv.slice(2), process.env);
    } catch (e) {
      process.stderr.write(`forget: ${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
      process.exit(2);
    }
    const forgetting = new DynamoForgetting({ tableName: request.tableName, client: dynamoClient(SETUP_TABLE_BUDGET) });
    process.stdout.write(`table ${request.tableName}\n${await forget(request, forgetting)}`);
  })().catch((e: unknown) => {
    process.stderr.write(`forget: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
