export type { AccessToken } from './access-token.js';
export type { AuthEvent, AuthEventListener } from './auth-events.js';
export type { SetTimer } from './backoff.js';
export { credentialsFromEnv } from './credentials-from-env.js';
export type { AdminApiErrorCode } from './error-codes.js';
export {
  AdminApiError,
  type AdminApiErrorDetails,
  ConfigurationError,
  type ConfigurationErrorCode,
  TokenRequestError,
  type TokenRequestErrorCode,
  type TokenRequestErrorDetails,
} from './errors.js';
export {
  type ExchangeAuthorizationCodeOptions,
  exchangeAuthorizationCode,
  type RefreshAccessTokenOptions,
  refreshAccessToken,
} from './grant-requests.js';
export {
  type ProcessTokenResponseOptions,
  processRefreshableTokenResponse,
  processTokenResponse,
  type RefreshableToken,
} from './process-token-response.js';
export type { Env } from './read-env-vars.js';
export {
  type ClientCredentials,
  DEFAULT_TOKEN_RETRIES,
  DEFAULT_TOKEN_TIMEOUT_MS,
  type RequestTokenOptions,
  requestToken,
  type TokenRetryOptions,
} from './request-token.js';
export {
  createTokenProvider,
  DEFAULT_REFRESH_MARGIN_RATIO,
  DEFAULT_REFRESH_MARGIN_S,
  type TokenProvider,
  type TokenProviderOptions,
} from './token-provider.js';
export {
  createMemoryTokenStore,
  type RefreshTurn,
  type RefreshTurnRequest,
  type TokenStore,
} from './token-store.js';
