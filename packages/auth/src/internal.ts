/**
 * Helpers shared by the kit's own packages (`@admin-api/client`, `@admin-api/codegen`,
 * `@admin-api/redis`). Not public API: names and signatures here may change in any release.
 */
export { emit } from './auth-events.js';
export { backoffDelayMs, realMonotonicNow, realSetTimer, sleep } from './backoff.js';
export { describeJson } from './describe-json.js';
export {
  type EndpointUrlOptions,
  graphqlEndpointUrl,
  type SecureEndpointOptions,
  secureEndpointUrl,
  tokenEndpointUrl,
} from './endpoint-urls.js';
export { DEFAULT_ENV_FILE, loadEnvFile } from './env-file.js';
export { copyEnvSources, envVariableOf, withEnvSources } from './env-sources.js';
export { checkHosts, type HostSources } from './host-check.js';
export { isRecord } from './is-record.js';
export { onAbort } from './on-abort.js';
export {
  checkCount,
  checkDurationMs,
  checkFalseOrObject,
  checkOptionalBoolean,
  checkOptionalFunction,
  checkOptionalImplementation,
  checkOptionalSignal,
  checkPositiveInteger,
  MAX_TIMER_MS,
} from './option-checks.js';
export { MAX_ERROR_BODY_BYTES } from './process-token-response.js';
export { readBoundedBytes, readBoundedText } from './read-bounded.js';
export { type Env, missingEnvMessage, readEnvVars } from './read-env-vars.js';
export { bodyExcerpt, findSecret, redact, redactDeep, urlSecretForms } from './redact.js';
export { redactError } from './redact-error.js';
export { describeLocation } from './redirect-location.js';
export { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';
export {
  checkTokenStore,
  resolveTokenProviderConfig,
  type TokenProviderConfig,
  tokenProviderFromConfig,
} from './token-provider.js';
export {
  ENV_VARS,
  GRAPHQL_PATH,
  PRODUCTION_GRAPHQL_HOST,
  TOKEN_PATH,
} from './wire-constants.js';
