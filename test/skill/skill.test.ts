// The one runner for the data-driven skill cases (cases/*.ts): each case gets its own user, token and
// TV on one device-cloud emulator over loopback HTTP and one dynalite table, and the real skill handler.
import { randomUUID } from 'node:crypto';
import type { ResponseEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../../src/cloud/client';
import { jsonLogger } from '../../src/log';
import { emfLines } from '../../src/metrics';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { addDemoTv, newToken, registerDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { useDeployedSkill } from '../support/skill/deployed';
import { allCases } from './cases';
import { expectCalls } from '../support/device-calls';
import type { CaseContext, SkillCase, Text } from '../support/skill/case';
import { CountingStore } from '../support/skill/counting-store';
import { validateResponse } from '../support/skill/validate';
import { expectLogAgrees } from '../support/emf';

const DEFAULT_TIMEOUT_MS = 1000;

const loopback = useLoopback();
const deployed = useDeployedSkill(loopback);

// Every case in en-US; the cases that say their Japanese words again in ja-JP.
type Run = [description: string, c: SkillCase, locale: string, translated: boolean];
const runs: Run[] = allCases.flatMap((c): Run[] =>
  c.locale
    ? [[c.description, c, c.locale, false]]
    : [[c.description, c, 'en-US', false], ...(c.ja ? [[`${c.description} (ja-JP)`, c, 'ja-JP', true] as Run] : [])],
);

it.each(runs)('%s', async (_description, c, locale, translated) => {
  await run(translated ? inJapanese(c) : c, locale);
});

/** The case with its Japanese words; the rest of what it expects is the same in every language. */
function inJapanese(c: SkillCase): SkillCase {
  const ja = c.ja ?? {};
  const card = c.expected.card?.type === 'Simple' ? { type: 'Simple' as const, ...ja.card } : c.expected.card;
  return {
    ...c,
    expected: {
      ...c.expected,
      speech: c.expected.speech === undefined ? undefined : (ja.speech ?? /./),
      reprompt: c.expected.reprompt === undefined ? undefined : (ja.reprompt ?? /./),
      card,
    },
  };
}

async function run(c: SkillCase, locale: string): Promise<void> {
  const ctx = await arrange(c, locale);
  const store = new CountingStore(loopback.dynamo.store);
  const logs: string[] = [];
  const handler = deployed.with({
    store,
    cloud: new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: c.skill?.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    skillId: c.skill?.skillId,
    budgetMs: c.skill?.budgetMs,
    now: c.skill?.clock?.(ctx),
    logger: jsonLogger((line) => logs.push(line)),
    metrics: emfLines((line) => logs.push(line)),
  });
  const event = c.request({ userId: ctx.userId, token: ctx.token, locale, tvs: ctx.tvs });
  const expected = c.expected;

  let response: ResponseEnvelope | undefined;
  let spoken = '';
  if (expected.rejects) {
    await expect(handler(event)).rejects.toThrow(expected.rejects);
  } else {
    response = await handler(event);
    validateResponse(response);
    const r = response.response;
    const ssml = r.outputSpeech?.type === 'SSML' ? r.outputSpeech.ssml : undefined;
    spoken = ssml ?? '';
    if (expected.speech === undefined) expect(r.outputSpeech).toBeUndefined();
    else expectText(ssml, expected.speech);
    for (const said of [ssml, r.reprompt?.outputSpeech?.type === 'SSML' ? r.reprompt.outputSpeech.ssml : undefined]) {
      if (said !== undefined) expectLanguage(said, locale, c.ja?.asGiven);
    }
    if (r.card?.type === 'Simple') expectLanguage(`${r.card.title} ${r.card.content}`, locale);
    if (expected.reprompt !== undefined) {
      const reprompt = r.reprompt?.outputSpeech;
      expectText(reprompt?.type === 'SSML' ? reprompt.ssml : undefined, expected.reprompt);
    }
    if (expected.shouldEndSession === undefined) expect(r).not.toHaveProperty('shouldEndSession');
    else expect(r.shouldEndSession).toBe(expected.shouldEndSession);
    if (expected.card === undefined) expect(r.card).toBeUndefined();
    else {
      expect(r.card?.type).toBe(expected.card.type);
      if (expected.card.type === 'Simple' && r.card?.type === 'Simple') {
        if (expected.card.title !== undefined) expectText(r.card.title, expected.card.title);
        if (expected.card.content !== undefined) expectText(r.card.content, expected.card.content);
      }
    }
    if (expected.sessionAttributes) expect(response.sessionAttributes).toEqual(expected.sessionAttributes(ctx.tvs));
    // The token never travels back to Alexa.
    expect(JSON.stringify(response)).not.toContain(ctx.token);
  }

  const wanted =
    typeof expected.calls === 'function' ? expected.calls(thingIdOf(ctx), spoken, ctx.tvs) : expected.calls;
  expectCalls(loopback.emulator, wanted);
  // One EMF line per request, saying what its log line says, with the calls the emulator received.
  const emf = expectLogAgrees(logs, loopback.emulator.calls.length);
  expect(emf).toMatchObject({
    Door: 'skill',
    Outcome: expected.outcome ?? 'ok',
    ...(expected.command === undefined ? {} : { Command: expected.command }),
  });

  if (expected.tv) expect(loopback.emulator.tvState(thingIdOf(ctx))).toMatchObject(expected.tv);
  if (expected.tvs) expect(ctx.tvs.map((tv) => loopback.emulator.tvState(tv.thingId))).toMatchObject(expected.tvs);
  if (expected.store) expect(store.counts).toMatchObject(expected.store);
  if (expected.record) expected.record(await loopback.dynamo.store.links.get(ctx.userId), ctx);
  if (expected.check && response) await expected.check(ctx, response);
  for (const pattern of expected.logs ?? []) expect(logs).toContainEqual(expect.stringMatching(pattern));
  for (const line of logs) expect(line).not.toContain(ctx.token);
}

/** A fresh user in the state the case names, then its scene steps; device calls so far are forgotten. */
async function arrange(c: SkillCase, locale: string): Promise<CaseContext> {
  const token = newToken();
  const ctx: CaseContext = {
    emulator: loopback.emulator,
    locale,
    store: loopback.dynamo.store,
    userId: `amzn1.ask.account.${randomUUID()}`,
    token,
    tvs: [],
    api: new DeviceCloud({ baseUrl: loopback.emulator.url }).forToken(token),
  };
  const user = c.user ?? 'with-tv';
  if (user !== 'unknown') loopback.emulator.addAccount(token);
  if (user === 'with-tv' || user === 'with-two-tvs') {
    const { tv, remote } = await registerDemoTv(loopback.emulator, token);
    ctx.tvs.push(tv);
    if (user === 'with-two-tvs')
      ctx.tvs.push((await addDemoTv(loopback.emulator, token, remote, { tvName: 'Bedroom TV' })).tv);
    await loopback.dynamo.store.links.saveAccessToken(ctx.userId, token);
    for (const tv of ctx.tvs) await loopback.dynamo.store.tvs.saveTv(ctx.userId, tv);
  }
  if (user === 'one-tv-record') {
    const { tv } = await registerDemoTv(loopback.emulator, token);
    ctx.tvs.push(tv);
    // The item as the one-TV code wrote it: the TV in `tv`, the finished run's checkpoint in `setup`.
    await DynamoDBDocumentClient.from(loopback.dynamo.client).send(
      new PutCommand({
        TableName: loopback.dynamo.tableName,
        Item: {
          pk: `user#${ctx.userId}`,
          userId: ctx.userId,
          accessToken: token,
          tv,
          setup: { gatewayId: tv.gatewayId },
        },
      }),
    );
  }
  ctx.tv = ctx.tvs[0];
  for (const step of c.given ?? []) await step(ctx);
  loopback.emulator.clearCalls();
  return ctx;
}

function thingIdOf(ctx: CaseContext): string {
  return ctx.tv?.thingId ?? 'no-tv';
}

// Words that stay as they are in Japanese speech: names, and the device the card names (Echo).
const LATIN_IN_JAPANESE = /Alexa|NHK|TBS|MBS|ABC|TOKYO|MX|Echo/g;

/** Japanese requests are answered in Japanese and English ones in English. */
function expectLanguage(text: string, locale: string, asGiven: string[] = []): void {
  const words = asGiven.reduce((t, name) => t.split(name).join(' '), text.replace(/<[^>]+>/g, ' '));
  if (locale.startsWith('ja')) {
    expect(words).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(words.replace(LATIN_IN_JAPANESE, '')).not.toMatch(/[A-Za-z]{3,}/);
  } else {
    expect(words).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  }
}

function expectText(actual: string | undefined, expected: Text): void {
  if (typeof expected === 'string') expect(actual).toContain(expected);
  else expect(actual).toMatch(expected);
}
