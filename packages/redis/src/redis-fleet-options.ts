import { checkDurationMs, checkPositiveInteger } from '@admin-api/auth/internal';
import type { FleetEvent, RateLimitOptions } from '@admin-api/client';
import { checkKeyPrefix, DEFAULT_KEY_PREFIX } from './keys.js';
import { checkFleetRateLimit, checkShare } from './rate-budget.js';
import { DEFAULT_LOCK_LIFETIME_MS } from './refresh-lock.js';

/** Default share of the fleet's budget each process may use while Redis is unreachable. */
export const DEFAULT_FALLBACK_SHARE = 0.1;
/** Default bound on every Redis command: a hung Redis delays a call by at most this, once. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 1_000;
/** Default interval between checks of an unreachable Redis. */
export const DEFAULT_PROBE_INTERVAL_MS = 1_000;

/** Options of `createRedisFleet`. Every one is optional. */
export interface RedisFleetOptions {
  /**
   * Prefix of every key; the app's hash tag follows it. Must not contain `{` or `}`.
   * @default 'admin-api:'
   */
  keyPrefix?: string;
  /**
   * The app's budget, as the clients take it: at most `limit` requests in any `windowMs`. A
   * client created with its own `rateLimit` shares that one instead; when the budgets in use
   * differ, the strictest applies to every process (see `fleet_budget_mismatch`).
   * @default { limit: 50, windowMs: 10000 }, the service's limit
   */
  rateLimit?: RateLimitOptions;
  /**
   * The share of the budget this fleet may use, in (0, 1], leaving the rest to other users of
   * the app (a cron job, a second deployment with its own fleet).
   * @default 1
   * @example 0.8
   */
  share?: number;
  /**
   * The share of the fleet's budget (`limit × share`) that each process may use on its own while
   * Redis is unreachable, in (0, 1]. Keep `fallbackShare × processes` at or below 1, or the
   * processes together can exceed the budget during an outage.
   * @default 0.1 (up to ten processes)
   */
  fallbackShare?: number;
  /**
   * Lifetime of the refresh lock, extended while its holder is alive: the most a process that
   * dies while fetching a token delays the others.
   * @default 5000
   */
  lockLifetimeMs?: number;
  /**
   * Bound on every Redis command, and on each attempt of the fleet's own connection to connect. A
   * command that takes longer counts as a failure: the process falls back until Redis answers
   * again. It is also the most a first call waits to learn that Redis cannot be reached (none
   * once the connection has failed, which a refused one does at once); the fallback then holds
   * for one window (`rateLimit.windowMs`) before sending, so such a call is sent within
   * `commandTimeoutMs + rateLimit.windowMs`.
   * @default 1000
   */
  commandTimeoutMs?: number;
  /**
   * How often an unreachable Redis is tried again; the fleet's own connection also reconnects at
   * least this often.
   * @default 1000
   */
  probeIntervalMs?: number;
  /**
   * Receives the fleet's `fleet_*` events. Each client's `onEvent` receives them too; the
   * fleet does not keep a client's listener alive once nothing else does. Never given a token,
   * the secret or the client id; exceptions it throws are ignored.
   */
  onEvent?: ((event: FleetEvent) => void) | undefined;
}

/** {@link RedisFleetOptions} checked, with the defaults filled in. */
export interface RedisFleetConfig {
  readonly keyPrefix: string;
  readonly rateLimit: { readonly limit: number; readonly windowMs: number };
  readonly share: number;
  readonly fallbackShare: number;
  readonly lockLifetimeMs: number;
  readonly commandTimeoutMs: number;
  readonly probeIntervalMs: number;
  readonly onEvent: ((event: FleetEvent) => void) | undefined;
}

/** Checks the options once, at creation: a mistake throws a ConfigurationError naming it. */
export function resolveRedisFleetConfig(options: RedisFleetOptions): RedisFleetConfig {
  return {
    keyPrefix: checkKeyPrefix(options.keyPrefix ?? DEFAULT_KEY_PREFIX),
    rateLimit: checkFleetRateLimit(options.rateLimit ?? {}),
    share: checkShare('share', options.share ?? 1),
    fallbackShare: checkShare('fallbackShare', options.fallbackShare ?? DEFAULT_FALLBACK_SHARE),
    lockLifetimeMs: checkPositiveInteger(
      'lockLifetimeMs',
      options.lockLifetimeMs ?? DEFAULT_LOCK_LIFETIME_MS,
    ),
    commandTimeoutMs: checkDurationMs(
      'commandTimeoutMs',
      options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    ),
    probeIntervalMs: checkDurationMs(
      'probeIntervalMs',
      options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS,
    ),
    onEvent: options.onEvent,
  };
}
