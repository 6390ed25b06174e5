// SYNC: the household's TVs as Google sees them, and the agentUserId that stays the account's.
import type { GoogleCase } from '../../support/google/case';
import { linkedToGoogle, neighboursTv } from '../../support/google/given';
import { sync } from '../../support/google/requests';

const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRAITS = ['action.devices.traits.OnOff', 'action.devices.traits.Volume', 'action.devices.traits.Channel'];

type Devices = { id: string; attributes: { availableChannels: { key: string; names: string[]; number: string }[] } }[];
const devicesOf = (body: Record<string, unknown>): Devices => (body['payload'] as { devices: Devices }).devices;

export const syncCases: GoogleCase[] = [
  {
    description:
      "SYNC lists the TV set up once: command-only OnOff, Volume and Channel, Tokyo's stations by name in both languages",
    channelNames: { area: 'tokyo' },
    request: sync(),
    expected: {
      status: 200,
      body: (ctx) => ({
        requestId: 'ff36a3cc-ec34-11e6-b1a0-64510650abcf',
        payload: {
          devices: [
            {
              id: ctx.tv!.thingId,
              type: 'action.devices.types.TV',
              traits: TRAITS,
              name: { name: 'Living room TV' },
              willReportState: false,
              deviceInfo: { manufacturer: 'SHARP' },
              attributes: {
                commandOnlyOnOff: true,
                commandOnlyVolume: true,
                volumeCanMuteAndUnmute: false,
                levelStepSize: 1,
                commandOnlyChannels: true,
              },
            },
          ],
        },
      }),
      calls: [PLUGINS],
      check: (ctx, body) => {
        const payload = body['payload'] as { agentUserId: string };
        expect(payload.agentUserId).toMatch(UUID);
        expect(payload.agentUserId).not.toContain(ctx.token.slice(0, 8));
        const channels = devicesOf(body)[0]!.attributes.availableChannels;
        const fuji = channels.find((c) => c.key === '8');
        expect(fuji).toMatchObject({ number: '8', names: expect.arrayContaining(['フジテレビ', 'Fuji TV']) });
        expect(channels.find((c) => c.key === '1')?.names).toEqual(expect.arrayContaining(['NHK総合', 'NHK']));
        // One entry per button, each key once, within the trait page's "30 channels or less".
        expect(new Set(channels.map((c) => c.key)).size).toBe(channels.length);
        expect(channels.length).toBeLessThanOrEqual(12);
      },
    },
  },
  {
    description: 'SYNC of a TV with no channel names offers the buttons 1 to 12 by number',
    request: sync(),
    expected: {
      status: 200,
      calls: [PLUGINS],
      check: (_ctx, body) => {
        expect(devicesOf(body)[0]!.attributes.availableChannels).toEqual(
          Array.from({ length: 12 }, (_, i) => ({ key: String(i + 1), names: [String(i + 1)], number: String(i + 1) })),
        );
      },
    },
  },
  {
    description:
      "SYNC names the household's own channels first, and a station that is an own name only under the own button",
    channelNames: { area: 'tokyo', channels: { 'BBC One': 3, NHK: 5 } },
    request: sync(),
    expected: {
      status: 200,
      calls: [PLUGINS],
      check: (_ctx, body) => {
        const channels = devicesOf(body)[0]!.attributes.availableChannels;
        expect(channels.find((c) => c.key === '3')?.names[0]).toBe('BBC One');
        expect(channels.find((c) => c.key === '5')?.names[0]).toBe('NHK');
        expect(channels.find((c) => c.key === '1')?.names).not.toContain('NHK');
      },
    },
  },
  {
    description: 'SYNC takes the TV\'s own volume step as the step of "volume up"',
    volumeStep: 3,
    request: sync(),
    expected: { status: 200, calls: [PLUGINS], body: { payload: { devices: [{ attributes: { levelStepSize: 3 } }] } } },
  },
  {
    description: 'a second SYNC gives the same agentUserId as the first',
    given: [linkedToGoogle],
    request: sync(),
    expected: {
      status: 200,
      calls: [PLUGINS],
      check: async (ctx, body) => {
        const gateway = (await ctx.api.listCloudPlugins())[0]!.gatewayId;
        expect((body['payload'] as { agentUserId: string }).agentUserId).toBe(await ctx.links.agentUserIdOf(gateway));
      },
    },
  },
  {
    description: "SYNC never lists another household's TV",
    given: [neighboursTv],
    request: sync(),
    expected: {
      status: 200,
      calls: [PLUGINS],
      check: (ctx, body) => {
        expect(devicesOf(body).map((d) => d.id)).toEqual([ctx.tv!.thingId]);
      },
    },
  },
  {
    description: 'SYNC of an account with its remote but no TV set up lists no device',
    world: 'no-tv',
    request: sync(),
    expected: { status: 200, calls: [PLUGINS], body: { payload: { devices: [] } } },
  },
  {
    description:
      'SYNC with a table that fails is HTTP 503: its payload could name neither the agentUserId nor the devices',
    handler: { missingTable: true },
    request: sync(),
    expected: { status: 503, calls: [PLUGINS], outcome: 'store', body: { error: 'transientError' } },
  },
  {
    description: "SYNC with a table that fails at the Google-link read is HTTP 503 too, counted as the store's",
    handler: { missingLinksTable: true },
    request: sync(),
    expected: { status: 503, calls: [PLUGINS], outcome: 'store', body: { error: 'transientError' } },
  },
  {
    description: 'a token the device cloud refuses is answered HTTP 401, as Google documents, so Google refreshes it',
    world: 'unknown',
    request: sync(),
    expected: { status: 401, calls: [PLUGINS], outcome: 'unauthorized', body: { error: 'invalid_token' } },
  },
];
