import { AuthConfigError } from './errors.js';
import type { ClientCredentials } from './request-token.js';

/** The environment variables {@link credentialsFromEnv} reads. */
export const AUTH_ENV_VARS = {
  authUrl: 'ADMIN_API_AUTH_URL',
  clientId: 'ADMIN_API_CLIENT_ID',
  clientSecret: 'ADMIN_API_CLIENT_SECRET',
} as const;

/**
 * Reads the client credentials from `ADMIN_API_AUTH_URL`, `ADMIN_API_CLIENT_ID` and
 * `ADMIN_API_CLIENT_SECRET`. Throws one {@link AuthConfigError} (`MISSING_ENV`) naming every
 * missing or empty variable.
 *
 * @example
 * const provider = createTokenProvider(credentialsFromEnv());
 */
export function credentialsFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ClientCredentials {
  const read = (name: string) => env[name]?.trim() ?? '';
  const values = {
    authUrl: read(AUTH_ENV_VARS.authUrl),
    clientId: read(AUTH_ENV_VARS.clientId),
    clientSecret: read(AUTH_ENV_VARS.clientSecret),
  };
  const missing = (Object.keys(values) as (keyof typeof values)[])
    .filter((key) => values[key] === '')
    .map((key) => AUTH_ENV_VARS[key]);
  if (missing.length > 0) {
    throw new AuthConfigError(
      'MISSING_ENV',
      `Missing environment variable${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ` +
        'Set them in the environment or a .env file (see .env.example); the secret belongs in a secret manager, not in code.',
      missing,
    );
  }
  return values;
}
