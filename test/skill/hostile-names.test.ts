// Names from the world, through the real skill (dynalite, the emulator): a TV named in full width, with
// a decomposed accent, an apostrophe or a zero-width space is reached by what Alexa hears (ordinary
// width, no invisible characters); and every sentence that says a name or what was heard is valid
// SSML whatever those hold (U+FFFE, U+FFFF, lone surrogates, markup), in both locales.
import { randomUUID } from 'node:crypto';
import type { ResponseEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../../src/cloud/client';
import type { RegisteredTv } from '../../src/store/types';
import { addDemoTv, newToken, registerDemoTv } from '../support/emulator';
import { useLoopback } from '../support/loopback';
import { intent, type RequestSpec } from '../support/skill/requests';
import { validateResponse } from '../support/skill/validate';
import { useDeployedSkill } from '../support/skill/deployed';

const loopback = useLoopback();
const deployed = useDeployedSkill(loopback);

interface Household {
  userId: string;
  token: string;
  tvs: RegisteredTv[];
}

/** A device-cloud account whose remote carries a TV per name, all saved for one Alexa user. */
async function household(names: string[]): Promise<Household> {
  const token = newToken();
  const userId = `amzn1.ask.account.${randomUUID()}`;
  const first = await registerDemoTv(loopback.emulator, token, { tvName: names[0] });
  const tvs = [first.tv];
  for (const name of names.slice(1))
    tvs.push((await addDemoTv(loopback.emulator, token, first.remote, { tvName: name })).tv);
  await loopback.dynamo.store.links.saveAccessToken(userId, token);
  for (const tv of tvs) await loopback.dynamo.store.tvs.saveTv(userId, tv);
  return { userId, token, tvs };
}

async function ask(home: Household, request: RequestSpec, locale: string): Promise<ResponseEnvelope> {
  const handler = deployed.with({
    store: loopback.dynamo.store,
    cloud: new DeviceCloud({ baseUrl: loopback.emulator.url, timeoutMs: 1000 }),
  });
  const response = await handler(request({ userId: home.userId, token: home.token, locale }));
  validateResponse(response);
  return response;
}

const ssml = (r: ResponseEnvelope): string =>
  r.response.outputSpeech?.type === 'SSML' ? r.response.outputSpeech.ssml : '';

describe('a TV name is reached by what Alexa hears, its normal form', () => {
  const cases: Array<{ name: string; heard: string; locale: string }> = [
    { name: 'Ｂｅｄｒｏｏｍ ＴＶ', heard: 'bedroom', locale: 'en-US' },
    { name: 'Ｒｏｏｍ ２', heard: 'room 2', locale: 'en-GB' },
    { name: '寝室ＴＶ', heard: '寝室', locale: 'ja-JP' },
    { name: '寝室ＴＶ', heard: '寝室tv', locale: 'ja-JP' },
    { name: 'Cafe\u0301', heard: 'café', locale: 'en-US' },
    { name: "Kid's TV", heard: 'kids', locale: 'en-AU' },
    { name: 'Gar\u200Bage', heard: 'garage', locale: 'en-US' },
    { name: '\u202EDen\u202C TV', heard: 'den', locale: 'en-US' },
  ];

  it.each(cases)(
    '$name, heard as "$heard" ($locale), turns on that TV and no other',
    async ({ name, heard, locale }) => {
      const home = await household([name, 'Kitchen TV']);
      const [named, kitchen] = home.tvs;
      await ask(home, intent('TurnOnIntent', { tv: heard }), locale);
      expect(loopback.emulator.tvState(named.thingId)).toMatchObject({ power: 'on' });
      expect(loopback.emulator.tvState(kitchen.thingId)).toMatchObject({ power: 'off' });
    },
  );
});

describe('every sentence that says a name is valid SSML, whatever the name holds', () => {
  // Names an older setup could store, and what Alexa may send: each one broken for XML on its own.
  const hostile = ['Den\uFFFF', 'Loft\uD800', 'Attic\uDC00 TV', '<b>&"Bar"\'s', 'Nook\uFFFE', 'Ｓｔｕｄｙ\u0007'];
  const heard = ['x\uFFFE', 'y\uD83D', '<speak>&amp', '\uDFFF'];
  const locales = ['en-US', 'ja-JP'];
  const requests: Array<[string, (tvs: RegisteredTv[]) => RequestSpec]> = [
    ['which TV', () => intent('TurnOnIntent', { tv: undefined })],
    ['unknown TV', () => intent('TurnOnIntent', { tv: heard[0] })],
    ['unknown TV, a lone surrogate', () => intent('TurnOffIntent', { tv: heard[1] })],
    ['unknown TV, markup', () => intent('SetChannelIntent', { channel: '3', tv: heard[2] })],
    ['power on a named TV', () => intent('TurnOnIntent', { tv: 'den' })],
    ['power off a named TV', () => intent('TurnOffIntent', { tv: 'loft' })],
    ['choose a TV', () => intent('ChooseTvIntent', { tv: 'attic' }, { session: 'ongoing' })],
    [
      'unknown channel name',
      () => intent('SetChannelIntent', { channelName: { value: heard[3], resolvedTo: undefined }, tv: 'den' }),
    ],
    [
      'unknown channel name, markup',
      () => intent('SetChannelIntent', { channelName: { value: heard[2], resolvedTo: undefined }, tv: 'den' }),
    ],
  ];
  const runs = locales.flatMap((locale) => requests.map(([what, request]) => ({ locale, what, request })));

  let home: Household;
  beforeAll(async () => {
    home = await household(['Den TV', 'Loft TV', 'Attic TV']);
    // Stored as a record written before setup refused such names would hold them.
    home.tvs = home.tvs.map((tv, i) => ({
      ...tv,
      deviceName: hostile[i]!,
      channels: { map: { [hostile[3 + i]!]: 5 } },
    }));
    const store = loopback.dynamo.store;
    const old = await store.links.get(home.userId);
    for (const tv of old?.tvs ?? []) await store.tvs.removeTv(home.userId, tv);
    for (const tv of home.tvs) await store.tvs.saveTv(home.userId, tv);
  });

  it.each(runs)('$what ($locale)', async ({ locale, request }) => {
    const response = await ask(home, request(home.tvs), locale);
    expect(ssml(response)).not.toBe('');
    expect(ssml(response)).not.toMatch(/[\uFFFE\uFFFF]|\p{Cs}/u);
  });
});
