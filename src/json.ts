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

/** The JSON value in `text`, or undefined for bad JSON, an empty text or no text at all. */
export function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON object in `text`, or undefined for anything else (other JSON values, bad JSON, empty). */
export function parseJsonObject(text: string): JsonObject | undefined {
  return asRecord(parseJson(text));
}

/** `value` when it is a non-empty string, else undefined. */
export function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `value` trimmed when it is a string with more than spaces, else undefined. */
export function trimmedText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
