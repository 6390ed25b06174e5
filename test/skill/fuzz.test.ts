// A fuzz run: hundreds of envelopes, well-formed ones bent at random (fields dropped, replaced by
// values of the wrong type, unknown request types and intents, a pending question's attributes), through
// the skill as deployed (test/support/skill/deployed.ts: its conversation reads every session's question)
// with dynalite and the emulator. Every one must get a response Alexa accepts, no crash, and never the apology for
// an unexpected error. The seed is fixed, so a failure names an envelope that can be replayed.
import type { RequestEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../../src/cloud/client';
import { jsonLogger } from '../../src/log';
import { parseSetupEvent, SetupInputError } from '../../src/setup';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import type { RegisteredTv } from '../../src/store/types';
import { normalForm, xmlForbiddenCharacter } from '../../src/text';
import { CHANNEL_NAME_MAX } from '../../src/tv/channels';
import { nameCore } from '../../src/tv/names';
import { addDemoTv, newToken, registerDemoTv } from '../support/emulator';
import { expectValidSmartHomeMessage } from '../../src/local/alexa/schema';
import { useLoopback } from '../support/loopback';
import { useDeployedSkill } from '../support/skill/deployed';
import {
  canFulfill,
  intent,
  launch,
  otherRequest,
  sessionEnded,
  SKILL_ID,
  type RequestSpec,
  type Who,
} from '../support/skill/requests';
import { validateResponse } from '../support/skill/validate';

const SEED = 0x9e3779b9;
const ENVELOPES = 400;

const loopback = useLoopback();
const deployed = useDeployedSkill(loopback);
/** mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASES: RequestSpec[] = [
  launch(),
  launch({ session: 'ongoing' }),
  intent('TurnOnIntent'),
  intent('TurnOffIntent', {}, { session: 'ongoing' }),
  intent('SetChannelIntent', { channel: '5' }),
  intent('SetChannelIntent', { channel: undefined }),
  intent('NextChannelIntent', { count: '2' }),
  intent('PreviousChannelIntent', { count: undefined }),
  intent('VolumeUpIntent', { count: '3' }),
  intent('VolumeDownIntent', { count: '?' }),
  intent('AMAZON.HelpIntent'),
  intent('AMAZON.StopIntent'),
  intent('AMAZON.FallbackIntent'),
  intent('AMAZON.NavigateHomeIntent'),
  intent('TurnOnIntent', {}, { withToken: false }),
  // Questions pending in the session, as the skill left them (questions/conversation.ts), to be bent.
  intent(
    'SetChannelIntent',
    { channel: '5' },
    {
      session: 'ongoing',
      attributes: () => ({
        question: {
          ask: 'whichTv',
          intent: 'NextChannelIntent',
          kept: { count: '2' },
          names: ['living room', 'bedroom'],
        },
      }),
    },
  ),
  intent(
    'SetUpTvIntent',
    { choice: '1' },
    {
      session: 'ongoing',
      attributes: () => ({
        question: {
          ask: 'model',
          plan: { kind: 'add', tvName: 'den TV' },
          choices: [{ id: 'p1', label: 'SHARP AQUOS' }],
        },
      }),
    },
  ),
  intent(
    'AMAZON.YesIntent',
    {},
    { session: 'ongoing', attributes: () => ({ question: { ask: 'forget', tvName: 'den TV' } }) },
  ),
  sessionEnded(),
  sessionEnded({}, { type: 'INVALID_RESPONSE', message: 'bad' }),
  canFulfill('SetChannelIntent', { channel: '3' }),
  otherRequest('Connections.Response', { name: 'Buy', status: { code: '200' } }),
  otherRequest('AlexaSkillEvent.SkillDisabled'),
];

const JUNK: unknown[] = [
  null,
  undefined,
  0,
  -1,
  3.5,
  1e308,
  '',
  ' ',
  '?',
  '+5',
  'three',
  'x'.repeat(5000),
  '<speak>&',
  true,
  false,
  [],
  [1, 'a'],
  {},
  { value: 5 },
  'IntentRequest',
  'LaunchRequest',
  'SessionEndedRequest',
  'CanFulfillIntentRequest',
  'Display.ElementSelected',
  'AMAZON.YesIntent',
  'SetChannelIntent',
  'VolumeUpIntent',
  'NoSuchIntent',
  '2026-13-45T99:99:99Z',
  'not-a-date',
];

type Json = Record<string, unknown> | unknown[];

/** The skill id where ask-sdk's check reads it (context.System.application), if the bending left it there. */
function applicationIdInContext(envelope: Json): unknown {
  const at = (v: unknown, key: string): unknown =>
    typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  return at(at(at(at(envelope, 'context'), 'System'), 'application'), 'applicationId');
}

/** Every path to a value inside the envelope, e.g. ['request', 'intent', 'slots', 'channel', 'value']. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => paths((value as Record<string | number, unknown>)[k], [...prefix, k]))];
}

function mutate(envelope: Json, pick: <T>(items: readonly T[]) => T): void {
  const path = pick(paths(envelope).filter((p) => p.length > 0));
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], envelope) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1];
  if (pick([true, false, false])) delete parent[key];
  else parent[key] = structuredClone(pick(JUNK));
}

it(`answers ${ENVELOPES} bent envelopes without a crash or an unintended apology`, async () => {
  const random = prng(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const token = newToken();
  const userId = 'amzn1.ask.account.fuzz';
  const { tv } = await registerDemoTv(loopback.emulator, token);
  await loopback.dynamo.store.links.saveAccessToken(userId, token);
  await loopback.dynamo.store.tvs.saveTv(userId, tv);
  const logs: string[] = [];
  const handler = deployed.withLogger(jsonLogger((line) => logs.push(line)));
  const who: Who = { userId, token };
  const kinds = new Set<string>();
  let refused = 0;

  for (let n = 0; n < ENVELOPES; n++) {
    const envelope = pick(BASES)(who) as unknown as Json;
    const mutations = Math.floor(random() * 4);
    for (let m = 0; m < mutations; m++) mutate(envelope, pick);
    const text = JSON.stringify(envelope).slice(0, 400);
    kinds.add(String((envelope as { request?: { type?: unknown } }).request?.type));
    logs.length = 0;

    // The deployed skill takes only its own skill's requests (SKILL_ID; Amazon, "Handle Requests Sent by
    // Alexa": verify the skill ID, reject a request meant for another): one whose context no longer names
    // this skill may be refused, a failed invocation, never an answer. Any other failure is a crash.
    const response = await handler(envelope as unknown as RequestEnvelope).catch((e: unknown) => {
      if (applicationIdInContext(envelope) !== SKILL_ID && logs.some((l) => l.includes('"message":"request refused"')))
        return undefined;
      throw new Error(`envelope ${n} crashed the skill (${e instanceof Error ? e.message : String(e)}): ${text}`);
    });
    if (response === undefined) {
      refused++;
      continue;
    }

    try {
      validateResponse(response);
      expect(JSON.stringify(response)).not.toContain('something went wrong');
      expect(logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
      expect(JSON.stringify(response)).not.toContain(token);
    } catch (e) {
      throw new Error(`envelope ${n}: ${e instanceof Error ? e.message : String(e)}\n${text}`, { cause: e });
    }
  }
  // The run reached many request shapes, not one repeated, and most were answered, not refused.
  expect(kinds.size).toBeGreaterThan(8);
  expect(refused).toBeLessThan(ENVELOPES / 10);
}, 120_000);

// Names (issue 19): random names built from the characters people and attackers type (full width,
// decomposed accents, apostrophes, zero-width and bidi controls, U+FFFE/U+FFFF, lone surrogates,
// markup). Every name setup accepts must, in both locales, be said in valid SSML, be discovered in a
// schema-valid message with XML-safe text, and be reached by voice in its normal form.
const FRAGMENTS = [
  'Bedroom',
  'Den',
  '寝室',
  'リビング',
  'ｶﾞﾚｰｼﾞ',
  'Ｂｅｄｒｏｏｍ',
  'ＴＶ',
  'TV',
  'テレビ',
  'の',
  'Café',
  'Cafe\u0301',
  "Kid's",
  'Kid\u2019s',
  '\u200B',
  '\u200D',
  '\u202E',
  '\u2066',
  '\uFEFF',
  '\u00AD',
  '\uFFFF',
  '\uFFFE',
  '\uD800',
  '\uDC00',
  '😀',
  '<',
  '>',
  '&',
  '"',
  "'",
  '&amp;',
  '<speak>',
  'ß',
  'İ',
  'ﬁ',
  'Ⅻ',
  '①',
  '２',
  '-',
  '・',
  '　',
  ' ',
  '\t',
  '\u2028',
  'Ω',
  'ǅ',
  '!',
  '.',
  'Loft',
  'Room 2',
];
const NAMES_PER_LOCALE = 60;

function randomName(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  return Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(FRAGMENTS)).join('');
}

/** The name if setup accepts it as a TV name and as a channel name; undefined when setup refuses it. */
function acceptedBySetup(name: string): string | undefined {
  try {
    const event = parseSetupEvent({ userId: 'fuzz', tvName: name, channels: { [name.slice(0, CHANNEL_NAME_MAX)]: 3 } });
    return event.tvName;
  } catch (e) {
    if (e instanceof SetupInputError) return undefined;
    throw e;
  }
}

describe.each(['en-US', 'ja-JP'])('names setup accepts, in %s', (locale) => {
  it(`are said in valid SSML, discovered validly and reached by voice (${NAMES_PER_LOCALE} names, fixed seed)`, async () => {
    const random = prng(SEED ^ (locale === 'en-US' ? 1 : 2));
    const token = newToken();
    const first = await registerDemoTv(loopback.emulator, token, { tvName: 'Fuzz TV' });
    const zebra = (await addDemoTv(loopback.emulator, token, first.remote, { tvName: 'Zebra TV' })).tv;
    const skill = deployed.with({
      store: loopback.dynamo.store,
      cloud: new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 1000 }),
    });
    const smartHome = createSmartHomeHandler({
      directory: loopback.dynamo.store.tvs,
      cloud: new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 1000 }),
    });
    let accepted = 0;

    for (let n = 0; n < NAMES_PER_LOCALE; n++) {
      const raw = randomName(random);
      const name = acceptedBySetup(raw);
      if (name === undefined) continue;
      accepted++;
      const channelName = name.slice(0, CHANNEL_NAME_MAX).trim();
      const tv: RegisteredTv = { ...first.tv, deviceName: name, channels: { map: { [channelName]: 3 } } };
      const alone = nameCore(name) === '' || nameCore(name) === nameCore(zebra.deviceName);
      const userId = `amzn1.ask.account.fuzz-name-${locale}-${n}`;
      await loopback.dynamo.store.links.saveAccessToken(userId, token);
      await loopback.dynamo.store.tvs.saveTv(userId, tv);
      if (!alone) await loopback.dynamo.store.tvs.saveTv(userId, zebra);
      const who: Who = { userId, token, locale };
      const noise = randomName(random);
      const context = `name ${n} ${JSON.stringify(raw)}, heard ${JSON.stringify(noise)}`;

      try {
        // What Alexa writes down is the name in ordinary width, without invisible characters.
        const heard = normalForm(name);
        const requests = [
          intent('TurnOnIntent', { tv: heard }),
          intent('TurnOffIntent', { tv: undefined }),
          intent('ChooseTvIntent', { tv: heard }, { session: 'ongoing' }),
          // What Alexa sends may hold anything: said back in the answers for names it does not know.
          intent('TurnOnIntent', { tv: `${noise} zz` }),
          intent('SetChannelIntent', {
            channelName: { value: normalForm(channelName), resolvedTo: undefined },
            tv: heard,
          }),
          intent('SetChannelIntent', { channelName: { value: `${noise} qq`, resolvedTo: undefined }, tv: heard }),
        ];
        for (const request of requests) validateResponse(await skill(request(who)));

        loopback.emulator.clearCalls();
        await skill(intent('TurnOnIntent', { tv: heard })(who));
        expect(loopback.emulator.calls.map((c) => c.body)).toEqual([{ thingId: tv.thingId }]);
        loopback.emulator.clearCalls();
        await skill(
          intent('SetChannelIntent', {
            channelName: { value: normalForm(channelName), resolvedTo: undefined },
            tv: heard,
          })(who),
        );
        expect(loopback.emulator.calls.map((c) => c.body)).toEqual([{ thingId: tv.thingId, tuning: '3' }]);

        await loopback.dynamo.store.tvs.indexTv({ ...tv, userId });
        const discovered = await smartHome({
          directive: {
            header: { namespace: 'Alexa.Discovery', name: 'Discover', payloadVersion: '3', messageId: 'm-1' },
            payload: { scope: { type: 'BearerToken', token } },
          },
        });
        expectValidSmartHomeMessage(discovered);
        const endpoints = (
          discovered.event.payload as {
            endpoints: Array<{ friendlyName: string; description: string; cookie: Record<string, string> }>;
          }
        ).endpoints;
        expect(endpoints.length).toBeGreaterThan(0);
        for (const e of endpoints) {
          expect(xmlForbiddenCharacter(e.friendlyName)).toBeUndefined();
          expect(xmlForbiddenCharacter(e.description)).toBeUndefined();
        }
        expect(endpoints.map((e) => normalForm(e.friendlyName))).toContain(normalForm(name).slice(0, 128).trim());
      } catch (e) {
        throw new Error(`${context}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    }
    // The run reached names setup accepts, not only refusals.
    expect(accepted).toBeGreaterThan(NAMES_PER_LOCALE / 4);
  }, 120_000);
});
