import type { AccessToken } from './access-token.js';
import { emit } from './auth-events.js';
import { ConfigurationError, TokenRequestError } from './errors.js';
import { tokenFingerprint } from './redact.js';
import { type RequestTokenOptions, requestToken } from './request-token.js';
import { createMemoryTokenStore, type TokenStore } from './token-store.js';

/** Upper bound of the refresh margin: refresh at most this long before expiry. */
export const DEFAULT_REFRESH_MARGIN_S = 300;
/** The default margin is also at most this share of the token's lifetime. */
export const DEFAULT_REFRESH_MARGIN_RATIO = 0.1;

/** Options of {@link createTokenProvider}. */
export interface TokenProviderOptions extends Omit<RequestTokenOptions, 'signal'> {
  /**
   * Seconds before expiry at which the token is refreshed.
   * @default the smaller of 300 s and 10% of the token's lifetime
   */
  refreshMarginS?: number | undefined;
  /** Where the token is kept. @default an in-memory store */
  store?: TokenStore | undefined;
}

/** Hands out a valid access token, fetching or refreshing it as needed. */
export interface TokenProvider {
  /**
   * Resolves to a token that is valid now. Concurrent calls share one token request. Inside the
   * refresh margin it answers with the cached token and refreshes in the background; a failed
   * background refresh keeps serving the cached token until it expires.
   */
  getToken(options?: { signal?: AbortSignal }): Promise<AccessToken>;
  /**
   * Drops the cached token so the next {@link TokenProvider.getToken} fetches a new one. Given
   * the token that was rejected, it does so only if that is still the cached one, so a burst of
   * 401s for one stale token causes a single refresh.
   */
  invalidate(accessToken?: string): Promise<void>;
}

function refreshAt(token: AccessToken, marginS: number | undefined): number {
  const lifetimeMs = token.expiresIn * 1000;
  const marginMs =
    marginS === undefined
      ? Math.min(DEFAULT_REFRESH_MARGIN_S * 1000, lifetimeMs * DEFAULT_REFRESH_MARGIN_RATIO)
      : Math.min(marginS * 1000, lifetimeMs);
  return token.expiresAt - marginMs;
}

/**
 * Creates a {@link TokenProvider} for a private application's client credentials.
 *
 * @example
 * const provider = createTokenProvider(credentialsFromEnv());
 * const { accessToken } = await provider.getToken();
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const { store = createMemoryTokenStore(), refreshMarginS, ...requestOptions } = options;
  if (refreshMarginS !== undefined && !(Number.isFinite(refreshMarginS) && refreshMarginS >= 0)) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"refreshMarginS" must be a non-negative number of seconds',
    );
  }
  const now = options.now ?? Date.now;
  let inflight: Promise<AccessToken> | undefined;

  const fetchToken = (): Promise<AccessToken> => {
    inflight ??= (async () => {
      try {
        const token = await requestToken(requestOptions);
        await store.set(token);
        emit(options.onEvent, {
          type: 'token_acquired',
          expiresAt: token.expiresAt,
          tokenFingerprint: tokenFingerprint(token.accessToken),
        });
        return token;
      } finally {
        inflight = undefined;
      }
    })();
    return inflight;
  };

  const waitFor = (promise: Promise<AccessToken>, signal: AbortSignal | undefined) => {
    if (!signal) return promise;
    if (signal.aborted) return Promise.reject(aborted(signal));
    // The shared request goes on for the other waiters; only this caller stops waiting.
    return new Promise<AccessToken>((resolve, reject) => {
      const onAbort = () => reject(aborted(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  };

  return {
    async getToken({ signal } = {}) {
      const cached = await store.get();
      const at = now();
      if (cached && at < cached.expiresAt) {
        if (at >= refreshAt(cached, refreshMarginS) && !inflight) {
          fetchToken().catch((error: unknown) => {
            if (error instanceof TokenRequestError) {
              emit(options.onEvent, { type: 'refresh_failed', error, servingCachedToken: true });
            }
          });
        }
        return cached;
      }
      return waitFor(fetchToken(), signal);
    },

    async invalidate(accessToken) {
      const cached = await store.get();
      if (!cached || (accessToken !== undefined && cached.accessToken !== accessToken)) return;
      await store.set(undefined);
      emit(options.onEvent, {
        type: 'token_invalidated',
        tokenFingerprint: tokenFingerprint(cached.accessToken),
      });
    },
  };
}

function aborted(signal: AbortSignal): TokenRequestError {
  return new TokenRequestError('ABORTED', 'Waiting for a token was aborted by the caller', {
    cause: signal.reason,
  });
}
