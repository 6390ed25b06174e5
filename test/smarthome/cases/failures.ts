// Every class of device-cloud failure and of bad directive, and the Smart Home error type it becomes.
import { channelStep, powerOn, volumeStep } from '../../support/device-calls';
import type { SmartHomeCase } from '../../support/smarthome/case';
import { adjustVolume, control, raw, skipChannels, turnOn } from '../../support/smarthome/directives';
import { fault, gatewayOffline, tvOn } from '../../support/smarthome/given';
import { UNREADABLE_200 } from '../../support/cases/scene';

const POWER = { method: 'PUT', path: '/device/v2/tv/' } as const;
const VOLUME = { method: 'PUT', path: '/device/v2/tv/volume/' } as const;
const error = (type: string, extra: Record<string, unknown> = {}) => ({
  event: { header: { namespace: 'Alexa', name: 'ErrorResponse', payloadVersion: '3' }, payload: { type, ...extra } },
});

export const failureCases: SmartHomeCase[] = [
  {
    description: 'HTTP 401 from the device cloud answers INVALID_AUTHORIZATION_CREDENTIAL',
    given: [fault({ ...POWER, status: 401 })],
    directive: turnOn(),
    expected: {
      outcome: 'unauthorized',
      response: error('INVALID_AUTHORIZATION_CREDENTIAL'),
      calls: (tv) => [powerOn(tv)],
      tv: { power: 'off' },
    },
  },
  {
    description: 'errorCode 12 (access token expired) answers EXPIRED_AUTHORIZATION_CREDENTIAL',
    given: [fault({ ...POWER, status: 401, errorCode: 12 })],
    directive: turnOn(),
    expected: {
      outcome: 'unauthorized',
      response: error('EXPIRED_AUTHORIZATION_CREDENTIAL'),
      calls: (tv) => [powerOn(tv)],
    },
  },
  {
    description: 'engine result 300 (gateway unreachable) answers BRIDGE_UNREACHABLE',
    given: [fault({ ...POWER, result: 300 })],
    directive: turnOn(),
    expected: {
      outcome: 'offline',
      response: error('BRIDGE_UNREACHABLE', {
        message: expect.stringMatching(
          /^the device cloud or the home gateway cannot be reached \(PUT \/device\/v2\/tv\/.*result 300/,
        ),
      }),
      calls: (tv) => [powerOn(tv)],
      logs: [/"level":"warn","message":"directive failed".*"type":"BRIDGE_UNREACHABLE".*"kind":"offline"/],
    },
  },
  {
    description: 'errorCode 7 (device timeout) answers ENDPOINT_UNREACHABLE',
    given: [fault({ ...POWER, errorCode: 7 })],
    directive: turnOn(),
    expected: { outcome: 'offline', response: error('ENDPOINT_UNREACHABLE'), calls: (tv) => [powerOn(tv)] },
  },
  {
    description: 'a gateway that is really offline answers ENDPOINT_UNREACHABLE and moves nothing',
    given: [gatewayOffline],
    directive: adjustVolume(3, false),
    expected: {
      outcome: 'offline',
      response: error('ENDPOINT_UNREACHABLE'),
      calls: (tv) => [volumeStep(tv, 'up')],
      tv: { volume: 10 },
    },
  },
  {
    description: 'no answer within the call timeout answers ENDPOINT_UNREACHABLE',
    handler: { timeoutMs: 150 },
    given: [fault({ ...POWER, latencyMs: 600 })],
    directive: turnOn(),
    expected: { outcome: 'timeout', response: error('ENDPOINT_UNREACHABLE'), calls: (tv) => [powerOn(tv)] },
  },
  {
    description: 'errorCode 6 (device not found) answers NO_SUCH_ENDPOINT',
    given: [fault({ ...POWER, errorCode: 6 })],
    directive: turnOn(),
    expected: { outcome: 'not_found', response: error('NO_SUCH_ENDPOINT'), calls: (tv) => [powerOn(tv)] },
  },
  {
    description: 'errorCode 10 (invalid parameter, e.g. a button not learned) answers INVALID_VALUE',
    given: [fault({ ...POWER, errorCode: 10 })],
    directive: turnOn(),
    expected: { outcome: 'invalid_parameter', response: error('INVALID_VALUE'), calls: (tv) => [powerOn(tv)] },
  },
  {
    description: 'HTTP 403 with result 403 (no permission) answers INSUFFICIENT_PERMISSIONS',
    given: [fault({ ...POWER, status: 403, result: 403 })],
    directive: turnOn(),
    expected: { outcome: 'forbidden', response: error('INSUFFICIENT_PERMISSIONS'), calls: (tv) => [powerOn(tv)] },
  },
  {
    description: 'HTTP 503 answers BRIDGE_UNREACHABLE',
    given: [fault({ ...POWER, status: 503 })],
    directive: turnOn(),
    expected: { outcome: 'unavailable', response: error('BRIDGE_UNREACHABLE'), calls: (tv) => [powerOn(tv)] },
  },
  {
    description: 'a dropped connection answers BRIDGE_UNREACHABLE',
    given: [fault({ ...POWER, drop: true })],
    directive: turnOn(),
    expected: { outcome: 'unavailable', response: error('BRIDGE_UNREACHABLE'), calls: (tv) => [powerOn(tv)] },
  },
  // Unavailable, as the skill door says it (test/skill/cases/failures.ts), never "refused".
  ...UNREADABLE_200.map(([what, rawBody]): SmartHomeCase => ({
    description: `a 200 whose body is ${what} answers BRIDGE_UNREACHABLE`,
    given: [fault({ ...POWER, status: 200, rawBody })],
    directive: turnOn(),
    expected: { outcome: 'malformed', response: error('BRIDGE_UNREACHABLE'), calls: (tv) => [powerOn(tv)] },
  })),
  {
    description: 'an unknown non-zero result answers INTERNAL_ERROR',
    given: [fault({ ...POWER, status: 400, result: 999 })],
    directive: turnOn(),
    expected: { outcome: 'rejected', response: error('INTERNAL_ERROR'), calls: (tv) => [powerOn(tv)] },
  },
  {
    description:
      'a volume run failing at its third step is a failure (never "OK" for part of it), and says how far it got',
    // Faults are taken in order: two calls pass (a delay of 0), the third finds the gateway unreachable.
    given: [tvOn, fault({ ...VOLUME, latencyMs: 0, times: 2 }), fault({ ...VOLUME, result: 300 })],
    directive: adjustVolume(5, false),
    expected: {
      outcome: 'partial',
      response: error('BRIDGE_UNREACHABLE', { message: expect.stringMatching(/^only 2 of 5 steps were sent: /) }),
      calls: (tv) => [volumeStep(tv, 'up'), volumeStep(tv, 'up'), volumeStep(tv, 'up')],
      tv: { volume: 12 },
      logs: [
        /"message":"directive failed".*"type":"BRIDGE_UNREACHABLE".*"detail":"2 of 5 steps sent, then a step failed \(offline\)"/,
      ],
    },
  },
  {
    description: 'a channel run that reaches the deadline part way stops there and answers a failure, not success',
    // Each step takes 200 ms and may take 300: a third step could end after the 600 ms budget.
    handler: { timeoutMs: 300, budgetMs: 600 },
    given: [tvOn, fault({ method: 'PUT', path: '/device/v2/tv/channel/', latencyMs: 200, times: 5 })],
    directive: skipChannels(5),
    expected: {
      outcome: 'partial',
      response: error('ENDPOINT_UNREACHABLE', {
        message: 'only 2 of 5 steps were sent: the device cloud could not finish within the time Alexa allows',
      }),
      calls: (tv) => [channelStep(tv, 'next'), channelStep(tv, 'next')],
      tv: { channel: 3 },
      logs: [/"message":"directive failed".*"detail":"2 of 5 steps sent, then the time the platform allows ran out"/],
    },
  },
  {
    description: 'a budget too short for even one call answers ENDPOINT_UNREACHABLE and sends nothing',
    handler: { timeoutMs: 1000, budgetMs: 500 },
    directive: adjustVolume(2, false),
    expected: { outcome: 'deadline', response: error('ENDPOINT_UNREACHABLE'), calls: [], tv: { volume: 10 } },
  },
];

export const directiveCases: SmartHomeCase[] = [
  {
    description: 'an unsupported directive (a percentage) answers INVALID_DIRECTIVE and calls nothing',
    directive: control('Alexa.PercentageController', 'SetPercentage', { percentage: 50 }),
    expected: {
      outcome: 'refused',
      response: error('INVALID_DIRECTIVE', {
        message: 'Alexa.PercentageController.SetPercentage is not supported by this skill',
      }),
      calls: [],
    },
  },
  {
    description: 'an event that is no directive at all still gets a valid ErrorResponse',
    directive: raw({ hello: 'world' }),
    expected: {
      outcome: 'refused',
      response: error('INVALID_DIRECTIVE', { message: 'the event has no directive' }),
      calls: [],
    },
  },
  {
    description: 'a directive of payload version 2 answers INVALID_DIRECTIVE and keeps its correlation token',
    directive: (to) => {
      const event = turnOn()(to) as { directive: { header: Record<string, string> } };
      event.directive.header['payloadVersion'] = '2';
      return event;
    },
    expected: { outcome: 'refused', response: error('INVALID_DIRECTIVE'), calls: [] },
  },
  {
    description: 'an endpointId this skill never issued answers NO_SUCH_ENDPOINT and calls nothing',
    directive: turnOn({ endpointId: 'endpoint-001' }),
    expected: { outcome: 'refused', response: error('NO_SUCH_ENDPOINT'), calls: [] },
  },
  {
    description: 'an encoded endpointId is decoded back to the thingId it stands for',
    // "tvb:" + base64url("living/room tv"): a thingId with characters an endpointId may not hold.
    directive: turnOn({ endpointId: `tvb:${Buffer.from('living/room tv').toString('base64url')}` }),
    expected: {
      outcome: 'not_found',
      response: error('NO_SUCH_ENDPOINT'),
      calls: [{ method: 'PUT', path: '/device/v2/tv/', body: { thingId: 'living/room tv' } }],
    },
  },
  {
    description:
      'a control directive without a bearer token answers INVALID_AUTHORIZATION_CREDENTIAL and calls nothing',
    directive: turnOn({ withToken: false }),
    expected: { outcome: 'refused', response: error('INVALID_AUTHORIZATION_CREDENTIAL'), calls: [] },
  },
  {
    description: 'a control directive without a correlation token is answered without one',
    directive: turnOn({ correlationToken: false }),
    expected: { response: { event: { header: { name: 'Response' } } }, calls: (tv) => [powerOn(tv)] },
  },
];
