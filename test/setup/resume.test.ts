import type { Fault } from '../../src/local/emulator';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import type { SetupStepId } from '../../src/setup';
import { FlakyStore } from '../support/flaky-store';
import {
  PLUGINS,
  PRESETS,
  REGISTER_DEVICE,
  REGISTER_TV_ON_REMOTE,
  SEARCH,
  newAccount,
  setupFails,
  setupOk,
  succeeded,
  useWorld,
  type Account,
} from '../support/setup-world';

const world = useWorld();

const presetId = DEFAULT_PRESETS[0].deviceId;

/** One remote and one TV exist, each registered under a name exactly once, and the store has the TV. */
async function expectOneOfEach({ token, userId }: Account): Promise<void> {
  const tvs = world.emulator.tvs(token);
  expect(tvs).toHaveLength(1);
  const registered = world.emulator.registeredDevices(token);
  expect(registered).toHaveLength(2);
  expect(registered.filter((d) => d.scopes.includes('remotecontroller'))).toHaveLength(1);
  expect(succeeded(world.emulator.calls, REGISTER_TV_ON_REMOTE)).toHaveLength(1);
  expect(succeeded(world.emulator.calls, REGISTER_DEVICE)).toHaveLength(2);
  expect((await world.dynamo.store.links.get(userId))?.tvs?.[0]?.thingId).toBe(tvs[0].thingId);
}

interface StepFault {
  /** The step whose call fails. */
  step: SetupStepId;
  /** Inject the fault once this step has been reported (so it hits the next call of that endpoint). */
  after?: SetupStepId;
  fault: Fault;
  /** What the error must say. */
  says: string;
}

const faults: StepFault[] = [
  {
    step: 'list-plugins',
    fault: { ...PLUGINS, status: 503 },
    says: 'listing the cloud plugins failed: the device cloud is unavailable',
  },
  {
    step: 'find-remote',
    fault: { ...SEARCH, result: 300, status: 504 },
    says: 'searching the home gateway for the IR remote failed: the home gateway is offline',
  },
  {
    step: 'register-remote',
    fault: { ...REGISTER_DEVICE, drop: true },
    says: 'registering the IR remote failed: the device cloud is unavailable',
  },
  {
    step: 'read-presets',
    fault: { ...PRESETS, rawBody: '<html>Bad gateway</html>', status: 200 },
    says: 'reading the TV presets of the IR remote failed: the device cloud sent an answer that could not be read',
  },
  {
    step: 'register-tv-on-remote',
    fault: { ...REGISTER_TV_ON_REMOTE, errorCode: 7, status: 504 },
    says: 'registering the TV on the remote failed: the home gateway is offline',
  },
  {
    step: 'find-tv',
    after: 'register-tv-on-remote',
    fault: { ...SEARCH, status: 500 },
    says: 'searching the home gateway for the new TV device failed: the device cloud is unavailable',
  },
  {
    step: 'register-tv',
    after: 'find-tv',
    fault: { ...REGISTER_DEVICE, status: 401, errorCode: 12 },
    says: 'registering the TV failed: the access token has expired. Open the skill once ("Alexa, open TV remote")',
  },
];

describe.each(faults)('a failure while $step', ({ step, after, fault, says }) => {
  it('stops with an error naming the step and why, and a rerun completes creating nothing twice', async () => {
    const account = await newAccount(world);
    const event = { userId: account.userId, tvPresetId: presetId };
    if (after === undefined) world.emulator.injectFault(fault);
    const afterStep =
      after === undefined
        ? undefined
        : (s: { step: string }) => {
            if (s.step === after) world.emulator.injectFault(fault);
          };

    const error = await setupFails(world, event, { afterStep });
    expect(error).toMatchObject({ name: 'SetupStepError', step });
    expect(error.message).toContain(says);
    expect((await world.dynamo.store.links.get(account.userId))?.tvs).toBeUndefined();

    const result = await setupOk(world, event);
    expect(result.status).toBe('registered');
    await expectOneOfEach(account);
  });
});

describe('a run that registered something but lost the checkpoint', () => {
  it('reuses the registered remote on the rerun instead of registering a second one', async () => {
    const account = await newAccount(world);
    const event = { userId: account.userId, tvPresetId: presetId };
    const error = await setupFails(world, event, {
      store: new FlakyStore(world.dynamo.store).failOnce('saveSetupProgress', 1),
    });
    expect(error).toMatchObject({ step: 'register-remote' });
    expect(world.emulator.registeredDevices(account.token)).toHaveLength(1);
    expect((await world.dynamo.store.links.get(account.userId))?.setups?.tv?.remote).toBeUndefined();

    const result = await setupOk(world, event);

    expect(result.steps.find((s) => s.step === 'register-remote')?.outcome).toBe('reused');
    expect(result.remote?.deviceName).toBe('IR learning remote');
    await expectOneOfEach(account);
  });

  it('finds the TV already on the remote on the rerun instead of registering a second one', async () => {
    const account = await newAccount(world);
    const event = { userId: account.userId, tvPresetId: presetId };
    const error = await setupFails(world, event, {
      store: new FlakyStore(world.dynamo.store).failOnce('saveSetupProgress', 2),
    });
    expect(error).toMatchObject({ step: 'register-tv-on-remote' });
    expect(world.emulator.tvs(account.token)).toHaveLength(1);
    expect((await world.dynamo.store.links.get(account.userId))?.setups?.tv?.tvOnRemote).toBeUndefined();

    // Even with another preset named, the TV already on the remote wins: never a second TV.
    const result = await setupOk(world, { ...event, tvPresetId: DEFAULT_PRESETS[2].deviceId });

    expect(result.steps.find((s) => s.step === 'register-tv-on-remote')?.outcome).toBe('reused');
    expect(result.steps.find((s) => s.step === 'find-tv')?.outcome).toBe('reused');
    await expectOneOfEach(account);
  });

  it('treats the TV as registered when the cloud already has it under our name', async () => {
    const account = await newAccount(world);
    const event = { userId: account.userId, tvPresetId: presetId };
    const error = await setupFails(world, event, { store: new FlakyStore(world.dynamo.store).failOnce('saveTv') });
    expect(error).toMatchObject({ step: 'save-tv' });
    expect(world.emulator.registeredDevices(account.token)).toHaveLength(2);

    const result = await setupOk(world, event);

    expect(result.steps.find((s) => s.step === 'register-tv')?.outcome).toBe('reused');
    expect(result.tv?.deviceName).toBe('TV');
    await expectOneOfEach(account);
  });
});

describe('a rerun after the TV was registered on the remote', () => {
  it('skips presets and the TV registration on the remote, going by the checkpoint', async () => {
    const account = await newAccount(world);
    const event = { userId: account.userId, tvPresetId: presetId };
    await setupFails(world, event, {
      afterStep: (s) => {
        if (s.step === 'register-tv-on-remote') world.emulator.injectFault({ ...SEARCH, status: 503 });
      },
    });
    world.emulator.clearCalls();

    const result = await setupOk(world, { userId: account.userId });

    expect(result.steps.find((s) => s.step === 'register-tv-on-remote')?.outcome).toBe('skipped');
    expect(result.steps.map((s) => s.step)).not.toContain('read-presets');
    expect(
      world.emulator.calls.filter((c) => c.path === PRESETS.path || c.path === REGISTER_TV_ON_REMOTE.path),
    ).toEqual([]);
    expect(world.emulator.tvs(account.token)).toHaveLength(1);
  });
});

describe('a gateway that is offline', () => {
  it('is reported as such, and setup completes once it is back', async () => {
    const account = await newAccount(world, { gatewayOnline: false });
    const event = { userId: account.userId, tvPresetId: presetId };

    const error = await setupFails(world, event);
    expect(error.message).toContain('the home gateway is offline');
    expect(world.emulator.registeredDevices(account.token)).toHaveLength(0);

    world.emulator.setGatewayOnline(account.token, true);
    const result = await setupOk(world, event);
    expect(result.status).toBe('registered');
    await expectOneOfEach(account);
  });

  it('going down after the remote is registered stops the TV registration, and a rerun finishes it', async () => {
    const account = await newAccount(world);
    const event = { userId: account.userId, tvPresetId: presetId };
    const error = await setupFails(world, event, {
      afterStep: (s) => {
        if (s.step === 'register-remote') world.emulator.setGatewayOnline(account.token, false);
      },
    });
    expect(error.message).toMatch(/^reading the TV presets of the IR remote failed: the home gateway is offline/);

    world.emulator.setGatewayOnline(account.token, true);
    await setupOk(world, event);
    await expectOneOfEach(account);
  });
});
