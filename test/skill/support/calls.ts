// The device-cloud calls a case expects, in the emulator's recorded form.
export interface ExpectedCall {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export const powerOn = (thingId: string): ExpectedCall => ({ method: 'PUT', path: '/device/v2/tv/', body: { thingId } });
export const powerOff = (thingId: string): ExpectedCall => ({ method: 'DELETE', path: '/device/v2/tv/', query: { thingId } });
export const tune = (thingId: string, channel: string): ExpectedCall =>
  ({ method: 'PUT', path: '/device/v2/tv/channel/', body: { thingId, tuning: channel } });
export const channelStep = (thingId: string, control: 'next' | 'previous'): ExpectedCall =>
  ({ method: 'PUT', path: '/device/v2/tv/channel/', body: { thingId, control } });
export const volumeStep = (thingId: string, control: 'up' | 'down'): ExpectedCall =>
  ({ method: 'PUT', path: '/device/v2/tv/volume/', body: { thingId, control } });

export const times = (n: number, call: ExpectedCall): ExpectedCall[] => Array.from({ length: n }, () => call);
