// Scene-setting steps for Google cases, all through real parts: the client, the emulator, setup.
import { DeviceCloud } from '../../../src/cloud/client';
import { runSetup } from '../../../src/setup';
import { newToken } from '../emulator';
import type { CaseContext } from './case';

export { fault, gatewayOffline, tvOn, tvOnChannel } from '../cases/scene';

/** Another household's account with a TV set up by the real setup: its id must never be pressed for this one. */
export const neighboursTv = async (ctx: CaseContext): Promise<void> => {
  const token = newToken();
  ctx.emulator.addAccount(token, { presets: [{ deviceId: 'TV-SONY-0001', manufacturer: 'SONY', typeName: 'BRAVIA', makerCode: 3, typeCode: 1 }] });
  const result = await runSetup({ store: ctx.store, cloud: new DeviceCloud({ baseUrl: ctx.emulator.url }) },
    { userId: `amzn1.ask.account.other-${token}`, accessToken: token, tvName: 'Neighbour TV' });
  if (result.status !== 'registered' || !result.tv) throw new Error(`the neighbour's setup did not register: ${result.status}`);
  const gatewayId = (await new DeviceCloud({ baseUrl: ctx.emulator.url }).forToken(token).listCloudPlugins())[0]!.gatewayId;
  ctx.neighbour = { thingId: result.tv.thingId, token, gatewayId };
};

/** The household has linked Google once: SYNC kept its agentUserId. */
export const linkedToGoogle = async (ctx: CaseContext): Promise<void> => {
  const gateways = (await ctx.api.listCloudPlugins()).map((p) => p.gatewayId);
  await ctx.links.agentUserIdFor(gateways);
};
