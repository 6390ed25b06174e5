// A fresh device-cloud account in the state a door's case names, set up through real parts: the emulator
// and the real setup run with the access token (no link code), into the loopback table. Both the Alexa
// smart-home and the Google runners start every case here.
import { randomUUID } from 'node:crypto';
import { DeviceCloud } from '../../../src/cloud/client';
import { runSetup } from '../../../src/setup';
import { newToken } from '../emulator';
import type { Loopback } from '../loopback';
import { TV_PRESET, type CaseContext } from '../smarthome/case';

export interface HouseholdSpec {
  /** 'set-up' (default): a TV named "Living room TV"; 'no-tv': the account only; 'unknown': a token the cloud does not know. */
  world?: 'set-up' | 'no-tv' | 'unknown';
  /** The setup run's `area` and `channels` fields. */
  channelNames?: { area?: string; channels?: Record<string, number> };
  /** The setup run's `volumeStep`. */
  volumeStep?: number;
}

export async function setUpHousehold({ emulator, dynamo }: Loopback, spec: HouseholdSpec): Promise<CaseContext> {
  const token = newToken();
  const ctx: CaseContext = {
    emulator,
    store: dynamo.store,
    userId: `amzn1.ask.account.${randomUUID()}`,
    token,
    api: new DeviceCloud({ baseUrl: emulator.url }).forToken(token),
  };
  const world = spec.world ?? 'set-up';
  if (world !== 'unknown') emulator.addAccount(token, { presets: [TV_PRESET] });
  if (world === 'set-up') {
    const result = await runSetup({ store: dynamo.store, cloud: new DeviceCloud({ baseUrl: emulator.url }) },
      { userId: ctx.userId, accessToken: token, tvName: 'Living room TV', ...spec.channelNames, ...(spec.volumeStep && { volumeStep: spec.volumeStep }) });
    if (result.status !== 'registered' || !result.tv) throw new Error(`setup did not register a TV: ${result.status}`);
    const [tv] = (await dynamo.store.tvsBehindGateways([(await ctx.api.listCloudPlugins())[0]?.gatewayId ?? ''])).filter((t) => t.thingId === result.tv?.thingId);
    if (!tv) throw new Error('setup did not index the TV');
    ctx.tv = tv;
  }
  return ctx;
}
