// The Echo's postal code from Alexa's Device Address API, read only with the user's permission; every
// failure reads as "not known" within a short timeout. Why: docs/architecture.md#device-address-file.
import type { RequestEnvelope } from 'ask-sdk-model';
import { isRecord } from '../../json';
import { exchange } from '../../outbound';
import { silentLogger, type Logger } from '../../log';
import { writtenPostalCode } from '../../text';
import { postalCodeDigits } from '../../tv/areas';

export const DEVICE_ADDRESS_TIMEOUT_MS = 1000;

/** Why no postal code came back: logged, never said (the user did not ask for it). */
export type PostalCodeOutcome =
  | { kind: 'found'; postalCode: string }
  | { kind: 'no-consent' | 'no-address' | 'not-japan' | 'unreadable' | 'failed' | 'timeout' };

export interface DeviceAddressOptions {
  timeoutMs?: number;
  logger?: Logger;
}

export class DeviceAddress {
  private readonly timeoutMs: number;
  private readonly logger: Logger;

  constructor(options: DeviceAddressOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEVICE_ADDRESS_TIMEOUT_MS;
    this.logger = options.logger ?? silentLogger;
  }

  /** The Echo's Japanese postal code as 060-0001, or undefined; never throws. */
  async postalCode(envelope: RequestEnvelope): Promise<string | undefined> {
    const outcome = await this.read(envelope);
    if (outcome === undefined) return undefined;
    this.logger.info('device address read', { outcome: outcome.kind });
    return outcome.kind === 'found' ? outcome.postalCode : undefined;
  }

  /** Undefined when the request shows no permission granted: then the API is not called at all. */
  async read(envelope: RequestEnvelope): Promise<PostalCodeOutcome | undefined> {
    const system = envelope.context?.System;
    const { apiEndpoint, apiAccessToken } = system ?? {};
    const deviceId = system?.device?.deviceId;
    // Alexa puts user.permissions (a consentToken) into requests only once the user granted one.
    if (!system?.user?.permissions || !apiEndpoint || !apiAccessToken || !deviceId) return undefined;
    const url = `${apiEndpoint.replace(/\/+$/, '')}/v1/devices/${encodeURIComponent(deviceId)}/settings/address/countryAndPostalCode`;
    try {
      const { status, text } = await exchange(url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${apiAccessToken}`, Accept: 'application/json' },
        timeoutMs: this.timeoutMs,
        maxBytes: 16 * 1024,
      });
      if (status === 403 || status === 401) return { kind: 'no-consent' };
      if (status === 204) return { kind: 'no-address' };
      if (status !== 200) return { kind: 'failed' };
      return readAddress(parseJson(text));
    } catch (e) {
      // Only the kind is kept: the request held the token.
      return { kind: (e as { kind?: unknown }).kind === 'timeout' ? 'timeout' : 'failed' };
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readAddress(body: unknown): PostalCodeOutcome {
  if (!isRecord(body)) return { kind: 'unreadable' };
  const { countryCode, postalCode } = body as { countryCode?: unknown; postalCode?: unknown };
  if (typeof postalCode !== 'string' || postalCode.trim() === '') return { kind: 'no-address' };
  if (typeof countryCode === 'string' && countryCode.trim() !== '' && countryCode.trim().toUpperCase() !== 'JP')
    return { kind: 'not-japan' };
  const digits = postalCodeDigits(postalCode);
  return digits === undefined ? { kind: 'unreadable' } : { kind: 'found', postalCode: writtenPostalCode(digits) };
}
