// The nine interface endpoints (docs/device-cloud.md section 4): what each accepts and what it does.
// Checks common to all of them (auth, content type, field types) live in interface-routes.ts.
import { fail } from './failure';
import { presetListBody } from './presets';
import { isTuning, TUNING_MAX, TUNING_MIN } from './resources';
import { PLUGIN_VERSION, type CloudState } from './state';
import { CONTROL_VERSION, deviceOk, managementOk, type Reply, type WireForm } from './wire';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Validated input: every listed query parameter and body field is a string. */
export interface CallInput {
  token: string;
  query: Record<string, string>;
  body: Record<string, string>;
}

export interface Endpoint {
  method: Method;
  path: string;
  form: WireForm;
  /** Required query parameters; no others are accepted. */
  query?: string[];
  /** Body fields (all strings); absent = the call takes no body. */
  body?: { required: string[]; optional?: string[] };
  /** A required accept header value. */
  accept?: string;
  handle(input: CallInput): Reply;
}

export function endpoints(state: CloudState): Endpoint[] {
  return [
    {
      method: 'GET',
      path: '/management/v2/me/cloudPlugins',
      form: 'management',
      handle: ({ token }) => managementOk({ cloudPluginList: state.cloudPlugins(token) }),
    },
    {
      method: 'GET',
      path: '/management/v2/me/devices/availabilities',
      form: 'management',
      query: ['gatewayId'],
      handle: ({ token, query }) => managementOk({ deviceList: state.searchAvailable(token, query.gatewayId) }),
    },
    {
      method: 'POST',
      path: '/management/v2/me/devices',
      form: 'management',
      body: { required: ['gatewayId', 'thingId', 'deviceName'] },
      handle: ({ token, body }) =>
        managementOk({ deviceList: [state.registerDevice(token, body.gatewayId, body.thingId, body.deviceName)] }),
    },
    {
      method: 'GET',
      path: '/device/v2/device/preset',
      form: 'device',
      query: ['thingId'],
      accept: 'application/json',
      handle: ({ token, query }) => deviceOk(PLUGIN_VERSION, presetListBody(state.presets(token, query.thingId))),
    },
    {
      method: 'POST',
      path: '/device/v2/device',
      form: 'device',
      body: { required: ['thingId', 'deviceId', 'deviceName'] },
      handle: ({ token, body }) =>
        deviceOk(PLUGIN_VERSION, { service: state.registerTv(token, body.thingId, body.deviceId, body.deviceName) }),
    },
    {
      method: 'PUT',
      path: '/device/v2/tv/',
      form: 'device',
      body: { required: ['thingId'] },
      handle: ({ token, body }) => control(() => state.powerOn(token, body.thingId)),
    },
    {
      method: 'DELETE',
      path: '/device/v2/tv/',
      form: 'device',
      query: ['thingId'],
      handle: ({ token, query }) => control(() => state.powerOff(token, query.thingId)),
    },
    {
      method: 'PUT',
      path: '/device/v2/tv/channel/',
      form: 'device',
      body: { required: ['thingId'], optional: ['tuning', 'control'] },
      handle: ({ token, body }) => control(() => changeChannel(state, token, body)),
    },
    {
      method: 'PUT',
      path: '/device/v2/tv/volume/',
      form: 'device',
      body: { required: ['thingId', 'control'] },
      handle: ({ token, body }) => control(() => state.stepVolume(token, body.thingId, volumeStep(body.control))),
    },
  ];
}

function control(action: () => void): Reply {
  action();
  return deviceOk(CONTROL_VERSION);
}

function changeChannel(state: CloudState, token: string, body: Record<string, string>): void {
  const { thingId, tuning, control: step } = body;
  if (tuning !== undefined && step !== undefined) fail('invalid', 'send tuning or control, not both');
  if (tuning !== undefined) {
    // Device Connect's tuning is an enum 1..12 carried as a string of digits, without leading zeros.
    if (!/^[1-9]\d?$/.test(tuning) || !isTuning(Number(tuning)))
      fail('invalid', `tuning must be "${TUNING_MIN}" to "${TUNING_MAX}"`);
    state.tune(token, thingId, Number(tuning));
    return;
  }
  if (step === 'next') return state.stepChannel(token, thingId, 1);
  if (step === 'previous') return state.stepChannel(token, thingId, -1);
  if (step === undefined) fail('invalid', 'send tuning or control');
  fail('invalid', 'control must be next or previous');
}

function volumeStep(control: string): 1 | -1 {
  if (control === 'up') return 1;
  if (control === 'down') return -1;
  return fail('invalid', 'control must be up or down');
}
