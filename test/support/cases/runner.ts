// The one runner core of the data-driven door cases (the Alexa smart home's, Google's): each case gets a
// fresh household (household.ts) on one emulator and one dynalite table over loopback, its scene steps,
// the door's real handler, and the checks every door owes: an answer within Alexa's and Google's 8 s that
// validates against the platform's schema, the token in no answer and no log line, exactly the device
// calls the case expects, one EMF line agreeing with its log line, the TV afterwards. A door adds its
// handler, its request, its schema and what its answer must echo.
import { DeviceCloud } from '../../../src/cloud/client';
import type { TvState } from '../../../src/local/emulator';
import { jsonLogger, type Logger } from '../../../src/log';
import { emfLines, type MetricsSink, type Outcome } from '../../../src/metrics';
import { expectCalls, type ExpectedCall } from '../device-calls';
import { expectLogAgrees } from '../emf';
import type { Loopback } from '../loopback';
import { setUpHousehold, type HouseholdContext, type HouseholdSpec } from './household';

/** The device cloud's per-call timeout in a case that names none. */
const DEFAULT_TIMEOUT_MS = 1000;
/** Alexa and Google both stop waiting after 8 s. */
const PLATFORM_WAIT_MS = 8000;

/** A scene step, run after the household exists; its device calls are not counted. */
export type Given<Ctx extends HouseholdContext = HouseholdContext> = (ctx: Ctx) => Promise<unknown> | unknown;

/** What every door's case says: the household, the scene, how the handler is built, what is sent. */
export interface DoorCase<Ctx extends HouseholdContext> extends HouseholdSpec {
  description: string;
  given?: Given<Ctx>[];
  handler?: {
    /** The device-cloud client's per-call timeout; default 1000 ms. */
    timeoutMs?: number;
    budgetMs?: number;
    /** Read the index (and keep any links) in a table that does not exist. */
    missingTable?: boolean;
  };
  expected: {
    /** Exactly these device-cloud calls, in order. A function receives the TV's thingId and the case's context. */
    calls: ExpectedCall[] | ((thingId: string, ctx: Ctx) => ExpectedCall[]);
    tv?: Partial<Pick<TvState, 'power' | 'channel' | 'volume'>>;
    /** Each pattern matches at least one log line. */
    logs?: RegExp[];
    /** The outcome class the request's EMF line and log line report; default ok. */
    outcome?: Outcome;
  };
}

/** What a door's handler is built on, per case: the emulator's client and logs the core reads. */
export interface DoorParts {
  cloud: DeviceCloud;
  budgetMs?: number;
  logger: Logger;
  metrics: MetricsSink;
}

/** A door's real handler for one case, and the door's own checks of how it worked (after the shared ones). */
export interface DoorHandler<Event, Answer> {
  handle(event: Event): Promise<Answer>;
  expectWork?(): void;
}

export interface Door<C extends DoorCase<Ctx>, Ctx extends HouseholdContext, Event, Answer> {
  /** The EMF line's Door dimension. */
  name: string;
  /** The door's context over the household (Google adds its links). */
  context(household: HouseholdContext, loopback: Loopback): Ctx;
  handler(c: C, ctx: Ctx, parts: DoorParts, loopback: Loopback): DoorHandler<Event, Answer>;
  /** The request the case names, for this household. */
  request(c: C, ctx: Ctx): Event;
  /** The platform's schema, which every answer must validate against. */
  validate(answer: Answer, event: Event): void;
  /** What the case expects of the answer, and what the door's answers always echo or keep secret. */
  expectAnswer(c: C, ctx: Ctx, answer: Answer, event: Event, logs: readonly string[]): void;
  /** Last, once everything else held: the case's own `check`. */
  check?(c: C, ctx: Ctx, answer: Answer): Promise<void> | void;
}

/** One test per case of the table, each through `door`. */
export function runDoorCases<C extends DoorCase<Ctx>, Ctx extends HouseholdContext, Event, Answer>(
  loopback: Loopback,
  cases: readonly C[],
  door: Door<C, Ctx, Event, Answer>,
): void {
  it.each(cases.map((c) => [c.description, c] as const))('%s', async (_description, c) => {
    await runCase(loopback, door, c);
  });
}

async function runCase<C extends DoorCase<Ctx>, Ctx extends HouseholdContext, Event, Answer>(
  loopback: Loopback,
  door: Door<C, Ctx, Event, Answer>,
  c: C,
): Promise<void> {
  const { emulator } = loopback;
  const ctx = await arrange(loopback, door, c);
  const logs: string[] = [];
  const handler = door.handler(
    c,
    ctx,
    {
      cloud: new DeviceCloud({ baseUrl: emulator.url, timeoutMs: c.handler?.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
      budgetMs: c.handler?.budgetMs,
      logger: jsonLogger((line) => logs.push(line)),
      metrics: emfLines((line) => logs.push(line)),
    },
    loopback,
  );
  const event = door.request(c, ctx);
  const started = Date.now();

  const answer = await handler.handle(event);

  // Nothing is answered later than the platform waits, whatever the device cloud does.
  expect(Date.now() - started).toBeLessThan(PLATFORM_WAIT_MS);
  door.validate(answer, event);
  door.expectAnswer(c, ctx, answer, event, logs);
  // The token never travels back to the platform nor into a log line.
  expect(JSON.stringify(answer)).not.toContain(ctx.token);
  for (const line of logs) expect(line).not.toContain(ctx.token);

  const wanted =
    typeof c.expected.calls === 'function' ? c.expected.calls(ctx.tv?.thingId ?? 'no-tv', ctx) : c.expected.calls;
  expectCalls(emulator, wanted);
  // One EMF line per request, saying what its log line says, with the calls the emulator received.
  const emf = expectLogAgrees(logs, emulator.calls.length);
  expect(emf).toMatchObject({ Door: door.name, Outcome: c.expected.outcome ?? 'ok' });
  handler.expectWork?.();
  if (c.expected.tv) expect(ctx.tv && emulator.tvState(ctx.tv.thingId)).toMatchObject(c.expected.tv);
  for (const pattern of c.expected.logs ?? []) expect(logs).toContainEqual(expect.stringMatching(pattern));
  await door.check?.(c, ctx, answer);
}

/** A fresh household in the state the case names, then its scene steps; device calls so far are forgotten. */
async function arrange<C extends DoorCase<Ctx>, Ctx extends HouseholdContext, Event, Answer>(
  loopback: Loopback,
  door: Door<C, Ctx, Event, Answer>,
  c: C,
): Promise<Ctx> {
  const ctx = door.context(await setUpHousehold(loopback, c), loopback);
  for (const step of c.given ?? []) await step(ctx);
  loopback.emulator.clearCalls();
  return ctx;
}
