// Scene-setting steps for smart-home cases, all through real parts: the client, the emulator, setup.
import { DeviceCloud } from '../../../src/cloud/client';
import { runSetup } from '../../../src/setup';
import { registerDemoTv } from '../emulator';
import type { Given } from './case';

export { fault, gatewayOffline, tvOn, tvOnChannel } from '../cases/scene';
/** Another household's TV: it must never show up in this account's discovery. */
export { neighboursTv as someoneElsesTv } from '../cases/household';

/**
 * A TV saved by a version before the gateway index: registered and in the user's record, not indexed.
 * `thenRerunSetup` runs setup again for the user, as the README tells such users to.
 */
export const tvSavedBeforeTheIndex =
  (thenRerunSetup: boolean): Given =>
  async (ctx) => {
    const { tv } = await registerDemoTv(ctx.emulator, ctx.token, { tvName: 'Old TV', deviceId: 'TV-SHARP-0001' });
    await ctx.store.links.saveAccessToken(ctx.userId, ctx.token);
    await ctx.store.tvs.saveTv(ctx.userId, tv);
    if (thenRerunSetup) {
      const result = await runSetup(
        { store: ctx.store, cloud: new DeviceCloud({ baseUrl: ctx.emulator.url }) },
        { userId: ctx.userId },
      );
      if (result.status !== 'already_registered') throw new Error(`expected already_registered, got ${result.status}`);
    }
    ctx.tv = { ...tv, userId: ctx.userId };
  };

/** A second TV set up by the real setup for the same user and token, on the same remote. */
export const secondTvSetUp =
  (tvName: string): Given =>
  async (ctx) => {
    const result = await runSetup(
      { store: ctx.store, cloud: new DeviceCloud({ baseUrl: ctx.emulator.url }) },
      { userId: ctx.userId, accessToken: ctx.token, tvName },
    );
    if (result.status !== 'registered') throw new Error(`expected a second TV registered, got ${result.status}`);
  };

/** A TV forgotten with setup's removeTv. */
export const tvRemoved =
  (tvName: string): Given =>
  async (ctx) => {
    const result = await runSetup(
      { store: ctx.store, cloud: new DeviceCloud({ baseUrl: ctx.emulator.url }) },
      { userId: ctx.userId, removeTv: tvName },
    );
    if (result.status !== 'removed') throw new Error(`expected the TV removed, got ${result.status}`);
  };
