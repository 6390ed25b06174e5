// The area found by itself: with the user's permission the skill reads the Echo's postal code from the
// Device Address API (a loopback stand-in here) when it gives out a setup code ("give me a setup code":
// AddTvIntent), the code carries it, and setup picks the prefecture and says so. Without the permission, with no address, an address abroad
// or a slow API, everything works as before.
import { randomUUID } from 'node:crypto';
import type { ResponseEnvelope } from 'ask-sdk-model';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { startDeviceAddressStandIn, type DeviceAddressStandIn } from '../../src/local/device-address';
import type { SkillHandler } from '../../src/skill/app';
import { DeviceAddress } from '../../src/skill/services/device-address';
import { jsonLogger } from '../../src/log';
import { useDeployedSkill } from '../support/skill/deployed';
import { intent, type RequestOptions } from '../support/skill/requests';
import { newAccount, setupOk, useWorld, type Account } from '../support/setup-world';

const PRESET = DEFAULT_PRESETS[0].deviceId;
const world = useWorld();
const deployed = useDeployedSkill(world);
let standIn: DeviceAddressStandIn;
let skill: SkillHandler;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  standIn = await startDeviceAddressStandIn();
  skill = deployed.with({
    store: world.dynamo.store,
    cloud: world.cloud,
    deviceAddress: new DeviceAddress({ timeoutMs: TIMEOUT_MS }),
  });
});
afterAll(async () => {
  await standIn.close();
});

interface Echo {
  apiAccessToken: string;
  deviceId: string;
}

/** A new Echo whose owner granted the permission (or not), with the address its settings hold. */
function newEcho(options: { granted: boolean; address?: { countryCode: string; postalCode: string } }): Echo {
  const echo = { apiAccessToken: `alexa-api-${randomUUID()}`, deviceId: `amzn1.ask.device.${randomUUID()}` };
  if (options.granted) standIn.consent(echo.apiAccessToken);
  standIn.setAddress(echo.deviceId, options.address);
  return echo;
}

const onEcho = (echo: Echo, permissionGranted = true): RequestOptions => ({
  echo: { ...echo, apiEndpoint: standIn.url, permissionGranted },
});

async function codeFrom(
  account: Account,
  echo: Echo,
  locale = 'ja-JP',
  permissionGranted = true,
): Promise<{ code: string; card: string; response: ResponseEnvelope }> {
  const response = await skill(intent('AddTvIntent', {}, onEcho(echo, permissionGranted))({ ...account, locale }));
  const card = (response.response.card as { content?: string } | undefined)?.content ?? '';
  const code = /(\d{6})/.exec(card)?.[1];
  if (!code) throw new Error(`no code on the card: ${card}`);
  return { code, card, response };
}

describe('with the permission granted', () => {
  it("the code carries the Echo's postal code, and setup picks its prefecture, says so and how to change it", async () => {
    const account = await newAccount(world);
    const echo = newEcho({ granted: true, address: { countryCode: 'JP', postalCode: '060-0001' } });
    const { code, card } = await codeFrom(account, echo);
    expect(card).toContain(`セットアップコード: ${code}`);
    expect(standIn.calls().filter((c) => c.deviceId === echo.deviceId)).toEqual([
      { deviceId: echo.deviceId, withToken: true, status: 200 },
    ]);

    const result = await setupOk(world, { code, tvPresetId: PRESET });
    expect(result.status).toBe('registered');
    expect(result.next).toMatch(
      /Channels by name: the stations of 北海道 \(Hokkaido\), from your Echo's postal code 060-0001\. If the TV is elsewhere, ask Alexa for a new link code/,
    );
    expect((await world.dynamo.store.links.get(account.userId))?.tvs?.[0]?.channels).toEqual({ area: 'hokkaido' });

    // NHK is button 3 in Hokkaido, HBC button 1 (on a TV switched on first: one that is off ignores the key).
    await skill(intent('TurnOnIntent')({ ...account, locale: 'ja-JP' }));
    const nhk = await skill(
      intent('SetChannelIntent', { channelName: { value: 'NHK', resolvedTo: 'NHK総合' } })({
        ...account,
        locale: 'ja-JP',
      }),
    );
    expect(nhk.response.outputSpeech).toMatchObject({ ssml: '<speak>NHK総合、3チャンネルにしました。</speak>' });
    expect(world.emulator.tvs(account.token)[0]?.channel).toBe(3);
  });

  it("an area given at setup wins over the Echo's", async () => {
    const account = await newAccount(world);
    const { code } = await codeFrom(
      account,
      newEcho({ granted: true, address: { countryCode: 'JP', postalCode: '060-0001' } }),
    );
    const result = await setupOk(world, { code, tvPresetId: PRESET, area: '鹿児島' });
    expect(result.next).toMatch(/Channels by name: the stations of 鹿児島県 \(Kagoshima\)\.$/);
    expect((await world.dynamo.store.links.get(account.userId))?.tvs?.[0]?.channels).toEqual({ area: 'kagoshima' });
  });

  it("a code asked for again on another Echo carries that Echo's postal code", async () => {
    const account = await newAccount(world);
    const first = await codeFrom(
      account,
      newEcho({ granted: true, address: { countryCode: 'JP', postalCode: '060-0001' } }),
    );
    const second = await codeFrom(
      account,
      newEcho({ granted: true, address: { countryCode: 'JP', postalCode: '812-0011' } }),
      'en-US',
    );
    expect(second.code).toBe(first.code);
    await setupOk(world, { code: second.code, tvPresetId: PRESET });
    expect((await world.dynamo.store.links.get(account.userId))?.tvs?.[0]?.channels).toEqual({ area: 'fukuoka' });
  });
});

describe('without a postal code, everything works as before', () => {
  it.each([
    [
      'the user did not grant the permission (403)',
      { granted: false, address: { countryCode: 'JP', postalCode: '060-0001' } },
      403,
    ],
    ['no address is set on the Echo (204)', { granted: true }, 204],
    ['the address is outside Japan', { granted: true, address: { countryCode: 'US', postalCode: '98109' } }, 200],
    ['the address is empty', { granted: true, address: { countryCode: '', postalCode: '' } }, 200],
  ] as const)('%s', async (_what, options, status) => {
    const account = await newAccount(world);
    const echo = newEcho(options);
    const { code } = await codeFrom(account, echo);
    expect(
      standIn
        .calls()
        .filter((c) => c.deviceId === echo.deviceId)
        .map((c) => c.status),
    ).toEqual([status]);
    const result = await setupOk(world, { code, tvPresetId: PRESET });
    expect(result.next).not.toMatch(/Channels by name/);
    expect((await world.dynamo.store.links.get(account.userId))?.tvs?.[0]?.channels).toBeUndefined();
  });

  it('a request without the permission never calls the API', async () => {
    const account = await newAccount(world);
    const echo = newEcho({ granted: true, address: { countryCode: 'JP', postalCode: '060-0001' } });
    await codeFrom(account, echo, 'ja-JP', false);
    expect(standIn.calls().filter((c) => c.deviceId === echo.deviceId)).toEqual([]);
  });

  it('a slow API is given up after the timeout, and the code still comes in time', async () => {
    const account = await newAccount(world);
    const echo = newEcho({ granted: true, address: { countryCode: 'JP', postalCode: '060-0001' } });
    standIn.setLatency(5000);
    try {
      const started = Date.now();
      const { code } = await codeFrom(account, echo);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
      await expect(world.dynamo.store.linkCodes.findLinkCode(code)).resolves.toBe(account.userId);
    } finally {
      standIn.setLatency(0);
    }
  });

  it('an API that is not there at all reads as no postal code', async () => {
    const account = await newAccount(world);
    const response = await skill(
      intent(
        'AddTvIntent',
        {},
        { echo: { apiEndpoint: 'http://127.0.0.1:9', permissionGranted: true } },
      )({ ...account, locale: 'en-US' }),
    );
    expect((response.response.card as { content: string }).content).toMatch(/^Your setup code: \d{6}/);
  });
});

it("logs what the API answered, never the request's apiAccessToken", async () => {
  const lines: string[] = [];
  const logged = deployed.with({
    store: world.dynamo.store,
    cloud: world.cloud,
    logger: jsonLogger((line) => lines.push(line)),
    deviceAddress: new DeviceAddress({ timeoutMs: TIMEOUT_MS, logger: jsonLogger((line) => lines.push(line)) }),
  });
  const account = await newAccount(world);
  for (const echo of [
    newEcho({ granted: true, address: { countryCode: 'JP', postalCode: '060-0001' } }),
    newEcho({ granted: false }),
  ]) {
    await logged(intent('AddTvIntent', {}, onEcho(echo))({ ...account, locale: 'en-US' }));
    expect(lines.join('\n')).not.toContain(echo.apiAccessToken);
  }
  expect(lines.filter((l) => l.includes('device address read')).map((l) => JSON.parse(l).outcome)).toEqual([
    'found',
    'no-consent',
  ]);
});
