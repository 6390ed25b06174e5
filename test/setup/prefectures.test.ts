// "Done when", for all 47 prefectures: setup with the prefecture (in kanji, without 都/府/県, in kana, in
// romaji, or as a postal code in it) makes 「NHKにして」, each station's usual names and the prefecture's
// own station tune the right button, through both doors: the custom skill (ja-JP, and en-US for names in
// Latin letters) and the smart-home ChangeChannel with the cookie discovery gives.
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import type { SkillHandler } from '../../src/skill/app';
import { createSmartHomeHandler, type SmartHomeHandler } from '../../src/smarthome/app';
import { PREFECTURES, type Prefecture } from '../../src/tv/broadcasters';
import type { RegisteredTv } from '../../src/store/types';
import { tune } from '../support/device-calls';
import { intent } from '../support/skill/requests';
import { control, discover } from '../support/smarthome/directives';
import { newAccount, setupOk, useWorld, type Account } from '../support/setup-world';
import { useDeployedSkill } from '../support/skill/deployed';

const PRESET = DEFAULT_PRESETS[0].deviceId;
const world = useWorld();
const deployed = useDeployedSkill(world);

/** A postal code in each prefecture, JIS order (Japan Post's data: the first xxx-0001 code of each). */
const POSTAL_CODE = [
  '003-0001',
  '031-0001',
  '020-0001',
  '980-0001',
  '010-0001',
  '990-0001',
  '961-0001',
  '300-0001',
  '320-0001',
  '370-0001',
  '332-0001',
  '260-0001',
  '100-0001',
  '210-0001',
  '940-0001',
  '930-0001',
  '920-0001',
  '910-0001',
  '400-0001',
  '381-0001',
  '502-0001',
  '410-0001',
  '440-0001',
  '510-0001',
  '520-0001',
  '602-0001',
  '530-0001',
  '650-0001',
  '631-0001',
  '641-0001',
  '680-0001',
  '685-0001',
  '700-0001',
  '720-0001',
  '740-0001',
  '770-0001',
  '760-0001',
  '790-0001',
  '780-0001',
  '800-0001',
  '840-0001',
  '817-0001',
  '860-0001',
  '870-0001',
  '880-0001',
  '890-0001',
  '900-0001',
];

const LATIN = /^[\x20-\x7e]+$/;

/** Every way of writing the prefecture setup accepts, the first one used for the first run. */
function spellings(p: Prefecture): string[] {
  const short = p.name === '北海道' ? p.name : p.name.slice(0, -1);
  return [
    [p.name, short, p.kana, p.romaji, POSTAL_CODE[p.code - 1]!][p.code % 5]!,
    p.name,
    short,
    p.kana,
    p.romaji.toLowerCase(),
    POSTAL_CODE[p.code - 1]!,
  ];
}

let skill: SkillHandler;
let smartHome: SmartHomeHandler;
beforeAll(() => {
  skill = deployed.with({ store: world.dynamo.store, cloud: world.cloud });
  smartHome = createSmartHomeHandler({ directory: world.dynamo.store.tvs, cloud: world.cloud });
});

function tunedTo(thingId: string): string[] {
  const wanted = tune(thingId, '0');
  return world.emulator.calls
    .filter((c) => c.method === wanted.method && c.path === wanted.path)
    .map((c) => (c.body as { tuning?: string }).tuning ?? '?');
}

describe.each(PREFECTURES.map((p) => [p.name, p] as const))('%s', (_name, prefecture) => {
  let account: Account;
  let tv: RegisteredTv;
  /** The TV's endpoint as smart-home discovery gives it to Alexa, cookie included. */
  let endpoint: { endpointId: string; cookie: Record<string, string> };

  beforeAll(async () => {
    account = await newAccount(world);
    const [first, ...again] = spellings(prefecture);
    const result = await setupOk(world, { userId: account.userId, tvPresetId: PRESET, area: first });
    expect(result.next).toContain(`Channels by name: the stations of ${prefecture.name} (${prefecture.romaji}).`);
    // Every other spelling, given on a rerun, names the same prefecture.
    for (const spelling of again) {
      const rerun = await setupOk(world, { userId: account.userId, area: spelling });
      expect([spelling, rerun.next]).toEqual([spelling, expect.stringContaining(`the stations of ${prefecture.name}`)]);
    }
    const record = await world.dynamo.store.links.get(account.userId);
    tv = record!.tvs![0]!;
    expect(tv.channels).toEqual({ area: prefecture.id });
    const discovered = await smartHome(discover()({ token: account.token, endpointId: '', cookie: {} }));
    endpoint = (discovered.event.payload as { endpoints: { endpointId: string; cookie: Record<string, string> }[] })
      .endpoints[0]!;
  });

  const stations = prefecture.stations.map((s) => [s.names[0]!, s] as const);

  it.each(stations)('custom skill, ja-JP: %s by its names tunes its button', async (_station, station) => {
    // The catalogue value Alexa resolves to, and a short name heard without resolution.
    for (const [value, resolvedTo] of [
      [station.names[0]!, station.names[0]!],
      [station.names[1] ?? station.names[0]!, undefined],
    ] as const) {
      world.emulator.clearCalls();
      const response = await skill(
        intent('SetChannelIntent', { channelName: { value, resolvedTo } })({ ...account, locale: 'ja-JP' }),
      );
      expect([value, (response.response.outputSpeech as { ssml?: string }).ssml]).toEqual([
        value,
        expect.stringContaining(`${station.key}チャンネルにしました`),
      ]);
      expect([value, tunedTo(tv.thingId)]).toEqual([value, [String(station.key)]]);
    }
  });

  it.each(stations.filter(([, s]) => s.names.some((n) => LATIN.test(n))))(
    'custom skill, en-US: %s by its Latin names tunes its button',
    async (_station, station) => {
      for (const value of station.names.filter((n) => LATIN.test(n))) {
        world.emulator.clearCalls();
        const response = await skill(
          intent('SetChannelIntent', { channelName: { value, resolvedTo: undefined } })({
            ...account,
            locale: 'en-US',
          }),
        );
        expect([value, (response.response.outputSpeech as { ssml?: string }).ssml]).toEqual([
          value,
          expect.stringContaining(`channel ${station.key}.`),
        ]);
        expect([value, tunedTo(tv.thingId)]).toEqual([value, [String(station.key)]]);
      }
    },
  );

  it.each(stations)(
    'smart home: %s by name and by call letters tunes its button, from the cookie',
    async (_station, station) => {
      expect(endpoint.cookie.channelArea).toBe(prefecture.id);
      const to = { token: account.token, ...endpoint };
      const byName = control('Alexa.ChannelController', 'ChangeChannel', {
        channel: {},
        channelMetadata: { name: station.names[0] },
      });
      const latin = station.names.find((n) => LATIN.test(n));
      const bySign = latin
        ? control('Alexa.ChannelController', 'ChangeChannel', { channel: { callSign: latin }, channelMetadata: {} })
        : undefined;
      for (const directive of [byName, bySign]) {
        if (!directive) continue;
        world.emulator.clearCalls();
        const response = await smartHome(directive(to));
        expect(response).toMatchObject({ event: { header: { namespace: 'Alexa', name: 'Response' } } });
        expect(tunedTo(tv.thingId)).toEqual([String(station.key)]);
      }
    },
  );

  it('「NHKにして」 tunes NHK総合 through both doors', async () => {
    const nhk = prefecture.stations.find((s) => s.names[0] === 'NHK総合')!;
    world.emulator.clearCalls();
    await skill(
      intent('SetChannelIntent', { channelName: { value: 'NHK', resolvedTo: 'NHK総合' } })({
        ...account,
        locale: 'ja-JP',
      }),
    );
    await smartHome(
      control('Alexa.ChannelController', 'ChangeChannel', { channel: { callSign: 'NHK' }, channelMetadata: {} })({
        token: account.token,
        ...endpoint,
      }),
    );
    expect(tunedTo(tv.thingId)).toEqual([String(nhk.key), String(nhk.key)]);
  });
});

describe('a TV set up with the broadcast areas of before (kanto, kinki, tokai)', () => {
  it.each([
    ['kanto', 'TOKYO MX', '9', 'NHK', '1'],
    ['kinki', 'テレビ大阪', '7', 'カンテレ', '8'],
    ['tokai', 'テレビ愛知', '10', 'NHK', '3'],
  ])(
    '%s keeps its buttons through both doors, from the stored record and from a cookie discovered before',
    async (area, a, aKey, b, bKey) => {
      const account = await newAccount(world);
      await setupOk(world, { userId: account.userId, tvPresetId: PRESET });
      const record = await world.dynamo.store.links.get(account.userId);
      const tv = record!.tvs![0]!;
      // As the earlier version stored it: the area id itself.
      await world.dynamo.store.tvs.saveTv(account.userId, { ...tv, channels: { area } });
      const discovered = await smartHome(discover()({ token: account.token, endpointId: '', cookie: {} }));
      const endpoint = (
        discovered.event.payload as { endpoints: { endpointId: string; cookie: Record<string, string> }[] }
      ).endpoints[0]!;
      world.emulator.clearCalls();
      await skill(
        intent('SetChannelIntent', { channelName: { value: a, resolvedTo: a } })({ ...account, locale: 'ja-JP' }),
      );
      // A cookie Alexa kept from a discovery made before prefectures.
      await smartHome(
        control('Alexa.ChannelController', 'ChangeChannel', { channel: { callSign: b }, channelMetadata: {} })({
          token: account.token,
          endpointId: endpoint.endpointId,
          cookie: { ...endpoint.cookie, channelArea: area },
        }),
      );
      expect(tunedTo(tv.thingId)).toEqual([aKey, bKey]);
    },
  );
});
