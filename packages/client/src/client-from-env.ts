import { ConfigurationError } from '@admin-api/auth';
import {
  DEFAULT_ENV_FILE,
  ENV_VARS,
  loadEnvFile,
  missingEnvMessage,
  readEnvVars,
  withEnvSources,
} from '@admin-api/auth/internal';
import {
  type AdminClient,
  type ClientFleetOptions,
  type ClientTokenOptions,
  createAdminClient,
} from './admin-client.js';
import type { AdminClientBaseOptions } from './client-config.js';

/** Options of {@link createAdminClientFromEnv}: anything given here wins over the environment. */
export type AdminClientFromEnvOptions = Partial<AdminClientBaseOptions> &
  Partial<ClientTokenOptions> &
  ClientFleetOptions & {
    /** Where to read variables from. @default process.env */
    env?: Readonly<Record<string, string | undefined>>;
    /**
     * A `.env` file loaded into `process.env` first, as codegen does: variables already set win;
     * relative to the working directory; no error when it does not exist. `false` reads none.
     * Ignored when `env` is given: that object is then the only source.
     * @default '.env'
     * @example createAdminClientFromEnv({ envFile: 'config/admin-api.env' })
     */
    envFile?: string | false;
  };

/**
 * Creates a client from `ADMIN_API_BASE_URL`, `ADMIN_API_AUTH_URL`, `ADMIN_API_CLIENT_ID` and
 * `ADMIN_API_CLIENT_SECRET`, from the environment or `.env` in the working directory (the same
 * rule as `admin-api codegen`). Nothing is read until the client is first used (its first
 * `request`, or a read of `endpoint` or `tokenProvider`), so a module may create it when it is
 * imported, as in a build that has no secrets (`next build`). That first use then fails with
 * one {@link ConfigurationError} (`MISSING_ENV`) naming every missing variable, and the next one
 * reads the environment again; a value refused (`INVALID_OPTION`, `INSECURE_URL`) is named by
 * its variable, e.g. `ADMIN_API_BASE_URL must use https: (got ftp:); it sets baseUrl`.
 *
 * @example
 * const client = createAdminClientFromEnv({ timeoutMs: 10_000 });
 * // Every process of the app shares one token and one rate budget:
 * const fleet = createRedisFleet({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
 * const pooled = createAdminClientFromEnv({ fleet });
 */
export function createAdminClientFromEnv(overrides: AdminClientFromEnvOptions = {}): AdminClient {
  let client: AdminClient | undefined;
  // A failed read leaves nothing behind: the next use reads the environment again.
  const resolve = () => {
    client ??= clientFromEnv(overrides);
    return client;
  };
  const request = (...args: Parameters<AdminClient['request']>) => {
    try {
      return resolve().request(...args);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    request: request as AdminClient['request'],
    get endpoint() {
      return resolve().endpoint;
    },
    get tokenProvider() {
      return resolve().tokenProvider;
    },
  };
}

/** {@link createAdminClientFromEnv}'s work, done at the client's first use. */
function clientFromEnv(overrides: AdminClientFromEnvOptions): AdminClient {
  const { env, envFile = DEFAULT_ENV_FILE, ...options } = overrides;
  if (!env && envFile !== false) loadEnvFile(envFile);
  const { values, missing } = readEnvVars(ENV_VARS, env ?? process.env, options);
  if (missing.length > 0) {
    // Point only at the file that was read, if any.
    const from = env
      ? 'in the env object given (no .env file is read when env is given)'
      : envFile === false
        ? 'in the environment (envFile: false reads no .env file)'
        : envFile === DEFAULT_ENV_FILE
          ? undefined
          : `in the environment or ${envFile} (see .env.example)`;
    throw new ConfigurationError('MISSING_ENV', missingEnvMessage(missing, from), { missing });
  }
  const { baseUrl, authUrl, clientId, clientSecret } = values as Record<
    keyof typeof values,
    string
  >;
  // A value refused later is named by the variable it came from; an override by its option.
  const fromEnv = Object.fromEntries(
    Object.entries(ENV_VARS).filter(
      ([option]) => options[option as keyof typeof ENV_VARS] === undefined,
    ),
  );
  return createAdminClient(
    withEnvSources({ ...options, baseUrl, authUrl, clientId, clientSecret }, fromEnv),
  );
}
