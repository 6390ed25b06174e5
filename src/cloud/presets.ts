// The preset list's shape is not public: find the entries by their `deviceId` wherever they sit,
// keep the labels that are present, and drop nothing else silently beyond duplicates.
import type { Preset } from './types';
import { isRecord, trimmedText } from '../json';

const MAX_DEPTH = 8;

export function readPresets(body: unknown): Preset[] {
  const found = new Map<string, Preset>();
  walk(body, 0, found);
  return [...found.values()];
}

function walk(node: unknown, depth: number, found: Map<string, Preset>): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, depth + 1, found);
    return;
  }
  if (!isRecord(node)) return;
  const preset = toPreset(node);
  if (preset) {
    if (!found.has(preset.deviceId)) found.set(preset.deviceId, preset);
    return;
  }
  for (const value of Object.values(node)) walk(value, depth + 1, found);
}

/**
 * Fields that may name the model, most specific first. The shape is not public (interface section 4.4):
 * whichever is there is read; a preset's `deviceName` is the name the device cloud gives the model.
 */
const MODEL_FIELDS = ['modelName', 'model', 'modelNumber', 'productName', 'deviceName', 'name'] as const;

function toPreset(o: Record<string, unknown>): Preset | undefined {
  const id = o.deviceId;
  const deviceId = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  if (deviceId === '') return undefined;
  const preset: Preset = { deviceId };
  const manufacturer = trimmedText(o.manufacturer);
  const typeName = trimmedText(o.typeName);
  const deviceName = trimmedText(o.deviceName);
  const makerCode = num(o.makerCode);
  const typeCode = num(o.typeCode);
  if (manufacturer) preset.manufacturer = manufacturer;
  if (typeName) preset.typeName = typeName;
  if (deviceName) preset.deviceName = deviceName;
  if (makerCode !== undefined) preset.makerCode = makerCode;
  if (typeCode !== undefined) preset.typeCode = typeCode;
  const modelName = MODEL_FIELDS.map((f) => trimmedText(o[f]) ?? numberText(o[f])).find((v) => v !== undefined);
  if (modelName) preset.modelName = modelName;
  return preset;
}

/** A model number sent as a number. */
function numberText(v: unknown): string | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
}
