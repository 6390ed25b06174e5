// A fresh device-cloud account in the state a door's case names, set up through real parts: the emulator
// and the real setup run with the access token (no link code), into the loopback table. Both the Alexa
// smart-home and the Google runners start every case here; `neighboursTv` adds another household beside it.
import { randomUUID } from 'node:crypto';
import type { DeviceCloudApi } from '../../../src/cloud/api';
import { DeviceCloud } from '../../../src/cloud/client';
import type { Emulator } from '../../../src/local/emulator';
import { runSetup } from '../../../src/setup';
import type { IndexedTv } from '../../../src/store/types';
import type { UserStore } from '../../../src/store';
import { newToken } from '../emulator';
import type { Loopback } from '../loopback';

/** The one TV model the case accounts offer, so setup needs no preset choice and labels are known. */
export const TV_PRESET = {
  deviceId: 'TV-SHARP-0001',
  manufacturer: 'SHARP',
  typeName: 'AQUOS',
  makerCode: 1,
  typeCode: 1,
};

/** Another household's TV model: a different maker, so nothing of it can pass for this household's. */
const NEIGHBOURS_PRESET = {
  deviceId: 'TV-SONY-0001',
  manufacturer: 'SONY',
  typeName: 'BRAVIA',
  makerCode: 3,
  typeCode: 1,
};

export interface HouseholdSpec {
  /** 'set-up' (default): a TV named "Living room TV"; 'no-tv': the account only; 'unknown': a token the cloud does not know. */
  world?: 'set-up' | 'no-tv' | 'unknown';
  /** The setup run's `area` and `channels` fields. */
  channelNames?: { area?: string; channels?: Record<string, number> };
  /** The setup run's `volumeStep`. */
  volumeStep?: number;
}

export interface HouseholdContext {
  emulator: Emulator;
  store: UserStore;
  userId: string;
  /** The account's token; the emulator knows it unless the world is 'unknown'. */
  token: string;
  /** The TV setup registered, for the 'set-up' world. */
  tv?: IndexedTv;
  /** A real client for the token, for setting the scene. */
  api: DeviceCloudApi;
  /** Another household's TV, when a case set one up (neighboursTv). */
  neighbour?: { thingId: string; token: string; gatewayId: string };
}

export async function setUpHousehold({ emulator, dynamo }: Loopback, spec: HouseholdSpec): Promise<HouseholdContext> {
  const token = newToken();
  const ctx: HouseholdContext = {
    emulator,
    store: dynamo.store,
    userId: `amzn1.ask.account.${randomUUID()}`,
    token,
    api: new DeviceCloud({ baseUrl: emulator.url }).forToken(token),
  };
  const world = spec.world ?? 'set-up';
  if (world !== 'unknown') emulator.addAccount(token, { presets: [TV_PRESET] });
  if (world === 'set-up') {
    const result = await runSetup(
      { store: dynamo.store, cloud: new DeviceCloud({ baseUrl: emulator.url }) },
      {
        userId: ctx.userId,
        accessToken: token,
        tvName: 'Living room TV',
        ...spec.channelNames,
        ...(spec.volumeStep && { volumeStep: spec.volumeStep }),
      },
    );
    if (result.status !== 'registered' || !result.tv) throw new Error(`setup did not register a TV: ${result.status}`);
    const [tv] = (
      await dynamo.store.tvs.tvsBehindGateways([(await ctx.api.listCloudPlugins())[0]?.gatewayId ?? ''])
    ).filter((t) => t.thingId === result.tv?.thingId);
    if (!tv) throw new Error('setup did not index the TV');
    ctx.tv = tv;
  }
  return ctx;
}

/**
 * Another household's account with a TV set up by the real setup, in the same table: its TV must never
 * show up in this household's discovery nor be pressed for it.
 */
export async function neighboursTv(ctx: HouseholdContext): Promise<void> {
  const token = newToken();
  ctx.emulator.addAccount(token, { presets: [NEIGHBOURS_PRESET] });
  const cloud = new DeviceCloud({ baseUrl: ctx.emulator.url });
  const result = await runSetup(
    { store: ctx.store, cloud },
    { userId: `amzn1.ask.account.other-${token}`, accessToken: token, tvName: 'Neighbour TV' },
  );
  if (result.status !== 'registered' || !result.tv)
    throw new Error(`the neighbour's setup did not register: ${result.status}`);
  const gatewayId = (await cloud.forToken(token).listCloudPlugins())[0]!.gatewayId;
  ctx.neighbour = { thingId: result.tv.thingId, token, gatewayId };
}
