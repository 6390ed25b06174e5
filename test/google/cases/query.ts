// QUERY tells only what is known: whether the gateway and the TV are online.
import type { GoogleCase } from '../../support/google/case';
import { gatewayOffline, neighboursTv } from '../../support/google/given';
import { query } from '../../support/google/requests';

const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' } as const;
const search = (ctx: { tv?: { gatewayId?: string } }) => ({
  method: 'GET',
  path: '/management/v2/me/devices/availabilities',
  query: { gatewayId: (ctx.tv as { gatewayId: string }).gatewayId },
});

export const queryCases: GoogleCase[] = [
  {
    description: "QUERY of the household's TV answers online and nothing else: no made-up power, channel or volume",
    request: query(),
    expected: {
      status: 200,
      calls: (_tv, ctx) => [PLUGINS, search(ctx)],
      check: (ctx, body) => {
        expect((body['payload'] as { devices: unknown }).devices).toEqual({
          [ctx.tv!.thingId]: { online: true, status: 'SUCCESS' },
        });
      },
    },
  },
  {
    description: 'QUERY with the gateway offline answers deviceOffline with online false',
    given: [gatewayOffline],
    request: query(),
    expected: {
      status: 200,
      calls: (_tv, ctx) => [PLUGINS, search(ctx)],
      body: (ctx) => ({
        payload: { devices: { [ctx.tv!.thingId]: { online: false, status: 'ERROR', errorCode: 'deviceOffline' } } },
      }),
    },
  },
  {
    description: "QUERY of another household's device is deviceNotFound, without asking about its gateway",
    given: [neighboursTv],
    request: query((to) => [to.neighbour!]),
    expected: {
      status: 200,
      calls: [PLUGINS],
      outcome: 'refused',
      body: (ctx) => ({
        payload: {
          devices: { [ctx.neighbour!.thingId]: { online: false, status: 'ERROR', errorCode: 'deviceNotFound' } },
        },
      }),
    },
  },
  {
    description:
      "QUERY naming __proto__, constructor and toString answers each its own entry, deviceNotFound, beside the TV's own",
    request: query((to) => ['__proto__', 'constructor', 'toString', { id: to.deviceId, gatewayId: to.gatewayId }]),
    expected: {
      status: 200,
      calls: (_tv, ctx) => [PLUGINS, search(ctx)],
      outcome: 'refused',
      check: (ctx, body) => {
        const devices = (body['payload'] as { devices: Record<string, unknown> }).devices;
        const notFound = { online: false, status: 'ERROR', errorCode: 'deviceNotFound' };
        expect(Object.keys(devices).sort()).toEqual(['__proto__', 'constructor', ctx.tv!.thingId, 'toString'].sort());
        for (const id of ['__proto__', 'constructor', 'toString'])
          expect(Object.getOwnPropertyDescriptor(devices, id)?.value).toEqual(notFound);
        expect(devices[ctx.tv!.thingId]).toEqual({ online: true, status: 'SUCCESS' });
      },
    },
  },
];
