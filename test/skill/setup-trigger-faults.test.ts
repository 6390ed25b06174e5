// Setup by voice when Lambda's Invoke fails: a loopback server in Lambda's place hangs, refuses (500, 429,
// with Lambda's error shapes, https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html#API_Invoke_Errors)
// or is not there. The conversation, through the real interaction model into the real skill handler, hears
// the setup's own words within the turn (the skill's overall timer would say "That's taking longer…"), and
// the run's record is failed, never left running for a run that was never queued.
import { newToken } from '../support/emulator';
import { startAnswerFaultServer, type AnswerFault, type FaultServer } from '../support/http-faults';
import { useLoopback } from '../support/loopback';
import { echo } from '../support/skill/conversation';
import { deployedSkill } from '../support/skill/deployed';
import { refusedEndpoint } from '../support/tcp-faults';

const loopback = useLoopback();

const SCRIPTS = {
  'en-US': {
    turns: ['open tv remote', 'yes', 'the den', 'yes'],
    notStarted: "I couldn't start looking for your TV. Please try again.",
  },
  // The prefecture is asked (this Echo's address is not shared), then the run starts.
  'ja-JP': {
    turns: ['テレビリモコンを開いて', 'はい', '書斎', 'はい', '東京'],
    notStarted: 'テレビを探し始められませんでした。もう一度お試しください。',
  },
} as const;
type Locale = keyof typeof SCRIPTS;

/** A linked user with no TV says yes to the offer, names the TV, and says yes to start: the last speech. */
async function startSetup(locale: Locale, lambdaUrl: string): Promise<{ said: string; userId: string }> {
  // The deployed skill and trigger (its own deadline), only pointed at the faulty server.
  const handler = deployedSkill(loopback, { lambdaUrl });
  const token = newToken();
  loopback.emulator.addAccount(token);
  const e = echo({ locale, handler, token });
  await loopback.dynamo.store.links.saveAccessToken(e.userId(), token);
  const turns = [...SCRIPTS[locale].turns];
  const last = turns.pop()!;
  // Each question asked, none refused by Alexa.
  for (const line of turns) expect(e.said(await e.say(line))).toMatch(/[?？]/);
  return { said: `<speak>${e.said(await e.say(last))}</speak>`, userId: e.userId() };
}

const LAMBDA_ERROR = (type: string) => ({ 'X-Amzn-ErrorType': type });
const THROTTLED =
  '{"Type":"User","Reason":"ReservedFunctionConcurrentInvocationLimitExceeded","message":"Rate exceeded"}';
const FAULTS: [string, AnswerFault, number][] = [
  // [what, the server's answer, the Invoke requests it gets: a refusal is retried once, a hang is not]
  ['hangs', 'hang', 1],
  [
    'refuses with 500',
    { status: 500, headers: LAMBDA_ERROR('ServiceException'), body: '{"Type":"Service","Message":"internal"}' },
    2,
  ],
  ['refuses with 429', { status: 429, headers: LAMBDA_ERROR('TooManyRequestsException'), body: THROTTLED }, 2],
  // The SDK would wait for the retry past the turn: the start's deadline gives up before it is sent.
  [
    'refuses with 429 and Retry-After: 60',
    { status: 429, headers: { ...LAMBDA_ERROR('TooManyRequestsException'), 'Retry-After': '60' }, body: THROTTLED },
    1,
  ],
];

/** One fault, start to end: the words the setup says, the record, the requests the server got. */
async function startAgainst(locale: Locale, fault: AnswerFault, requests: number): Promise<void> {
  const lambda: FaultServer = await startAnswerFaultServer(fault);
  try {
    const { said, userId } = await startSetup(locale, lambda.url);
    expect(said).toBe(`<speak>${SCRIPTS[locale].notStarted}</speak>`);
    expect((await loopback.dynamo.store.links.get(userId))?.voiceSetup).toMatchObject({ state: 'failed' });
    expect(lambda.requests()).toBe(requests);
    // The hung request's connection is dropped (a whole refusal's may stay in the pool, for the next Invoke).
    if (fault === 'hang') await lambda.allClosed(3000);
  } finally {
    await lambda.close();
  }
}

const TITLE = '%s, the setup says it could not start, and its record is failed';
// A hang waits out the start's whole deadline: those run beside the other tests (each its own server and user).
const hangs = FAULTS.filter(([, fault]) => fault === 'hang');
const refusals = FAULTS.filter(([, fault]) => fault !== 'hang');

describe.each(Object.keys(SCRIPTS) as Locale[])('in %s, when the Invoke that starts setup', (locale) => {
  it.concurrent.each(hangs)(TITLE, (_what, fault, requests) => startAgainst(locale, fault, requests), 15_000);
  it.each(refusals)(TITLE, (_what, fault, requests) => startAgainst(locale, fault, requests), 15_000);

  it('is refused a connection, the setup says it could not start, and its record is failed', async () => {
    const { said, userId } = await startSetup(locale, await refusedEndpoint());
    expect(said).toBe(`<speak>${SCRIPTS[locale].notStarted}</speak>`);
    expect((await loopback.dynamo.store.links.get(userId))?.voiceSetup).toMatchObject({ state: 'failed' });
  });
});
