// A registration that may already have happened (a run that crashed before its checkpoint).
import { isDeviceCloudError } from '../cloud/errors';

/**
 * Runs a registration; true when the cloud says it already exists. Callers pick names no other device
 * holds, so "duplicate" can only mean this very device.
 */
export async function registerOnce(register: () => Promise<unknown>): Promise<boolean> {
  try {
    await register();
    return false;
  } catch (e) {
    if (isDeviceCloudError(e, 'duplicate')) return true;
    throw e;
  }
}
