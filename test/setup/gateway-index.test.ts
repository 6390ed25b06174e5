// Setup lists the TV in its gateway's index, the key smart-home discovery finds TVs by: on the first
// run, on a rerun of an already registered TV (which repairs a missing item), and after a lost write.
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { FlakyStore } from '../support/flaky-store';
import { newAccount, setupFails, setupOk, useWorld } from '../support/setup-world';

const world = useWorld();

const sharp = DEFAULT_PRESETS[0];

async function indexedFor(token: string) {
  const [plugin] = await world.cloud.forToken(token).listCloudPlugins();
  return world.dynamo.store.tvs.tvsBehindGateways([plugin?.gatewayId ?? '']);
}

describe('the gateway index', () => {
  it('lists the TV a first run registers, with its owner and the preset labels', async () => {
    const { token, userId } = await newAccount(world);
    const result = await setupOk(world, { userId, tvPresetId: sharp.deviceId, tvName: 'Bedroom TV' });

    const record = await world.dynamo.store.links.get(userId);
    expect(await indexedFor(token)).toEqual([
      { ...record?.tvs?.[0], userId, manufacturer: 'SHARP', model: 'SHARP AQUOS (preset TV-SHARP-0001)' },
    ]);
    expect(result.tv?.deviceName).toBe('Bedroom TV');
  });

  it('is written by a setup run with an access token for a user Alexa never sent', async () => {
    const { token } = await newAccount(world, { storeToken: false });
    await setupOk(world, { userId: 'operator-chosen-id', accessToken: token, tvPresetId: sharp.deviceId });

    expect(await indexedFor(token)).toEqual([expect.objectContaining({ userId: 'operator-chosen-id' })]);
  });

  it('is repaired by a rerun when the index write was lost, registering nothing twice', async () => {
    const { token, userId } = await newAccount(world);
    const event = { userId, tvPresetId: sharp.deviceId };
    const error = await setupFails(world, event, { store: new FlakyStore(world.dynamo.store).failOnce('indexTv') });
    expect(error).toMatchObject({ step: 'save-tv' });
    expect(await indexedFor(token)).toEqual([]);
    world.emulator.clearCalls();

    const again = await setupOk(world, event);

    expect(again.status).toBe('already_registered');
    expect(again.steps.find((s) => s.step === 'save-tv')).toMatchObject({ outcome: 'reused' });
    expect(world.emulator.calls).toEqual([]);
    expect(await indexedFor(token)).toEqual([expect.objectContaining({ thingId: again.tv?.thingId, userId })]);
    expect(world.emulator.tvs(token)).toHaveLength(1);
  });
});
