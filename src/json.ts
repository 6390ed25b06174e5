// Reading JSON of unknown shape at the edges: the one test for "a plain object", shared by every layer.
export type JsonObject = Record<string, unknown>;

/** True for a JSON object: not null, not an array. */
export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a JSON object, else undefined, for reading nested fields tolerantly. */
export function asRecord(value: unknown): JsonObject | undefined {
  return isRecord(value) ? value : undefined;
}

/** The JSON object in `text`, or undefined for anything else (other JSON values, bad JSON, empty). */
export function parseJsonObject(text: string): JsonObject | undefined {
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}
