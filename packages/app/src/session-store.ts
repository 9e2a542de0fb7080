/**
 * What an app keeps about one store it is installed on. `accessToken` and `refreshToken` are
 * secrets: a store that rests on disk or in a shared server keeps them encrypted.
 */
export interface StoreSession {
  /** The store's name, as in `https://{storeName}.myikas.com`. */
  readonly storeName: string;
  /** `getMerchant.id` at install. */
  readonly merchantId: string;
  /** `getAuthorizedApp.id` at install: this install of the app on the store. */
  readonly authorizedAppId: string;
  /** The scopes granted, comma-separated, as the token endpoint sent them. */
  readonly scope: string;
  /** The bearer token. Never log it. */
  readonly accessToken: string;
  /** Single use: each refresh answers a new one and spends this one. Never log it. */
  readonly refreshToken: string;
  /** Epoch ms at which `accessToken` expires, counted from when its request was sent. */
  readonly expiresAt: number;
  /** Lifetime of `accessToken` in seconds, as the token endpoint sent it. */
  readonly expiresIn: number;
}

/** A pending install: the `state` of one authorize redirect, bound to one store. */
export interface InstallState {
  /** The random value sent as `state`: at least 128 bits. */
  readonly state: string;
  /** The store the install was started for. */
  readonly storeName: string;
  /** Epoch ms after which the state is refused. */
  readonly expiresAt: number;
}

/** What {@link AppSessionStore.consumeState} found. */
export interface ConsumedState {
  readonly record: InstallState;
  /** True when the state had been consumed before: a reused callback. */
  readonly alreadyUsed: boolean;
}

/** A store's entry: installed with a session, or known to need a reinstall. */
export type SessionRecord =
  | { readonly status: 'installed'; readonly session: StoreSession }
  /**
   * Its refresh token was refused (`invalid_grant`) after every process had re-read it: no
   * process asks the token host for it again until a new install stores a session.
   */
  | { readonly status: 'needs_reinstall'; readonly storeName: string; readonly since: number };

/** Options of {@link AppSessionStore.withRefreshLock}. */
export interface RefreshLockOptions {
  /** Stops waiting for the lock (the holder keeps it). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * One app's view of a {@link SessionStore}: the sessions of every store it is installed on, the
 * pending install states, and one refresh lock per store. Every method may be called by many
 * processes at once; each is atomic on its own.
 */
export interface AppSessionStore {
  /**
   * The most a holder of the refresh lock can keep the others waiting, in ms: a holder that dies
   * delays them by at most this. The app keeps each refresh request well inside it, so a refresh
   * token is never presented by a second process while the first one's request is in flight.
   */
  readonly lockLifetimeMs: number;
  /** Keeps a new install state until its `expiresAt`. */
  saveState(state: InstallState): Promise<void>;
  /**
   * Marks the state used and answers what it was, in one atomic step: `undefined` for a state it
   * never saw (or one forgotten after expiry), `alreadyUsed: true` for a second use.
   */
  consumeState(state: string): Promise<ConsumedState | undefined>;
  /** The store's entry; `undefined` when the app is not installed there. */
  get(storeName: string): Promise<SessionRecord | undefined>;
  /**
   * Stores `session` for its store. With `replacing`, only if the stored session still holds
   * that refresh token (a refresh's compare-and-set): resolves `false` and writes nothing
   * otherwise. Without it, always (an install, which also clears `needs_reinstall`).
   */
  set(session: StoreSession, options?: { readonly replacing?: string }): Promise<boolean>;
  /**
   * Replaces the store's session with a `needs_reinstall` mark, only if it still holds
   * `refreshToken` (another process may have rotated it meanwhile). Resolves `true` if it did.
   */
  markNeedsReinstall(storeName: string, refreshToken: string, since: number): Promise<boolean>;
  /** Forgets the store's session or mark. */
  delete(storeName: string): Promise<void>;
  /**
   * Runs `task` while holding the store's refresh lock: at most one holder per store among all
   * processes sharing the store, and a holder that dies or hangs frees it after at most
   * {@link AppSessionStore.lockLifetimeMs}. Waiters are woken without polling where the engine
   * allows. The lock is released when `task` settles.
   */
  withRefreshLock<T>(
    storeName: string,
    task: () => Promise<T>,
    options?: RefreshLockOptions,
  ): Promise<T>;
}

/** What an app tells a {@link SessionStore} when it opens it. */
export interface SessionStoreApp {
  /** Namespaces what the app keeps, so several apps can share one store. */
  readonly clientId: string;
  /**
   * The app's client secret: a store that rests outside the process derives its encryption key
   * from it, so no key is stored or distributed. Never stored.
   */
  readonly clientSecret: string;
  /**
   * The app's clock in epoch ms: install states' `expiresAt` are in it, so a store that sweeps or
   * expires states judges them by it too.
   */
  readonly now: () => number;
}

/**
 * Where apps keep their per-store sessions: `createMemorySessionStore()` in this package,
 * `createRedisSessionStore` in `@admin-api/redis`, `createPostgresSessionStore` in
 * `@admin-api/postgres`. `createApp` opens it once for its app.
 */
export interface SessionStore {
  open(app: SessionStoreApp): AppSessionStore;
}
