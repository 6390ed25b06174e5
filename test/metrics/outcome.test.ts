// How a command that threw is counted, the same through every door: refusals by rule (a door's own or
// the TV's) are `refused`, a run cut short is `partial` or `deadline`, each service failure its class, and
// anything else a bug.
import { AlexaApiError, type AlexaApiErrorKind } from '../../src/alexa/errors';
import { SmartHomeError } from '../../src/smarthome/errors';
import { DeviceCloudError, type DeviceCloudErrorKind } from '../../src/cloud/errors';
import { GoogleError, TokenRefused } from '../../src/google/errors';
import type { Outcome } from '../../src/metrics';
import { outcomeOf } from '../../src/outcome';
import { SetupInputError, SetupStepError } from '../../src/setup/errors';
import { StoreError } from '../../src/store/errors';
import { ChannelOutOfRange, InvalidStepCount, StepsCutShort, TooManySteps } from '../../src/tv/control';

const cloudError = (kind: DeviceCloudErrorKind) =>
  new DeviceCloudError(kind, { endpoint: 'POST /v1/devices/tv/control' });
const storeError = () => new StoreError('read the user', new Error('socket hang up'));
const alexaError = (kind: AlexaApiErrorKind) => new AlexaApiError(kind, 'login-with-amazon', 'the exchange failed');

const CLOUD_KINDS: DeviceCloudErrorKind[] = [
  'unauthorized',
  'not_found',
  'duplicate',
  'offline',
  'invalid_parameter',
  'device_state',
  'forbidden',
  'unavailable',
  'timeout',
  'malformed',
  'rejected',
];

const CASES: Array<[what: string, error: unknown, outcome: Outcome]> = [
  // Turned down by rule, before anything was done.
  ['a channel no button has', new ChannelOutOfRange(13), 'refused'],
  ['zero steps', new InvalidStepCount(0), 'refused'],
  ['more steps than one command sends', new TooManySteps(99), 'refused'],
  ['a smart-home refusal', new SmartHomeError('INVALID_DIRECTIVE', 'not supported'), 'refused'],
  ['a Google refusal', new GoogleError('deviceNotFound', "not this account's"), 'refused'],
  ['a bad setup field', new SetupInputError('tvName', 'tvName must be a string'), 'refused'],
  ['a setup step the world refused', new SetupStepError('list-plugins', 'no cloud plugin'), 'refused'],
  // Cut short: part done, or nothing by the deadline.
  ['a run cut short by a failed step', new StepsCutShort(2, 5, cloudError('offline')), 'partial'],
  ['a run cut short by the deadline after a step', new StepsCutShort(1, 3, 'deadline'), 'partial'],
  ['a run the deadline stopped before its first step', new StepsCutShort(0, 3, 'deadline'), 'deadline'],
  // Failed: each service's class.
  ...CLOUD_KINDS.map((kind): [string, unknown, Outcome] => [`the device cloud's ${kind}`, cloudError(kind), kind]),
  ["Google's refused token", new TokenRefused(), 'unauthorized'],
  ['the user table', storeError(), 'store'],
  ['Login with Amazon timing out', alexaError('timeout'), 'timeout'],
  ['the event gateway unavailable', alexaError('unavailable'), 'unavailable'],
  ...(
    ['grant-refused', 'client-refused', 'token-refused', 'skill-disabled', 'no-permission', 'message-refused'] as const
  ).map((kind): [string, unknown, Outcome] => [`Alexa's ${kind}`, alexaError(kind), 'rejected']),
  // A setup step keeps its cause's class.
  [
    'a setup step the device cloud failed',
    new SetupStepError('find-remote', 'offline', cloudError('offline')),
    'offline',
  ],
  ['a setup step the table failed', new SetupStepError('save-tv', 'the table is slow', storeError()), 'store'],
  [
    'a setup step that hit a bug',
    new SetupStepError('save-tv', 'unexpected failure', new TypeError('x is undefined')),
    'unexpected',
  ],
  // Anything else is a bug.
  ['a plain Error', new Error('boom'), 'unexpected'],
  ['a TypeError', new TypeError('x is undefined'), 'unexpected'],
  ['an Error with an outcome no class has', Object.assign(new Error('odd'), { outcome: 'fine' }), 'unexpected'],
  ['an object that is no Error', { outcome: 'refused' }, 'unexpected'],
  ['a thrown string', 'boom', 'unexpected'],
  ['undefined', undefined, 'unexpected'],
];

it.each(CASES.map(([what, error, outcome]) => ({ what, error, outcome })))(
  'outcomeOf counts $what as $outcome',
  ({ error, outcome }) => {
    expect(outcomeOf(error)).toBe(outcome);
  },
);
