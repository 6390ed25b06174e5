// The device-cloud calls a case expects, in the emulator's recorded form.
import type { Emulator } from '../../src/local/emulator';

export interface ExpectedCall {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export const powerOn = (thingId: string): ExpectedCall => ({
  method: 'PUT',
  path: '/device/v2/tv/',
  body: { thingId },
});
export const powerOff = (thingId: string): ExpectedCall => ({
  method: 'DELETE',
  path: '/device/v2/tv/',
  query: { thingId },
});
export const tune = (thingId: string, channel: string): ExpectedCall => ({
  method: 'PUT',
  path: '/device/v2/tv/channel/',
  body: { thingId, tuning: channel },
});
export const channelStep = (thingId: string, control: 'next' | 'previous'): ExpectedCall => ({
  method: 'PUT',
  path: '/device/v2/tv/channel/',
  body: { thingId, control },
});
export const volumeStep = (thingId: string, control: 'up' | 'down'): ExpectedCall => ({
  method: 'PUT',
  path: '/device/v2/tv/volume/',
  body: { thingId, control },
});

export const times = (n: number, call: ExpectedCall): ExpectedCall[] => Array.from({ length: n }, () => call);

/** The calls the emulator recorded, beside the expected ones, both in one comparable form. */
export function expectCalls(emulator: Emulator, wanted: ExpectedCall[]): void {
  expect(
    emulator.calls.map((call) => ({ method: call.method, path: call.path, query: call.query, body: call.body })),
  ).toEqual(wanted.map((call) => ({ method: call.method, path: call.path, query: call.query ?? {}, body: call.body })));
}
