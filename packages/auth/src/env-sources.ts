/**
 * Which option values were read from which environment variable, so that a refusal can name the
 * variable the user set (`ADMIN_API_AUTH_URL`) rather than an option they never wrote (`authUrl`).
 * Kept beside the options object, not on it: the object stays exactly what the caller sees, and a
 * copy of it (`{ ...credentialsFromEnv(), store }`) is named by its options, as before.
 */
const sources = new WeakMap<object, ReadonlyMap<string, EnvSource>>();

interface EnvSource {
  readonly variable: string;
  /** The value read, so an option the caller changed afterwards is no longer put down to it. */
  readonly value: string;
}

/** The secret is never refused once it is set (only an empty one is, as missing): no copy is kept. */
const UNRECORDED = new Set(['clientSecret']);

/**
 * Records that `options[key]` was read from the variable `names[key]`, for each key of `names`
 * that `options` holds, and returns `options`.
 */
export function withEnvSources<T extends object>(
  options: T,
  names: Readonly<Partial<Record<string, string>>>,
): T {
  const recorded = new Map<string, EnvSource>();
  for (const [key, variable] of Object.entries(names)) {
    const value: unknown = (options as Record<string, unknown>)[key];
    if (variable && typeof value === 'string' && !UNRECORDED.has(key))
      recorded.set(key, { variable, value });
  }
  sources.set(options, recorded);
  return options;
}

/** Carries the sources recorded for `from` over to `to`, a new object built from it. */
export function copyEnvSources<T extends object>(from: object, to: T): T {
  const recorded = sources.get(from);
  if (recorded) sources.set(to, recorded);
  return to;
}

/** The variable `options[key]` was read from, while it still holds the value read. */
export function envVariableOf(options: object, key: string): string | undefined {
  const source = sources.get(options)?.get(key);
  return source && (options as Record<string, unknown>)[key] === source.value
    ? source.variable
    : undefined;
}
