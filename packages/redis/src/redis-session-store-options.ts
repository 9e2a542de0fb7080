import { checkDurationMs, checkPositiveInteger } from '@admin-api/auth/internal';
import { checkKeyPrefix, DEFAULT_KEY_PREFIX } from './keys.js';

/**
 * Default lifetime of a store's refresh lock: the most a process that dies or hangs holding it
 * delays the others. Well above one token request (the app bounds each one inside it).
 */
export const DEFAULT_SESSION_LOCK_LIFETIME_MS = 10_000;
/**
 * Default time a store's entry is kept after its last write: 90 days. Every refresh writes it
 * again, so only a store the app has not called for that long is forgotten.
 */
export const DEFAULT_SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** How long past its `expiresAt` an install state is kept, so a late reuse reads as reused. */
export const STATE_GRACE_MS = 60 * 60 * 1000;

/** Options of `createRedisSessionStore`. Every one is optional. */
export interface RedisSessionStoreOptions {
  /**
   * Prefix of every key; the app's and store's hash tag follows it. Must not contain `{` or `}`.
   * The key name is authenticated with each sealed session, so changing the prefix leaves the
   * sessions under the old one unreadable: every store would install again.
   * For example `'my-service:'`.
   * @default 'admin-api:'
   */
  keyPrefix?: string;
  /**
   * How long a store's entry (session or `needs_reinstall` mark) is kept after its last write,
   * in ms. Every install, refresh and mark sets it again. Keep it past the refresh token's own
   * lifetime: an entry that expires means the store must install the app again.
   * For example `180 * 24 * 60 * 60 * 1000` (180 days).
   * @default 7776000000 (90 days, {@link DEFAULT_SESSION_TTL_MS})
   */
  sessionTtlMs?: number;
  /**
   * Lifetime of a store's refresh lock, in ms, counted by Redis from the moment it is taken and
   * never extended: the most a holder that dies, is stopped or hangs keeps the others waiting.
   * The app keeps each refresh request well inside it.
   * For example `20_000` where a token request can take several seconds.
   * @default 10000 ({@link DEFAULT_SESSION_LOCK_LIFETIME_MS})
   */
  lockLifetimeMs?: number;
}

/** {@link RedisSessionStoreOptions} checked, with the defaults filled in. */
export interface RedisSessionStoreConfig {
  readonly keyPrefix: string;
  readonly sessionTtlMs: number;
  readonly lockLifetimeMs: number;
}

/** Checks the options once, at creation: a mistake throws a ConfigurationError naming it. */
export function resolveRedisSessionStoreConfig(
  options: RedisSessionStoreOptions,
): RedisSessionStoreConfig {
  const lockLifetimeMs = checkPositiveInteger(
    'lockLifetimeMs',
    options.lockLifetimeMs ?? DEFAULT_SESSION_LOCK_LIFETIME_MS,
  );
  return {
    keyPrefix: checkKeyPrefix(options.keyPrefix ?? DEFAULT_KEY_PREFIX),
    sessionTtlMs: checkPositiveInteger(
      'sessionTtlMs',
      options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    ),
    // A waiter's timer runs for up to the lifetime.
    lockLifetimeMs: checkDurationMs('lockLifetimeMs', lockLifetimeMs),
  };
}
