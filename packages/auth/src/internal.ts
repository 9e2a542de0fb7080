/**
 * Helpers shared by the kit's own packages (`@admin-api/client`, `@admin-api/codegen`,
 * `@admin-api/redis`). Not public API: names and signatures here may change in any release.
 */
export { emit } from './auth-events.js';
export { type BackoffOptions, backoffDelayMs, sleep } from './backoff.js';
export { redactError } from './errors.js';
export { type Env, missingEnvMessage, readEnvVars } from './read-env-vars.js';
export { bodyExcerpt, redact, tokenFingerprint } from './redact.js';
export {
  isLoopbackHost,
  type SecureEndpointOptions,
  secureEndpointUrl,
  tokenEndpointUrl,
} from './token-endpoint-url.js';
export { AUTH_ENV_VARS, ENV_VARS, GRAPHQL_PATH, TOKEN_PATH } from './wire-constants.js';
