// Scene-setting steps for cases, all through real parts: the client, the emulator, the store.
import type { Fault } from '../../../src/local/emulator';
import type { CaseContext, Given } from './case';

function thingId(ctx: CaseContext): string {
  if (!ctx.tv) throw new Error('this step needs a user with a TV');
  return ctx.tv.thingId;
}

/** The TV switched on through the real client. */
export const tvOn: Given = (ctx) => ctx.api.tvPowerOn(thingId(ctx));

/** The TV on a channel through the real client. */
export const tvOnChannel = (channel: number): Given => (ctx) => ctx.api.tvChannel(thingId(ctx), { tuning: channel });

export const fault = (f: Fault): Given => (ctx) => ctx.emulator.injectFault(f);

export const gatewayOffline: Given = (ctx) => ctx.emulator.setGatewayOnline(ctx.token, false);

/** The store holds another token than the one the request carries (Alexa refreshed it since). */
export const storedToken = (token: string): Given => (ctx) => ctx.store.saveAccessToken(ctx.userId, token);
