// Every failure becomes a Smart Home error type here, and only here (like openHAB's AlexaError.from), by
// one converter that never throws: device-cloud failures by kind and code, domain refusals, problems with
// the directive itself (SmartHomeError, the door's own refusals).
import { isDeviceCloudError, type DeviceCloudError } from '../cloud/errors';
import { StationElsewhere, UnknownChannelName } from '../tv/channels';
import { ChannelOutOfRange, InvalidStepCount, StepsCutShort, TooManySteps } from '../tv/control';
import type { ErrorPayload, ErrorType } from '../alexa/messages';
import { Refusal } from '../outcome';

/** A refusal the smart-home door decides itself (bad directive, unknown endpoint, unsupported request). */
export class SmartHomeError extends Refusal {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly extra: Omit<ErrorPayload, 'type' | 'message'> = {},
  ) {
    super(message);
    this.name = 'SmartHomeError';
  }
}

/** The error payload for anything a directive's handling threw. Messages never hold a token. */
export function errorPayloadFrom(e: unknown): ErrorPayload {
  if (e instanceof SmartHomeError) return { type: e.type, message: e.message, ...e.extra };
  if (e instanceof ChannelOutOfRange) {
    return {
      type: 'VALUE_OUT_OF_RANGE',
      message: `channel ${e.channel} is not one of the remote's channel buttons ${e.min} to ${e.max}`,
      validRange: { minimumValue: e.min, maximumValue: e.max },
    };
  }
  if (e instanceof UnknownChannelName) {
    const asked = `"${e.said.slice(0, 40)}"`;
    return {
      type: 'INVALID_VALUE',
      message:
        e.known.length === 0
          ? `channel ${asked} is a name, and this TV has no channel names: run setup with an area or channels, or ask for a channel number from 1 to 12`
          : `no channel named ${asked}; known: ${e.known
              .map((k) => k.name)
              .join(', ')
              .slice(0, 300)}`,
    };
  }
  if (e instanceof StationElsewhere) {
    const { station } = e;
    return {
      type: 'INVALID_VALUE',
      message:
        `channel "${e.said.slice(0, 40)}" is not broadcast in ${station.here.name}: ${station.name} is a station of ` +
        `${station.prefectures
          .map((p) => p.name)
          .join(', ')
          .slice(0, 200)}; the channel was not changed`,
    };
  }
  if (e instanceof InvalidStepCount) return { type: 'INVALID_VALUE', message: `${e.count} is not a number of steps` };
  if (e instanceof TooManySteps) {
    // Alexa speaks validRange to the user ("can only be set between …"): the count of steps in the
    // direction asked, 1 to the limit, whichever sign the directive carried. Nothing was sent.
    return {
      type: 'VALUE_OUT_OF_RANGE',
      message: `${e.count} steps is more than one command sends (at most ${e.max}); nothing was sent`,
      validRange: { minimumValue: 1, maximumValue: e.max },
    };
  }
  if (e instanceof StepsCutShort) {
    const type = e.stoppedBy === 'deadline' ? 'ENDPOINT_UNREACHABLE' : typeFor(e.stoppedBy);
    const why =
      e.stoppedBy === 'deadline'
        ? 'the device cloud could not finish within the time Alexa allows'
        : messageFor(e.stoppedBy);
    return { type, message: e.done === 0 ? why : `only ${e.done} of ${e.requested} steps were sent: ${why}` };
  }
  if (isDeviceCloudError(e)) return { type: typeFor(e), message: messageFor(e) };
  return { type: 'INTERNAL_ERROR', message: 'an unexpected error occurred' };
}

function typeFor(e: DeviceCloudError): ErrorType {
  switch (e.kind) {
    case 'unauthorized':
      return e.errorCode === 12 ? 'EXPIRED_AUTHORIZATION_CREDENTIAL' : 'INVALID_AUTHORIZATION_CREDENTIAL';
    // errorCode 7 is the device not answering behind a reachable cloud; result 300.. is the gateway.
    case 'offline':
      return e.errorCode === 7 ? 'ENDPOINT_UNREACHABLE' : 'BRIDGE_UNREACHABLE';
    case 'timeout':
      return 'ENDPOINT_UNREACHABLE';
    case 'not_found':
      return 'NO_SUCH_ENDPOINT';
    case 'invalid_parameter':
      return 'INVALID_VALUE';
    case 'forbidden':
      return 'INSUFFICIENT_PERMISSIONS';
    // The device cloud is the bridge between Alexa and the TV: when it is down, the bridge is. An answer
    // no one can read (a 200 with a proxy's page, nothing, or `null`) is down too, as the skill door says.
    case 'unavailable':
    case 'malformed':
      return 'BRIDGE_UNREACHABLE';
    default:
      return 'INTERNAL_ERROR';
  }
}

const MESSAGES: Record<ErrorType, string> = {
  BRIDGE_UNREACHABLE: 'the device cloud or the home gateway cannot be reached',
  ENDPOINT_UNREACHABLE: 'the IR remote did not answer in time',
  EXPIRED_AUTHORIZATION_CREDENTIAL: 'the linked device-cloud token has expired',
  INSUFFICIENT_PERMISSIONS: 'the device-cloud account may not control this TV',
  INTERNAL_ERROR: 'the device cloud refused the request',
  INVALID_AUTHORIZATION_CREDENTIAL: 'the device cloud rejected the linked token',
  INVALID_DIRECTIVE: 'the directive is not supported',
  INVALID_VALUE: 'the remote could not send that command (the button may not be learned)',
  NO_SUCH_ENDPOINT: 'the device cloud does not know this TV any more; run setup again',
  NOT_SUPPORTED_IN_CURRENT_MODE: 'not supported',
  VALUE_OUT_OF_RANGE: 'value out of range',
};

/** Our words, then the call that failed and its codes (never the service's text, which may echo input). */
function messageFor(e: DeviceCloudError): string {
  const codes = [
    e.status === undefined ? undefined : `HTTP ${e.status}`,
    e.result === undefined ? undefined : `result ${e.result}`,
    e.errorCode === undefined ? undefined : `errorCode ${e.errorCode}`,
  ].filter((s): s is string => s !== undefined);
  return `${MESSAGES[typeFor(e)]} (${[e.endpoint, ...codes].join(', ')})`;
}
