// The preset list's shape is not public: the client finds entries by their deviceId wherever they sit.
import { startTestEmulator, registerDemoTv, type DemoTv, type TestEmulator } from '../support/emulator';

let t: TestEmulator;
let demo: DemoTv;
const PRESET_PATH = '/device/v2/device/preset';

beforeAll(async () => {
  t = await startTestEmulator({
    account: {
      presets: [
        { deviceId: 'M-1', manufacturer: 'Maker A', typeName: 'Model One', makerCode: 11, typeCode: 7 },
        { deviceId: 'M-2', manufacturer: 'Maker B', typeName: 'Model Two', makerCode: 12, typeCode: 7 },
        { deviceId: 'M-3', manufacturer: 'Maker A', typeName: 'Model Three', makerCode: 11, typeCode: 8 },
      ],
    },
  });
  demo = await registerDemoTv(t.emulator, t.token);
});

afterEach(() => {
  t.emulator.clearFaults();
});

afterAll(async () => {
  await t.close();
});

const envelope = { result: 0, statusCode: '200', product: 'engine', version: '1.0.0' };

test("the emulator's own answer (grouped by maker) yields every seeded preset with its labels", async () => {
  const presets = await t.api.getPresets(demo.remote.thingId);
  expect(presets).toEqual(
    expect.arrayContaining([
      { deviceId: 'M-1', manufacturer: 'Maker A', typeName: 'Model One', makerCode: 11, typeCode: 7 },
      { deviceId: 'M-2', manufacturer: 'Maker B', typeName: 'Model Two', makerCode: 12, typeCode: 7 },
      { deviceId: 'M-3', manufacturer: 'Maker A', typeName: 'Model Three', makerCode: 11, typeCode: 8 },
    ]),
  );
  expect(presets).toHaveLength(3);
  expect(demo.service.deviceId).toBe(presets[0].deviceId);
});

test('an array in a top-level field is read', async () => {
  t.emulator.injectFault({
    path: PRESET_PATH,
    body: { ...envelope, devices: [{ deviceId: 'X1', manufacturer: 'Maker X' }, { deviceId: 'X2' }] },
  });
  expect(await t.api.getPresets(demo.remote.thingId)).toEqual([
    { deviceId: 'X1', manufacturer: 'Maker X' },
    { deviceId: 'X2' },
  ]);
});

test('a bare JSON array as the whole body is read', async () => {
  t.emulator.injectFault({ path: PRESET_PATH, body: [{ deviceId: 'B1', typeName: 'Bare' }, { deviceId: 'B2' }] });
  expect(await t.api.getPresets(demo.remote.thingId)).toEqual([
    { deviceId: 'B1', typeName: 'Bare' },
    { deviceId: 'B2' },
  ]);
});

test('entries nested several levels deep are found', async () => {
  const body = {
    ...envelope,
    data: { catalogue: { groups: [{ name: 'TV', items: [{ item: { deviceId: 'D1', makerCode: '5' } }] }] } },
  };
  t.emulator.injectFault({ path: PRESET_PATH, body });
  expect(await t.api.getPresets(demo.remote.thingId)).toEqual([{ deviceId: 'D1', makerCode: 5 }]);
});

test('entries without labels keep only their deviceId; empty or odd labels are dropped', async () => {
  const devices = [
    { deviceId: ' P1 ', manufacturer: '', typeName: 3, makerCode: 'x' },
    { deviceId: 42 },
    { deviceId: '' },
    { name: 'no id' },
  ];
  t.emulator.injectFault({ path: PRESET_PATH, body: { ...envelope, presetList: devices } });
  expect(await t.api.getPresets(demo.remote.thingId)).toEqual([{ deviceId: 'P1' }, { deviceId: '42' }]);
});

test('the same deviceId listed twice is read once, keeping the first', async () => {
  const body = { ...envelope, a: [{ deviceId: 'S1', typeName: 'first' }], b: [{ deviceId: 'S1', typeName: 'second' }] };
  t.emulator.injectFault({ path: PRESET_PATH, body });
  expect(await t.api.getPresets(demo.remote.thingId)).toEqual([{ deviceId: 'S1', typeName: 'first' }]);
});

test('a success without any entries is an empty list', async () => {
  t.emulator.injectFault({ path: PRESET_PATH, body: { ...envelope, presetList: [] } });
  expect(await t.api.getPresets(demo.remote.thingId)).toEqual([]);
});

test('a bare array with an error status is still an error', async () => {
  t.emulator.injectFault({ path: PRESET_PATH, status: 500, body: [{ deviceId: 'E1' }] });
  await expect(t.api.getPresets(demo.remote.thingId)).rejects.toMatchObject({ kind: 'unavailable', status: 500 });
});

test('a bare array answering a control call is not taken for success', async () => {
  t.emulator.injectFault({ path: '/device/v2/tv/', body: [] });
  await expect(t.api.tvPowerOn(demo.tv.thingId)).rejects.toMatchObject({ kind: 'malformed', status: 200 });
});

// Whichever field names the model is read, the most specific first; a value that is no text is no name.
test.each([
  ['modelName', { modelName: 'A-1', model: 'B', name: 'C' }, 'A-1'],
  ['model', { model: 'B-2', productName: 'C', deviceName: 'D' }, 'B-2'],
  ['modelNumber as a number', { modelNumber: 5040, name: 'C' }, '5040'],
  ['productName', { productName: 'P-3', deviceName: 'D' }, 'P-3'],
  ['deviceName', { deviceName: 'AQUOS 4T', name: 'N' }, 'AQUOS 4T'],
  ['name', { name: 'N-5' }, 'N-5'],
  ['an empty model, then a name', { model: '  ', name: 'N-6' }, 'N-6'],
  ['an object or an array where the model would be', { model: { name: 'x' }, modelName: ['y'] }, undefined],
])('the model named by %s', async (_what, fields, modelName) => {
  t.emulator.injectFault({ path: PRESET_PATH, body: { ...envelope, presetList: [{ deviceId: 'M1', ...fields }] } });
  const [preset] = await t.api.getPresets(demo.remote.thingId);
  expect(preset?.modelName).toBe(modelName);
});
