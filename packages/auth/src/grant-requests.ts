import {
  processRefreshableTokenResponse,
  type RefreshableToken,
} from './process-token-response.js';
import { type RequestTokenOptions, sendTokenRequest } from './request-token.js';

/** Options of {@link exchangeAuthorizationCode}: the app's credentials and the install's code. */
export interface ExchangeAuthorizationCodeOptions extends Omit<RequestTokenOptions, 'retry'> {
  /** The `code` the store sent to `redirectUri`. Single use. */
  code: string;
  /** The `redirect_uri` of the authorize request, exactly. */
  redirectUri: string;
}

/** Options of {@link refreshAccessToken}. */
export interface RefreshAccessTokenOptions extends Omit<RequestTokenOptions, 'retry'> {
  /** The store's current refresh token. Presented once: keep the one the answer carries. */
  refreshToken: string;
}

/**
 * Exchanges an install's authorization code for the store's first access and refresh token
 * (`grant_type=authorization_code`). Sent once, never retried: the code is single use. The code
 * and the secret never appear in an error.
 *
 * @example
 * const token = await exchangeAuthorizationCode({
 *   authUrl: 'https://acme.myikas.com',
 *   clientId: 'my-app',
 *   clientSecret: 'read-from-a-secret-manager',
 *   code: 'the-code-from-the-callback',
 *   redirectUri: 'https://app.example.com/callback',
 * });
 * console.log(token.scope, new Date(token.expiresAt));
 */
export function exchangeAuthorizationCode(
  options: ExchangeAuthorizationCodeOptions,
): Promise<RefreshableToken> {
  const { code, redirectUri, ...rest } = options;
  return sendTokenRequest(
    { ...rest, retry: false },
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    processRefreshableTokenResponse,
  );
}

/**
 * Trades a store's refresh token for a new access token and a new refresh token
 * (`grant_type=refresh_token`). Sent once, never retried: refresh tokens rotate, so a request
 * whose answer was lost may have spent it, and presenting it again would be refused as a reuse.
 * A spent or revoked one is an `OAUTH_ERROR` whose `error` is `invalid_grant`.
 *
 * @example
 * const next = await refreshAccessToken({
 *   authUrl: 'https://acme.myikas.com',
 *   clientId: 'my-app',
 *   clientSecret: 'read-from-a-secret-manager',
 *   refreshToken: 'the-stored-refresh-token',
 * });
 * // Store next.refreshToken at once: the one presented is spent.
 */
export function refreshAccessToken(options: RefreshAccessTokenOptions): Promise<RefreshableToken> {
  const { refreshToken, ...rest } = options;
  return sendTokenRequest(
    { ...rest, retry: false },
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    processRefreshableTokenResponse,
  );
}
