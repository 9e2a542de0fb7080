import {
  type AccessToken,
  DEFAULT_REFRESH_MARGIN_RATIO,
  DEFAULT_REFRESH_MARGIN_S,
  refreshAccessToken,
  type TokenProvider,
  TokenRequestError,
} from '@admin-api/auth';
import { backoffDelayMs, onAbort } from '@admin-api/auth/internal';
import type { AppEvent } from './app-events.js';
import type { AppConfig } from './app-options.js';
import {
  StoreNeedsReinstallError,
  StoreNotInstalledError,
  StoreTokenRejectedError,
} from './errors.js';
import type { StoreSession } from './session-store.js';
import { storeAuthUrl } from './store-auth-url.js';

/** A refresh never replaces a token younger than this share of its lifetime. */
export const MIN_REFRESH_AGE_RATIO = 0.25;
/** Callers wait for the new token instead of the cached one this close to expiry. */
const FINAL_WINDOW_MS = 30_000;
/** Backoff between refreshes that failed for a reason that may pass. */
const REFRESH_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 60_000 } as const;
/** Longest a refresh request may take: it must end well inside the store's lock lifetime. */
const MAX_REFRESH_TIMEOUT_MS = 10_000;
/**
 * Share of the lock's lifetime, counted from when the task got the lock, by which a refresh's
 * answer must be in: the rest is for the write and for the latency of taking the lock, which the
 * holder cannot see. A re-read slowed by the store leaves the request less; with too little left
 * it is not sent, since another process may take the lapsed lock and present the same token.
 */
const LEASE_REQUEST_SHARE = 0.5;

/** The token part of a session, as a token provider hands it out. */
function accessTokenOf(session: StoreSession): AccessToken {
  return {
    accessToken: session.accessToken,
    tokenType: 'Bearer',
    expiresIn: session.expiresIn,
    expiresAt: session.expiresAt,
  };
}

/** When the session's token is refreshed ahead of expiry: the client credentials' margin. */
function refreshAt(session: StoreSession): number {
  const lifetimeMs = session.expiresIn * 1000;
  const marginMs = Math.min(
    DEFAULT_REFRESH_MARGIN_S * 1000,
    lifetimeMs * DEFAULT_REFRESH_MARGIN_RATIO,
  );
  return session.expiresAt - marginMs;
}

/** True while the token is younger than a quarter of its lifetime: no refresh replaces it. */
function isYoung(session: StoreSession, at: number): boolean {
  const lifetimeMs = session.expiresIn * 1000;
  return at < session.expiresAt - lifetimeMs * (1 - MIN_REFRESH_AGE_RATIO);
}

const youngTokenRejected = (session: StoreSession, at: number) =>
  new StoreTokenRejectedError(
    session.storeName,
    Math.round((at - (session.expiresAt - session.expiresIn * 1000)) / 1000),
  );

/**
 * `work`, or the error `timedOut` makes once `ms` have passed: a store that never answers must
 * not hang a call. What `work` does later is dropped (`timedOut` may stop it).
 */
function within<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  work.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A token refused with `invalid_grant`: spent, expired or revoked. */
const isInvalidGrant = (error: unknown) =>
  error instanceof TokenRequestError &&
  error.code === 'OAUTH_ERROR' &&
  error.error === 'invalid_grant';

/**
 * The {@link TokenProvider} of one store's client: tokens come from the store's session and are
 * refreshed with its rotating refresh token, one refresh at a time in this process (one flight)
 * and across processes (the session store's lock, then a re-read, so a process that waited uses
 * the token another one just fetched). A refresh token is presented once: the request is never
 * retried, and its time budget ends well inside the lock's lifetime.
 */
export function createStoreTokenProvider(
  config: AppConfig,
  storeName: string,
  emitEvent: (event: AppEvent) => void,
): TokenProvider {
  const { sessions, now } = config;
  // The least a refresh request is given: with less of the lease left, it is not sent.
  const minRequestMs = Math.max(1, Math.min(1_000, Math.floor(sessions.lockLifetimeMs / 10)));
  // A wait for a dead holder's lock to lapse, then this process's own turn under it.
  const flightBudgetMs = 2 * sessions.lockLifetimeMs;
  let cached: StoreSession | undefined;
  /** The access token the API last refused: it needs a refresh, whatever its expiry says. */
  let rejected: string | undefined;
  let flight: Promise<StoreSession> | undefined;
  let failures = 0;
  let retryAt = 0;
  let lastFailure: Error | undefined;

  const needsRefresh = (session: StoreSession, at: number) =>
    session.accessToken === rejected || at >= refreshAt(session);

  const read = async (): Promise<StoreSession> => {
    const record = await within(
      sessions.get(storeName),
      sessions.lockLifetimeMs,
      () =>
        new TokenRequestError(
          'TIMEOUT',
          `The session store did not answer a read of store "${storeName}" within ${sessions.lockLifetimeMs} ms: check the session store.`,
        ),
    );
    if (!record) {
      cached = undefined;
      throw new StoreNotInstalledError(storeName);
    }
    if (record.status === 'needs_reinstall') {
      cached = undefined;
      throw new StoreNeedsReinstallError(storeName);
    }
    cached = record.session;
    return record.session;
  };

  /** Under the store's lock: re-read, then refresh only if no one else did. */
  const refreshUnderLock = async (): Promise<StoreSession> => {
    const lockedAt = performance.now();
    const session = await read();
    const at = now();
    if (!needsRefresh(session, at)) return session;
    // Only a refused token needs a refresh this early; it is not replaced, so say why.
    if (isYoung(session, at)) throw youngTokenRejected(session, at);
    let next: StoreSession;
    try {
      const leftMs = Math.floor(
        sessions.lockLifetimeMs * LEASE_REQUEST_SHARE - (performance.now() - lockedAt),
      );
      if (leftMs < minRequestMs) {
        throw new TokenRequestError(
          'TIMEOUT',
          `Reading store "${storeName}"'s session under its refresh lock took ${Math.round(performance.now() - lockedAt)} ms ` +
            `of the lock's ${sessions.lockLifetimeMs} ms: the refresh was not sent, since it could outlive the lock. ` +
            'It is tried again after a backoff; check the session store if this persists.',
        );
      }
      const token = await refreshAccessToken({
        authUrl: storeAuthUrl(config, storeName),
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        refreshToken: session.refreshToken,
        fetch: config.fetch,
        now,
        timeoutMs: Math.min(MAX_REFRESH_TIMEOUT_MS, leftMs),
        allowInsecureHttp: config.allowInsecureHttp,
      });
      next = {
        ...session,
        accessToken: token.accessToken,
        refreshToken: token.refreshToken,
        expiresAt: token.expiresAt,
        expiresIn: token.expiresIn,
        scope: token.scope || session.scope,
      };
    } catch (error) {
      if (isInvalidGrant(error)) return giveUp(session, error);
      failures++;
      retryAt = now() + backoffDelayMs(failures, REFRESH_BACKOFF);
      lastFailure = error instanceof Error ? error : new Error(String(error));
      emitEvent({ type: 'app_refresh_failed', storeName, error: lastFailure, retryAt });
      throw error;
    }
    failures = 0;
    lastFailure = undefined;
    // Fails only if another process wrote meanwhile (a new install): its session is newer.
    if (!(await sessions.set(next, { replacing: session.refreshToken }))) return read();
    cached = next;
    emitEvent({
      type: 'app_token_refreshed',
      storeName,
      expiresAt: next.expiresAt,
      tokenFingerprint: next.accessToken.slice(-6),
    });
    return next;
  };

  /**
   * `invalid_grant`: another process may have rotated the token meanwhile, so re-read before
   * marking the store; only a store that still holds the refused token needs a reinstall.
   */
  const giveUp = async (session: StoreSession, cause: unknown): Promise<StoreSession> => {
    const again = await read();
    if (again.refreshToken !== session.refreshToken) return again;
    if (!(await sessions.markNeedsReinstall(storeName, session.refreshToken, now()))) return read();
    cached = undefined;
    emitEvent({ type: 'app_store_needs_reinstall', storeName });
    throw new StoreNeedsReinstallError(storeName, { cause });
  };

  const refresh = (): Promise<StoreSession> => {
    if (!flight) {
      // Callers never wait longer than the budget, even on a store whose calls hang: the lock
      // wait is aborted and the flight settles, while a task already running finishes alone.
      const stop = new AbortController();
      const locked = sessions.withRefreshLock(storeName, refreshUnderLock, {
        signal: stop.signal,
      });
      flight = within(locked, flightBudgetMs, () => {
        const timedOut = new TokenRequestError(
          'TIMEOUT',
          `No refresh of store "${storeName}"'s token within ${flightBudgetMs} ms: the session ` +
            "store's refresh lock stayed taken or the store did not answer. Check the session " +
            'store and the processes sharing it.',
        );
        stop.abort(timedOut);
        return timedOut;
      }).finally(() => {
        flight = undefined;
      });
      flight.catch(() => {});
    }
    return flight;
  };

  const waitFor = (promise: Promise<StoreSession>, signal: AbortSignal | undefined) => {
    if (!signal) return promise;
    return new Promise<StoreSession>((resolve, reject) => {
      const unlink = onAbort(signal, () =>
        reject(
          new TokenRequestError('ABORTED', 'Waiting for a token was aborted by the caller', {
            cause: signal.reason,
          }),
        ),
      );
      promise.then(resolve, reject).finally(unlink);
    });
  };

  return {
    async getToken({ signal } = {}) {
      signal?.throwIfAborted();
      if (cached && !needsRefresh(cached, now())) return accessTokenOf(cached);
      const session = flight ? cached : await read();
      const at = now();
      if (session && !needsRefresh(session, at)) return accessTokenOf(session);
      if (session && session.accessToken === rejected && isYoung(session, at)) {
        throw youngTokenRejected(session, at);
      }
      const usable = session && session.accessToken !== rejected && at < session.expiresAt;
      // After a failed refresh, no new one before the backoff ends: a valid token is served
      // meanwhile, and without one the failure is reported at once.
      if (!flight && lastFailure && at < retryAt) {
        if (session && usable) return accessTokenOf(session);
        throw lastFailure;
      }
      const pending = refresh();
      // Inside the margin the cached token is still good: serve it while the refresh runs.
      if (session && usable && at < session.expiresAt - FINAL_WINDOW_MS) {
        return accessTokenOf(session);
      }
      try {
        return accessTokenOf(await waitFor(pending, signal));
      } catch (error) {
        if (signal?.aborted || !session || !usable || now() >= session.expiresAt) throw error;
        return accessTokenOf(session);
      }
    },

    async invalidate(accessToken) {
      rejected = accessToken ?? cached?.accessToken;
    },
  };
}
