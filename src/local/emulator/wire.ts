// The wire forms the emulator answers in (docs/architecture.md, "How the emulator answers"):
// engine form `{result: code, error: {code, message}}` and Device Connect form `{result: 1, errorCode, errorMessage}`.
import { STATUS_CODES } from 'node:http';
import type { EmulatedFailure, FailureReason } from './failure';
import { PLUGIN_VERSION } from './state';

export const PRODUCT = 'IoT access control engine';
/** Control calls answer with the device-control component's version, not the plugin's. */
export const CONTROL_VERSION = '2.1.4';

/** Management paths answer in the engine form, device paths in the Device Connect form. */
export type WireForm = 'management' | 'device';

export interface Reply {
  status: number;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as text/plain, when `json` is absent. */
  text?: string;
  headers?: Record<string, string>;
}

export function managementOk(fields: Record<string, unknown>): Reply {
  return { status: 200, json: { result: 0, error: null, ...fields } };
}

export function deviceOk(version: string, fields: Record<string, unknown> = {}): Reply {
  return { status: 200, json: { result: 0, product: PRODUCT, statusCode: '200', version, ...fields } };
}

export function engineError(code: number, message: string, status = statusForResult(code)): Reply {
  return { status, json: { result: code, error: { code, message } } };
}

export function deviceError(
  errorCode: number,
  message: string,
  status = statusForErrorCode(errorCode),
  result = 1,
): Reply {
  return { status, json: { result, errorCode, errorMessage: message } };
}

export function plainStatus(status: number): Reply {
  return { status, text: STATUS_CODES[status] ?? 'Unknown' };
}

/** A failure's engine result code on a management path; any other reason is 400. */
const ENGINE_RESULT: Partial<Record<FailureReason, number>> = { unknown: 100, duplicate: 200, offline: 300 };

/** A failure's Device Connect errorCode on a device path (a duplicate is the engine's code: below). */
const DEVICE_ERROR_CODE: Record<Exclude<FailureReason, 'duplicate'>, number> = {
  unknown: 6,
  offline: 7,
  missing_id: 5,
  state: 16,
  invalid: 10,
};

export function failureReply(form: WireForm, failure: EmulatedFailure): Reply {
  const { reason, message } = failure;
  if (form === 'management') return engineError(ENGINE_RESULT[reason] ?? 400, message);
  if (reason !== 'duplicate') return deviceError(DEVICE_ERROR_CODE[reason], message);
  // A registration refusal on a device path: the engine's duplicate code inside the device envelope.
  const reply = engineError(200, message);
  return {
    ...reply,
    json: { ...(reply.json as object), product: PRODUCT, statusCode: String(reply.status), version: PLUGIN_VERSION },
  };
}

/** HTTP status beside an engine result code (architecture table: 400 / 404 / 409). */
export function statusForResult(code: number): number {
  if (code === 100) return 404;
  if (code === 200) return 409;
  return 400;
}

/** HTTP status beside a Device Connect errorCode (architecture table: 400 / 404 / 504, 401, 405). */
export function statusForErrorCode(code: number): number {
  switch (code) {
    case 2:
    case 6:
      return 404;
    case 3:
      return 405;
    case 7:
      return 504;
    case 11:
    case 12:
    case 13:
      return 401;
    case 14:
    case 21:
    case 22:
      return 403;
    case 1:
    case 17:
      return 500;
    default:
      return 400;
  }
}
