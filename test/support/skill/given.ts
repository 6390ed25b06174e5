// Scene-setting steps for skill cases, all through real parts: the client, the emulator, the store.
import type { Given } from './case';

export { fault, gatewayOffline, tvOn, tvOnChannel } from '../cases/scene';

/** The store holds another token than the one the request carries (Alexa refreshed it since). */
export const storedToken =
  (token: string): Given =>
  (ctx) =>
    ctx.store.links.saveAccessToken(ctx.userId, token);
