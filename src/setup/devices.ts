// Recognising devices in an availability search: the IR learning remote, and the TVs registered on it.
// The search lists devices whether or not they are registered, so these rules are all we can go by.
import type { Device } from '../cloud/types';

const REMOTE_SCOPE = 'remotecontroller';

export function isIrRemote(device: Device): boolean {
  return device.scopes.some((s) => s.toLowerCase() === REMOTE_SCOPE);
}

/**
 * The serviceId stem of TVs registered on a remote: `<prefix>-base-<id>` -> `<prefix>-remote-<id>-`.
 * Undefined when the remote's serviceId is not of the documented form.
 */
export function tvServiceStem(remoteServiceId: string): string | undefined {
  const at = remoteServiceId.indexOf('-base-');
  const id = at > 0 ? remoteServiceId.slice(at + '-base-'.length) : '';
  return id === '' ? undefined : `${remoteServiceId.slice(0, at)}-remote-${id}-`;
}

export function tvsOnRemote(devices: Device[], remoteServiceId: string): Device[] {
  const stem = tvServiceStem(remoteServiceId);
  return stem === undefined ? [] : devices.filter((d) => d.serviceId.startsWith(stem));
}

/**
 * The TV device for a TV registered on the remote: by serviceId, else by name among the remote's TVs.
 * Never just "some TV of the remote": with several TVs that would be another one.
 */
export function findTvDevice(
  devices: Device[],
  remoteServiceId: string,
  tv: { serviceId?: string; deviceName?: string },
): Device | undefined {
  const bySid = tv.serviceId === undefined ? undefined : devices.find((d) => d.serviceId === tv.serviceId);
  if (bySid) return bySid;
  return tvsOnRemote(devices, remoteServiceId).find((d) => d.deviceName === tv.deviceName);
}
