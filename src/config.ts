// Environment reading for the composition roots: a missing variable names itself.
/** The variable's value, trimmed; undefined when it is unset or blank. */
export function optionalEnv(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[name]?.trim() || undefined;
}

export function requireEnv(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = optionalEnv(name, env);
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

export function optionalIntEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = optionalEnv(name, env);
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`environment variable ${name} must be a positive integer, got "${raw}"`);
  return n;
}
