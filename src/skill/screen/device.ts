// Whether the Echo asking can show the keypad: it lists Alexa.Presentation.APL in supportedInterfaces
// with a runtime no older than the document. Amazon, "Alexa.Presentation.APL Interface Reference"
// (developer.amazon.com/en-US/docs/alexa/alexa-presentation-language/apl-interface.html): send
// RenderDocument only to a device whose request lists the interface; its `runtime.maxVersion` is the
// latest APL version the device supports. Read tolerantly: the envelope is untrusted input.
import { isRecord } from '../../json';

export const APL_INTERFACE = 'Alexa.Presentation.APL';

/** The device's APL runtime, or undefined when it lists none that reads. */
function aplMaxVersion(envelope: unknown): string | undefined {
  const system = isRecord(envelope) && isRecord(envelope['context']) ? envelope['context']['System'] : undefined;
  const device = isRecord(system) ? system['device'] : undefined;
  const interfaces = isRecord(device) ? device['supportedInterfaces'] : undefined;
  const apl = isRecord(interfaces) ? interfaces[APL_INTERFACE] : undefined;
  const runtime = isRecord(apl) ? apl['runtime'] : undefined;
  const version = isRecord(runtime) ? runtime['maxVersion'] : undefined;
  return typeof version === 'string' && parseVersion(version) !== undefined ? version : undefined;
}

/** True when the device shows documents of `version` (its maxVersion is that or newer). */
export function showsVersion(envelope: unknown, version: string): boolean {
  const max = aplMaxVersion(envelope);
  return max !== undefined && compareVersions(version, max) <= 0;
}

/**
 * APL versions are dotted numbers: 1.0 … 1.9, then 2022.1, 2023.3 (Amazon, "APL Versions"); compared part by
 * part as numbers, so 2023.1 is newer than 1.9.
 */
function compareVersions(a: string, b: string): number {
  const x = parseVersion(a) ?? [];
  const y = parseVersion(b) ?? [];
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

function parseVersion(v: string): number[] | undefined {
  return /^\d{1,4}(\.\d{1,4}){0,2}$/.test(v) ? v.split('.').map(Number) : undefined;
}

/** A touch on a document: the request its SendEvent commands send (touch.ts reads it). */
export const USER_EVENT = 'Alexa.Presentation.APL.UserEvent';

export function isUserEvent(envelope: unknown): boolean {
  return isRecord(envelope) && isRecord(envelope['request']) && envelope['request']['type'] === USER_EVENT;
}
