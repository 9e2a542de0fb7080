import type { AccessToken } from './access-token.js';

/**
 * Where a token provider keeps its token. The default keeps it in memory. A store shared by
 * several processes (Redis, say) lets them use one token; it should then implement the two
 * optional members too, so that one process refreshes while the others wait for its token, and
 * a burst of 401s for one stale token clears it once.
 */
export interface TokenStore {
  /** The stored token, with `expiresAt` in the provider's clock; `undefined` when none. */
  get(): Promise<AccessToken | undefined> | AccessToken | undefined;
  /** `undefined` clears the stored token. */
  set(token: AccessToken | undefined): Promise<void> | void;
  /**
   * Clears the stored token only if it is still `rejectedAccessToken`, in one atomic step, and
   * tells whether it did. Without it, `invalidate(token)` reads, compares and clears in three
   * steps, which is only safe while one process uses the store.
   */
  compareAndDelete?(rejectedAccessToken: string): Promise<boolean> | boolean;
  /**
   * The cross-process single flight. The provider calls it before each token request: resolve
   * with `{ kind: 'ready', token }` as soon as the store holds a token that `isFresh` accepts
   * (another process fetched it meanwhile), or with `{ kind: 'lease' }` once this process may
   * fetch; the provider then stores the new token and calls `release()`.
   *
   * Never wait on a holder that died: bound the wait by the lease's lifetime. Reject with the
   * signal's reason when `signal` aborts (the provider gives up after its `timeoutMs`). When
   * the shared state cannot be reached, grant a lease: the provider then fetches for this
   * process alone, which is safer than no token.
   */
  refreshTurn?(request: RefreshTurnRequest): Promise<RefreshTurn>;
}

/** What {@link TokenStore.refreshTurn} is asked. */
export interface RefreshTurnRequest {
  /** True for a token good enough to skip the refresh: outside the provider's refresh margin. */
  isFresh(token: AccessToken): boolean;
  /** Aborts the wait. */
  signal: AbortSignal;
}

/** The answer of {@link TokenStore.refreshTurn}. */
export type RefreshTurn =
  /** Another process stored a fresh token: use it, send no token request. */
  | { readonly kind: 'ready'; readonly token: AccessToken }
  /** This process refreshes: fetch, `set`, then `release` (also after a failure). */
  | { readonly kind: 'lease'; release(): Promise<void> | void };

/** A {@link TokenStore} holding one token in this process's memory. */
export function createMemoryTokenStore(): TokenStore {
  let current: AccessToken | undefined;
  return {
    get: () => current,
    set: (token) => {
      current = token;
    },
  };
}
