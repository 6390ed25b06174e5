// The cold start every voice Lambda (skill, smart home, Google) shares, so the three are wired one way:
// the environment read once, the device cloud's connection opened before anything else loads (its TCP and
// TLS round trips pass while the rest does), and the device cloud's client loaded between event-loop turns
// that let the handshake move on. Each composition root then loads its own door.
import type { DeviceCloud } from './cloud/client';
import { DEFAULT_TIMEOUT_MS, nextTurn, preconnect } from './cloud/connection';
import { optionalIntEnv, requireEnv } from './config';
import { jsonLogger, type Logger } from './log';

export interface VoiceLambda {
  tableName: string;
  logger: Logger;
  /** The device cloud's client, once loaded; the connection it will use is already opening. */
  deviceCloud: () => Promise<DeviceCloud>;
}

/** Reads the environment (a missing variable fails the init, by name) and opens the device cloud's connection. */
export function voiceLambda(fn: 'skill' | 'smarthome' | 'google'): VoiceLambda {
  const tableName = requireEnv('TABLE_NAME');
  const baseUrl = requireEnv('DEVICE_CLOUD_BASE_URL');
  const timeoutMs = optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', DEFAULT_TIMEOUT_MS);
  preconnect(baseUrl);
  return {
    tableName,
    logger: jsonLogger(undefined, { fn }),
    deviceCloud: async () => {
      await nextTurn();
      const { DeviceCloud } = await import('./cloud/client');
      await nextTurn();
      return new DeviceCloud({ baseUrl, timeoutMs });
    },
  };
}
