// Scene-setting steps for Google cases, all through real parts: the client, the emulator, setup.
import type { CaseContext } from './case';

export { fault, gatewayOffline, tvOn, tvOnChannel } from '../cases/scene';
export { neighboursTv } from '../cases/household';

/** The household has linked Google once: SYNC kept its agentUserId. */
export const linkedToGoogle = async (ctx: CaseContext): Promise<void> => {
  const gateways = (await ctx.api.listCloudPlugins()).map((p) => p.gatewayId);
  await ctx.links.agentUserIdFor(gateways);
};
