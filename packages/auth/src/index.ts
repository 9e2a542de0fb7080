export type { AccessToken } from './access-token.js';
export type { AuthEvent, AuthEventListener } from './auth-events.js';
export { type BackoffOptions, backoffDelayMs, sleep } from './backoff.js';
export { AUTH_ENV_VARS, credentialsFromEnv } from './credentials-from-env.js';
export {
  AdminAuthError,
  AuthConfigError,
  type AuthConfigErrorCode,
  TokenRequestError,
  type TokenRequestErrorCode,
  type TokenRequestErrorDetails,
} from './errors.js';
export {
  type ProcessTokenResponseOptions,
  processTokenResponse,
} from './process-token-response.js';
export { type Env, missingEnvMessage, readEnvVars } from './read-env-vars.js';
export { bodyExcerpt, redact, tokenFingerprint } from './redact.js';
export {
  type ClientCredentials,
  DEFAULT_TOKEN_RETRIES,
  DEFAULT_TOKEN_TIMEOUT_MS,
  type RequestTokenOptions,
  requestToken,
  type TokenRetryOptions,
} from './request-token.js';
export {
  isLoopbackHost,
  type SecureEndpointOptions,
  secureEndpointUrl,
  TOKEN_PATH,
  tokenEndpointUrl,
} from './token-endpoint-url.js';
export {
  createTokenProvider,
  DEFAULT_REFRESH_MARGIN_RATIO,
  DEFAULT_REFRESH_MARGIN_S,
  type TokenProvider,
  type TokenProviderOptions,
} from './token-provider.js';
export { createMemoryTokenStore, type TokenStore } from './token-store.js';
