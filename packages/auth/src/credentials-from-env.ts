import { withEnvSources } from './env-sources.js';
import { ConfigurationError } from './errors.js';
import { type Env, missingEnvMessage, readEnvVars } from './read-env-vars.js';
import type { ClientCredentials } from './request-token.js';
import { AUTH_ENV_VARS } from './wire-constants.js';

/**
 * Reads the client credentials from `ADMIN_API_AUTH_URL`, `ADMIN_API_CLIENT_ID` and
 * `ADMIN_API_CLIENT_SECRET` in `env` (`process.env`; no `.env` file is read: start Node with
 * `--env-file=.env` to load one). Throws one {@link ConfigurationError} (`MISSING_ENV`) naming every
 * missing or empty variable. A value refused later by `createTokenProvider` or `requestToken` is
 * named by its variable (`ADMIN_API_AUTH_URL must be an absolute https:// URL (got "…"); it sets
 * authUrl`) when they are given the object returned here; a copy of it is named by its options.
 *
 * @example
 * const provider = createTokenProvider(credentialsFromEnv());
 */
export function credentialsFromEnv(env: Env = process.env): ClientCredentials {
  const { values, missing } = readEnvVars(AUTH_ENV_VARS, env);
  if (missing.length > 0)
    throw new ConfigurationError(
      'MISSING_ENV',
      missingEnvMessage(
        missing,
        // It reads `env` alone: pointing at a .env file it ignores sent users to the wrong fix.
        'in the environment: credentialsFromEnv reads no .env file (load one with `node --env-file=.env`)',
      ),
      { missing },
    );
  return withEnvSources(values as ClientCredentials, AUTH_ENV_VARS);
}
