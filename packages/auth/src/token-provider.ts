import type { AccessToken } from './access-token.js';
import { emit } from './auth-events.js';
import { backoffDelayMs, realMonotonicNow } from './backoff.js';
import { copyEnvSources } from './env-sources.js';
import { ConfigurationError, TokenRequestError } from './errors.js';
import { onAbort } from './on-abort.js';
import { checkOptionalImplementation } from './option-checks.js';
import { tokenFingerprint } from './redact.js';
import {
  type RequestTokenOptions,
  requestToken,
  resolveTokenRequestConfig,
  type TokenRequestConfig,
} from './request-token.js';
import { createMemoryTokenStore, type RefreshTurn, type TokenStore } from './token-store.js';

/** Upper bound of the refresh margin: refresh at most this long before expiry. */
export const DEFAULT_REFRESH_MARGIN_S = 300;
/** The default margin is also at most this share of the token's lifetime. */
export const DEFAULT_REFRESH_MARGIN_RATIO = 0.1;
/** Any margin, configured or not, is at most this share of the lifetime. */
const MAX_REFRESH_MARGIN_RATIO = 0.5;
/**
 * The final window before expiry in which callers wait for the new token instead of taking the
 * old one: the smaller of this and half the margin.
 */
const FINAL_WINDOW_S = 30;
/** Backoff between failed refreshes while the cached token is still valid. */
const REFRESH_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 60_000 } as const;
const STORE_METHODS = ['get', 'set'] satisfies (keyof TokenStore)[];
const OPTIONAL_STORE_METHODS = ['compareAndDelete', 'refreshTurn'] satisfies (keyof TokenStore)[];

/** Options of {@link createTokenProvider}. */
export interface TokenProviderOptions extends Omit<RequestTokenOptions, 'signal'> {
  /**
   * Seconds before expiry at which the token is refreshed; at most half the token's lifetime.
   * @default the smaller of 300 s and 10% of the token's lifetime
   */
  refreshMarginS?: number | undefined;
  /** Where the token is kept. @default an in-memory store */
  store?: TokenStore | undefined;
  /**
   * Clock the provider's waits are measured on: the backoff after failed refreshes, and each
   * request's time budget. Only differences of it are used, so it must not jump when the wall
   * clock is set.
   * @default performance.now; for the backoff, `now` when only `now` is given (a test's clock
   * then drives the backoff as it drives expiry)
   */
  monotonicNow?: (() => number) | undefined;
}

/** Hands out a valid access token, fetching or refreshing it as needed. */
export interface TokenProvider {
  /**
   * Resolves to a token that is valid now. Concurrent calls share one token request. Inside the
   * refresh margin it answers with the cached token and refreshes in the background; in the
   * final window before expiry it waits for the new token. A failed refresh keeps serving the
   * cached token until it expires, and is tried again only after a backoff.
   */
  getToken(options?: { signal?: AbortSignal }): Promise<AccessToken>;
  /**
   * Drops the cached token so the next {@link TokenProvider.getToken} fetches a new one. Given
   * the token that was rejected, it does so only if that is still the cached one, so a burst of
   * 401s for one stale token causes a single refresh.
   */
  invalidate(accessToken?: string): Promise<void>;
}

/** When to start refreshing a token, and when to stop handing it out without a refresh. */
function refreshWindows(
  token: AccessToken,
  marginS: number | undefined,
): { refreshAt: number; waitAt: number } {
  const lifetimeMs = token.expiresIn * 1000;
  const wantedMs =
    marginS === undefined
      ? Math.min(DEFAULT_REFRESH_MARGIN_S * 1000, lifetimeMs * DEFAULT_REFRESH_MARGIN_RATIO)
      : marginS * 1000;
  // A margin as long as the lifetime would make every call a token request.
  const marginMs = Math.min(wantedMs, lifetimeMs * MAX_REFRESH_MARGIN_RATIO);
  const finalMs = Math.min(FINAL_WINDOW_S * 1000, marginMs / 2);
  return { refreshAt: token.expiresAt - marginMs, waitAt: token.expiresAt - finalMs };
}

/** {@link TokenProviderOptions} checked, with what the provider needs resolved. */
export interface TokenProviderConfig {
  /** What each token request is sent with, checked: {@link TokenProviderConfig.request}. */
  readonly requestOptions: Omit<RequestTokenOptions, 'signal'>;
  /** The token endpoint and the time budget of a request (also the longest wait for a turn). */
  readonly request: TokenRequestConfig;
  readonly refreshMarginS: number | undefined;
  /** `undefined` for an in-memory store. */
  readonly store: TokenStore | undefined;
}

/** A store is used at the first call: one without `get` and `set` must fail at creation instead. */
export function checkTokenStore(store: unknown): void {
  checkOptionalImplementation('store', store, STORE_METHODS, OPTIONAL_STORE_METHODS);
}

/**
 * Checks the options of {@link createTokenProvider} as it does, for code that must refuse bad
 * options before it creates the provider; {@link tokenProviderFromConfig} then creates it.
 */
export function resolveTokenProviderConfig(options: TokenProviderOptions): TokenProviderConfig {
  const { refreshMarginS, store, ...requestOptions } = options;
  checkTokenStore(store);
  if (refreshMarginS !== undefined && !(Number.isFinite(refreshMarginS) && refreshMarginS >= 0)) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"refreshMarginS" must be a non-negative number of seconds',
    );
  }
  return {
    requestOptions,
    request: resolveTokenRequestConfig(copyEnvSources(options, requestOptions)),
    refreshMarginS,
    store,
  };
}

/**
 * Creates a {@link TokenProvider} for a private application's client credentials. Options are
 * checked here, so a mistake fails at creation, not at the first call. With a shared
 * {@link TokenStore} that implements `refreshTurn`, one process of the fleet fetches and the
 * others wait for its token.
 *
 * @example
 * const provider = createTokenProvider(credentialsFromEnv());
 * const { accessToken } = await provider.getToken();
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  return tokenProviderFromConfig(resolveTokenProviderConfig(options));
}

/** {@link createTokenProvider} for options already checked by {@link resolveTokenProviderConfig}. */
export function tokenProviderFromConfig(config: TokenProviderConfig): TokenProvider {
  const { requestOptions, refreshMarginS } = config;
  const { timeoutMs } = config.request;
  const store = config.store ?? createMemoryTokenStore();
  const now = requestOptions.now ?? Date.now;
  // The backoff's clock. A `now` given alone keeps driving it, as it did before the two clocks
  // were apart: tests step it to end a backoff. Requests get `monotonicNow` only when given.
  const monotonicNow =
    requestOptions.monotonicNow ??
    (requestOptions.now === undefined ? realMonotonicNow : requestOptions.now);
  const { onEvent } = requestOptions;
  let inflight: Flight | undefined;
  // Consecutive failed token requests, the last failure, and the time (on `monotonicNow`)
  // before which no new request is started: without it every call would hit a token host that
  // is down, inside the margin and after expiry alike.
  let failures = 0;
  let retryAt = Number.NEGATIVE_INFINITY;
  let lastError: TokenRequestError | undefined;
  // The token this provider fetched last, and how many fetches have succeeded: a store read that
  // began before a fetch ended may answer with what the store held before it.
  let fetched: AccessToken | undefined;
  let fetchesDone = 0;

  const isFresh = (token: AccessToken) => now() < refreshWindows(token, refreshMarginS).refreshAt;

  /** Whose turn it is to fetch, for a shared store; `undefined` for a store of this process. */
  const takeTurn = async (abandoned: AbortSignal): Promise<RefreshTurn | undefined> => {
    if (!store.refreshTurn) return undefined;
    const timeout = AbortSignal.timeout(timeoutMs);
    // Abandoned by every caller, the wait for a turn ends too: nothing of it outlives them.
    const signal = AbortSignal.any([abandoned, timeout]);
    try {
      return await store.refreshTurn({ isFresh, signal });
    } catch (cause) {
      if (abandoned.aborted) {
        throw new TokenRequestError('ABORTED', 'Every caller stopped waiting for a token', {
          cause,
        });
      }
      if (!timeout.aborted) throw cause;
      throw new TokenRequestError(
        'TIMEOUT',
        `No token from the process refreshing it within ${timeoutMs} ms. Raise timeoutMs, or ` +
          "check that the process holding the store's refresh turn is alive.",
        { cause },
      );
    }
  };

  const startFlight = (): Flight => {
    const abandon = new AbortController();
    const flight: Flight = { promise: fly(), abandon, waiters: 0, background: false };
    // Each waiter gets the failure through its own handler; a flight every waiter left (or a
    // background one) must not surface it as an unhandled rejection, which ends the process.
    flight.promise.catch(() => {});
    return flight;

    async function fly(): Promise<AccessToken> {
      let turn: RefreshTurn | undefined;
      try {
        turn = await takeTurn(abandon.signal);
        const token =
          turn?.kind === 'ready'
            ? turn.token
            : await requestToken({ ...requestOptions, signal: abandon.signal });
        if (turn?.kind !== 'ready') {
          await store.set(token);
          emit(onEvent, {
            type: 'token_acquired',
            expiresAt: token.expiresAt,
            tokenFingerprint: tokenFingerprint(token.accessToken),
          });
        }
        fetched = token;
        fetchesDone++;
        failures = 0;
        retryAt = Number.NEGATIVE_INFINITY;
        lastError = undefined;
        return token;
      } catch (error) {
        // A request abandoned by every caller says nothing about the token host, unless it was
        // abandoned while waiting to retry a failure: callers with short deadlines must not
        // escape the backoff.
        const failure =
          error instanceof TokenRequestError
            ? abandon.signal.aborted
              ? error.lastFailure
              : error
            : undefined;
        if (failure) {
          failures++;
          // The token host's Retry-After is a floor under the backoff, up to its ceiling.
          const askedMs = Math.min(failure.retryAfterMs ?? 0, REFRESH_BACKOFF.maxDelayMs);
          const backoffMs = Math.max(backoffDelayMs(failures, REFRESH_BACKOFF), askedMs);
          retryAt = monotonicNow() + backoffMs;
          lastError = failure;
          // The event says when in wall-clock time, as of now; the wait itself is monotonic.
          const retryAtEpochMs = now() + backoffMs;
          const cached = await store.get();
          emit(onEvent, {
            type: 'refresh_failed',
            error: failure,
            servingCachedToken: cached !== undefined && now() < cached.expiresAt,
            failures,
            retryAt: retryAtEpochMs,
          });
        }
        throw error;
      } finally {
        if (turn?.kind === 'lease') await releaseQuietly(turn);
        if (inflight === flight) inflight = undefined;
      }
    }
  };

  const fetchToken = (): Flight => {
    inflight ??= startFlight();
    return inflight;
  };

  /**
   * The current flight's token for one caller, starting the flight if there is none. A caller
   * whose signal has already fired starts nothing. The request goes on while anyone waits for it
   * (or it refreshes in the background); when the last caller aborts, it is abandoned, so no
   * socket or timer of it outlives every caller.
   */
  const waitForToken = (signal: AbortSignal | undefined): Promise<AccessToken> => {
    if (signal?.aborted) return Promise.reject(aborted(signal));
    const flight = fetchToken();
    flight.waiters++;
    if (!signal) return flight.promise;
    return new Promise<AccessToken>((resolve, reject) => {
      const unlink = onAbort(signal, () => {
        reject(aborted(signal));
        flight.waiters--;
        if (flight.waiters === 0 && !flight.background) {
          if (inflight === flight) inflight = undefined;
          flight.abandon.abort();
        }
      });
      flight.promise.then(resolve, reject).finally(unlink);
    });
  };

  /** What the store answered, or the token fetched meanwhile when that is newer. */
  const latest = (stored: AccessToken | undefined, fetchesBefore: number) => {
    if (fetchesDone === fetchesBefore || !fetched) return stored;
    return stored && stored.expiresAt >= fetched.expiresAt ? stored : fetched;
  };

  return {
    async getToken({ signal } = {}) {
      // Before anything else: an aborted caller neither waits, nor starts a refresh, nor learns
      // of a backoff.
      if (signal?.aborted) throw aborted(signal);
      const fetchesBefore = fetchesDone;
      const cached = latest(await store.get(), fetchesBefore);
      const at = now();
      // Left of the backoff after failed requests, measured on the monotonic clock.
      const backoffLeftMs = retryAt - monotonicNow();
      if (!cached || at >= cached.expiresAt) {
        // Nothing to serve meanwhile: calls inside the backoff fail fast rather than each
        // sending its own request to a token host that just failed.
        if (!inflight && lastError && backoffLeftMs > 0) {
          throw backingOff(lastError, backoffLeftMs);
        }
        return waitForToken(signal);
      }
      const { refreshAt, waitAt } = refreshWindows(cached, refreshMarginS);
      if (at < refreshAt) return cached;
      const mayStart = inflight !== undefined || backoffLeftMs <= 0;
      if (!mayStart) return cached;
      if (at < waitAt) {
        // Errors are reported by the refresh_failed event; the cached token is still good.
        const flight = fetchToken();
        flight.background = true;
        flight.promise.catch(() => {});
        return cached;
      }
      // So close to expiry the cached token could lapse before the request using it arrives.
      try {
        return await waitForToken(signal);
      } catch (error) {
        if (signal?.aborted || !(error instanceof TokenRequestError)) throw error;
        if (now() < cached.expiresAt) return cached;
        throw error;
      }
    },

    async invalidate(accessToken) {
      if (accessToken === undefined || fetched?.accessToken === accessToken) fetched = undefined;
      if (accessToken !== undefined && store.compareAndDelete) {
        // Atomic in the store: of a fleet's burst of 401s for one token, one clears it.
        if (await store.compareAndDelete(accessToken)) {
          emit(onEvent, {
            type: 'token_invalidated',
            tokenFingerprint: tokenFingerprint(accessToken),
          });
        }
        return;
      }
      const cached = await store.get();
      if (!cached || (accessToken !== undefined && cached.accessToken !== accessToken)) return;
      await store.set(undefined);
      emit(onEvent, {
        type: 'token_invalidated',
        tokenFingerprint: tokenFingerprint(cached.accessToken),
      });
    },
  };
}

/** One token request shared by every caller that needs it meanwhile. */
interface Flight {
  promise: Promise<AccessToken>;
  /** Aborts the request once no caller waits for it any more. */
  abandon: AbortController;
  /** Callers waiting for the token. */
  waiters: number;
  /** Started to refresh ahead of expiry: it goes on with no caller waiting. */
  background: boolean;
}

/** A failed release only delays the others until the lease's lifetime ends. */
async function releaseQuietly(turn: Extract<RefreshTurn, { kind: 'lease' }>): Promise<void> {
  try {
    await turn.release();
  } catch {
    // The lease lapses on its own.
  }
}

/** The last failure again, for a call inside the backoff: same code and status, cause chained. */
function backingOff(last: TokenRequestError, waitMs: number): TokenRequestError {
  return new TokenRequestError(
    last.code,
    `${last.message} (no new token request for another ${Math.ceil(waitMs / 1000)} s after failed ones)`,
    {
      status: last.status,
      error: last.error,
      errorDescription: last.errorDescription,
      bodyExcerpt: last.bodyExcerpt,
      retryAfterMs: waitMs,
      cause: last,
    },
  );
}

function aborted(signal: AbortSignal): TokenRequestError {
  return new TokenRequestError('ABORTED', 'Waiting for a token was aborted by the caller', {
    cause: signal.reason,
  });
}
