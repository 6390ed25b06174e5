// EXECUTE: each trait's commands pressed as an IR remote can, whole or refused before any press.
import { MAX_STEPS } from '../../../src/tv/control';
import type { GoogleCase } from '../../support/google/case';
import { fault, neighboursTv, tvOn } from '../../support/google/given';
import { execute } from '../../support/google/requests';
import { channelStep, powerOff, powerOn, times, tune, volumeStep } from '../../support/device-calls';

const PLUGINS = { method: 'GET', path: '/management/v2/me/cloudPlugins' } as const;
const VOLUME = { method: 'PUT', path: '/device/v2/tv/volume/' } as const;
const success = (ctx: { tv?: { thingId: string } }) => ({
  payload: { commands: [{ ids: [ctx.tv!.thingId], status: 'SUCCESS', states: { online: true } }] },
});
const failed = (errorCode: string) => (ctx: { tv?: { thingId: string } }) => ({
  payload: { commands: [{ ids: [ctx.tv!.thingId], status: 'ERROR', errorCode }] },
});

export const executeCases: GoogleCase[] = [
  {
    description: 'OnOff on presses power on',
    request: execute('OnOff', { on: true }),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, powerOn(tv)], tv: { power: 'on' } },
  },
  {
    description: 'OnOff off presses power off',
    given: [tvOn],
    request: execute('OnOff', { on: false }),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, powerOff(tv)], tv: { power: 'off' } },
  },
  {
    description: 'selectChannel by the code SYNC gave フジテレビ tunes button 8 in Tokyo',
    channelNames: { area: 'tokyo' },
    given: [tvOn],
    request: execute('selectChannel', { channelCode: '8', channelName: 'フジテレビ', channelNumber: '8' }),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, tune(tv, '8')], tv: { channel: 8 } },
  },
  {
    description: "selectChannel by a name alone resolves through the prefecture's stations (「フジテレビ」 -> 8)",
    channelNames: { area: 'tokyo' },
    given: [tvOn],
    request: execute('selectChannel', { channelCode: 'フジテレビ' }),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, tune(tv, '8')], tv: { channel: 8 } },
  },
  {
    description: 'selectChannel by number tunes that button',
    given: [tvOn],
    request: execute('selectChannel', { channelNumber: '5' }),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, tune(tv, '5')], tv: { channel: 5 } },
  },
  {
    description: 'selectChannel beyond the 12 buttons is valueOutOfRange and presses nothing',
    request: execute('selectChannel', { channelNumber: '13' }),
    expected: { status: 200, body: failed('valueOutOfRange'), calls: [PLUGINS], outcome: 'refused' },
  },
  {
    description: "selectChannel of a station this TV's area lacks is noAvailableChannel and presses nothing",
    channelNames: { area: 'osaka' },
    request: execute('selectChannel', { channelCode: 'TOKYO MX' }),
    expected: { status: 200, body: failed('noAvailableChannel'), calls: [PLUGINS], outcome: 'refused' },
  },
  {
    description: 'relativeChannel 3 steps up three channels',
    given: [tvOn],
    request: execute('relativeChannel', { relativeChannelChange: 3 }),
    expected: {
      status: 200,
      body: success,
      calls: (tv) => [PLUGINS, ...times(3, channelStep(tv, 'next'))],
      tv: { channel: 4 },
    },
  },
  {
    description: 'relativeChannel -2 steps down two channels',
    given: [tvOn],
    request: execute('relativeChannel', { relativeChannelChange: -2 }),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, ...times(2, channelStep(tv, 'previous'))] },
  },
  {
    description: 'volumeRelative -2 presses volume down twice',
    given: [tvOn],
    request: execute('volumeRelative', { relativeSteps: -2 }),
    expected: {
      status: 200,
      body: success,
      calls: (tv) => [PLUGINS, ...times(2, volumeStep(tv, 'down'))],
      tv: { volume: 8 },
    },
  },
  {
    // The devices of one command are its targets ("Set of commands to execute on the attached device
    // targets"), and the answer is per device id: a target named twice is still one TV, pressed once.
    description: 'volumeRelative 1 naming the TV twice in one command presses once and answers one SUCCESS',
    given: [tvOn],
    request: execute('volumeRelative', { relativeSteps: 1 }, (to) => [
      { id: to.deviceId, gatewayId: to.gatewayId },
      { id: to.deviceId, gatewayId: to.gatewayId },
    ]),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, volumeStep(tv, 'up')], tv: { volume: 11 } },
  },
  {
    description: `volumeRelative beyond the step limit (${MAX_STEPS}) is valueOutOfRange before any press`,
    request: execute('volumeRelative', { relativeSteps: MAX_STEPS + 1 }),
    expected: { status: 200, body: failed('valueOutOfRange'), calls: [PLUGINS], outcome: 'refused' },
  },
  ...(['setVolume', 'mute', 'returnChannel'] as const).map((command): GoogleCase => ({
    description: `${command} is functionNotSupported: an IR remote cannot do it, and nothing is pressed`,
    request: execute(command, command === 'setVolume' ? { volumeLevel: 20 } : command === 'mute' ? { mute: true } : {}),
    expected: { status: 200, body: failed('functionNotSupported'), calls: [PLUGINS], outcome: 'refused' },
  })),
  {
    description: 'a command of a trait the TV does not declare (AppSelector) is functionNotSupported',
    request: execute('appSelect', { newApplication: 'youtube' }),
    expected: { status: 200, body: failed('functionNotSupported'), calls: [PLUGINS], outcome: 'refused' },
  },
  {
    description: "another household's device id is deviceNotFound and nothing is pressed",
    given: [neighboursTv],
    request: execute('OnOff', { on: true }, (to) => [to.neighbour!]),
    expected: {
      status: 200,
      calls: [PLUGINS],
      outcome: 'refused',
      body: (ctx) => ({
        payload: { commands: [{ ids: [ctx.neighbour!.thingId], status: 'ERROR', errorCode: 'deviceNotFound' }] },
      }),
      check: (ctx) => expect(ctx.emulator.tvState(ctx.neighbour!.thingId)).toMatchObject({ power: 'off' }),
    },
  },
  {
    description:
      "another household's device with its own gateway forged into customData is deviceNotFound: a hint proves nothing",
    given: [neighboursTv],
    request: execute('OnOff', { on: true }, (to) => [{ id: to.neighbour!, gatewayId: to.neighbourGateway! }]),
    expected: {
      status: 200,
      calls: [PLUGINS],
      outcome: 'refused',
      body: (ctx) => ({
        payload: { commands: [{ ids: [ctx.neighbour!.thingId], status: 'ERROR', errorCode: 'deviceNotFound' }] },
      }),
      check: (ctx) => expect(ctx.emulator.tvState(ctx.neighbour!.thingId)).toMatchObject({ power: 'off' }),
    },
  },
  {
    description:
      "the household's TV named without customData (or with a stale gateway) is still found through the token's gateways",
    request: execute('OnOff', { on: true }, (to) => [{ id: to.deviceId, gatewayId: 'gw-that-is-gone' }]),
    expected: { status: 200, body: success, calls: (tv) => [PLUGINS, powerOn(tv)], tv: { power: 'on' } },
  },
  {
    description: "the household's TV and another's in one command: only the household's is pressed",
    given: [neighboursTv],
    request: execute('OnOff', { on: true }, (to) => [to.deviceId, to.neighbour!]),
    expected: {
      status: 200,
      calls: (tv) => [PLUGINS, powerOn(tv)],
      outcome: 'refused',
      tv: { power: 'on' },
      body: (ctx) => ({
        payload: {
          commands: [
            { ids: [ctx.tv!.thingId], status: 'SUCCESS' },
            { ids: [ctx.neighbour!.thingId], status: 'ERROR', errorCode: 'deviceNotFound' },
          ],
        },
      }),
    },
  },
  {
    description: 'volumeRelative with a count that is no whole number is a protocolError and presses nothing',
    request: execute('volumeRelative', { relativeSteps: '3' }),
    expected: { status: 200, body: failed('protocolError'), calls: [PLUGINS], outcome: 'refused' },
  },
  {
    description: 'a step run cut short by a failure is an error, never SUCCESS',
    given: [tvOn, fault({ ...VOLUME, latencyMs: 0, times: 2 }), fault({ ...VOLUME, result: 300 })],
    request: execute('volumeRelative', { relativeSteps: 5 }),
    expected: {
      status: 200,
      outcome: 'partial',
      calls: (tv) => [PLUGINS, ...times(3, volumeStep(tv, 'up'))],
      body: (ctx) => ({
        payload: {
          commands: [
            { ids: [ctx.tv!.thingId], status: 'ERROR', errorCode: 'deviceOffline', states: { online: false } },
          ],
        },
      }),
    },
  },
  {
    description: 'a device cloud that hangs on a press answers transientError within the deadline',
    given: [fault({ method: 'PUT', path: '/device/v2/tv/', latencyMs: 1500 })],
    handler: { timeoutMs: 500 },
    request: execute('OnOff', { on: true }),
    expected: {
      status: 200,
      body: failed('transientError'),
      calls: (tv) => [PLUGINS, powerOn(tv)],
      outcome: 'timeout',
    },
  },
  {
    description: 'a gateway that is offline is deviceOffline with online false',
    given: [fault({ method: 'PUT', path: '/device/v2/tv/', result: 300 })],
    request: execute('OnOff', { on: true }),
    expected: {
      status: 200,
      outcome: 'offline',
      calls: (tv) => [PLUGINS, powerOn(tv)],
      body: (ctx) => ({
        payload: {
          commands: [
            { ids: [ctx.tv!.thingId], status: 'ERROR', errorCode: 'deviceOffline', states: { online: false } },
          ],
        },
      }),
    },
  },
  {
    description: 'a token refused at the press answers HTTP 401',
    given: [fault({ method: 'PUT', path: '/device/v2/tv/', status: 401, errorCode: 12 })],
    request: execute('OnOff', { on: true }),
    expected: { status: 401, calls: (tv) => [PLUGINS, powerOn(tv)], outcome: 'unauthorized' },
  },
  {
    description: 'a table that fails answers every device transientError, and nothing is pressed',
    handler: { missingTable: true },
    request: execute('OnOff', { on: true }),
    expected: { status: 200, body: failed('transientError'), calls: [PLUGINS], outcome: 'store' },
  },
  {
    description: 'a device cloud that is down before anything is known answers every device transientError',
    given: [fault({ method: 'GET', path: '/management/v2/me/cloudPlugins', status: 503 })],
    request: execute('OnOff', { on: true }),
    expected: { status: 200, body: failed('transientError'), calls: [PLUGINS], outcome: 'unavailable' },
  },
];
