// Scene-setting steps both doors' cases share, all through real parts: the client and the emulator.
import type { DeviceCloudApi } from '../../../src/cloud/api';
import type { Emulator, Fault } from '../../../src/local/emulator';
import { button } from '../emulator';

/** What a scene step needs of a case's context (both runners' contexts have it). */
export interface Scene {
  emulator: Emulator;
  token: string;
  tv?: { thingId: string };
  /** Every TV of the user, where the context knows more than one. */
  tvs?: Array<{ thingId: string }>;
  /** A real client for the token. */
  api: DeviceCloudApi;
}

function thingId(ctx: Scene): string {
  if (!ctx.tv) throw new Error('this step needs a TV');
  return ctx.tv.thingId;
}

/**
 * The user's TVs switched on through the real client: an emulated TV that is off ignores channel and
 * volume keys, as a real one does.
 */
export const tvOn = async (ctx: Scene): Promise<void> => {
  const tvs = ctx.tvs?.length ? ctx.tvs : [{ thingId: thingId(ctx) }];
  for (const tv of tvs) await ctx.api.tvPowerOn(tv.thingId);
};

/** The TV on a channel through the real client. */
export const tvOnChannel =
  (channel: number) =>
  (ctx: Scene): Promise<unknown> =>
    ctx.api.tvChannel(thingId(ctx), { tuning: button(channel) });

export const fault =
  (f: Fault) =>
  (ctx: Scene): void =>
    ctx.emulator.injectFault(f);

export const gatewayOffline = (ctx: Scene): void => ctx.emulator.setGatewayOnline(ctx.token, false);

/** 200 answers no client can read (a proxy's page, nothing, JSON null): both doors say "unavailable". */
export const UNREADABLE_200: readonly (readonly [what: string, rawBody: string])[] = [
  ['an HTML page', '<html>gateway error</html>'],
  ['empty', ''],
  ['null', 'null'],
];
