// The TV models every new account offers unless the caller seeds its own.
import type { PresetSeed } from './types';

export const DEFAULT_PRESETS: PresetSeed[] = [
  { deviceId: 'TV-SHARP-0001', manufacturer: 'SHARP', typeName: 'AQUOS', makerCode: 1, typeCode: 1 },
  { deviceId: 'TV-PANASONIC-0001', manufacturer: 'Panasonic', typeName: 'VIERA', makerCode: 2, typeCode: 1 },
  { deviceId: 'TV-SONY-0001', manufacturer: 'SONY', typeName: 'BRAVIA', makerCode: 3, typeCode: 1 },
];

/** The two-character `type` code of a preset (its meaning is not shown; derived so it is stable). */
export function presetType(seed: PresetSeed): string {
  return String(seed.typeCode % 100).padStart(2, '0');
}

/** The preset list as the emulator answers it: grouped by maker, never at the top level. */
export function presetListBody(seeds: PresetSeed[]): { presetList: { maker: string; devices: unknown[] }[] } {
  const byMaker = new Map<string, unknown[]>();
  for (const seed of seeds) {
    const devices = byMaker.get(seed.manufacturer) ?? [];
    devices.push({ ...seed, type: presetType(seed) });
    byMaker.set(seed.manufacturer, devices);
  }
  return { presetList: [...byMaker].map(([maker, devices]) => ({ maker, devices })) };
}
