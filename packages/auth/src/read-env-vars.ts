/** Environment variables, as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

// `NoInfer<T>` as TypeScript before 5.4 can read it: this file's types are published, and
// consumers compiling with `skipLibCheck: false` on TypeScript 5.0–5.3 would fail on `NoInfer`.
type NoInference<T> = [T][T extends unknown ? 0 : never];

/**
 * Reads variables by key (`{ authUrl: 'ADMIN_API_AUTH_URL' }`), trimmed; a value in `given` wins
 * over the environment. `missing` names every variable still empty, in the order of `names`.
 */
export function readEnvVars<K extends string>(
  names: Readonly<Record<K, string>>,
  env: Env = process.env,
  given: Partial<Record<NoInference<K>, string | undefined>> = {},
): { values: Partial<Record<K, string>>; missing: string[] } {
  const values: Partial<Record<K, string>> = {};
  const missing: string[] = [];
  for (const key of Object.keys(names) as K[]) {
    const value = given[key] ?? env[names[key]]?.trim();
    if (value) values[key] = value;
    else missing.push(names[key]);
  }
  return { values, missing };
}

/** Where the variables can come from, for a reader that loads a `.env` file itself. */
const FROM_ENV_OR_FILE = 'in the environment or a .env file (see .env.example)';

/**
 * "Missing environment variables A, B. Set them …", the message every package uses; `from` says
 * where they can be set, for a reader that does not load `.env` itself.
 */
export function missingEnvMessage(
  missing: readonly string[],
  from: string = FROM_ENV_OR_FILE,
): string {
  return (
    `Missing environment variable${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ` +
    `Set them ${from}; keep the secret in a secret manager, not in code.`
  );
}
