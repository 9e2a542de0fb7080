import { ConfigurationError } from '@admin-api/auth';
import { checkDurationMs, checkOptionalFunction } from '@admin-api/auth/internal';

/** Prefix of the dedupe store's keys unless `keyPrefix` says otherwise. */
export const DEFAULT_DEDUPE_KEY_PREFIX = 'admin-api:webhook:';
/** How long one call of the dedupe store waits for Redis unless `commandTimeoutMs` says otherwise. */
export const DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS = 2_000;

/** Options of `createRedisDedupeStore`; all optional. */
export interface RedisDedupeStoreOptions {
  /**
   * Prefix of every key: a delivery id's key is the prefix, then the id percent-encoded. Apps
   * (or environments) sharing one Redis each take their own, e.g. `'admin-api:webhook:my-app:'`;
   * end it with `:` so no prefix is another's start. No `{` or `}`.
   *
   * @default 'admin-api:webhook:' ({@link DEFAULT_DEDUPE_KEY_PREFIX})
   * @example 'admin-api:webhook:shop-sync:'
   */
  keyPrefix?: string | undefined;
  /**
   * The clock leases and `keepMs` are counted in, in epoch ms. Each process judges deadlines by
   * its own clock, so keep the hosts' clocks in step (NTP); tests step it instead of waiting.
   *
   * @default Date.now
   * @example () => Date.UTC(2030, 0, 1)
   */
  now?: (() => number) | undefined;
  /**
   * The longest one call (`claim`, `complete`, `release`, `extend`) waits for Redis, the wait for
   * the first connection included: past it the call rejects with an `AdminApiError` (`TIMEOUT`),
   * so a Redis that stops answering fails the delivery (the service retries it) instead of
   * leaving it pending. The script may still run once Redis answers again: a claim that timed out
   * may hold the id until its lease runs out; a complete that timed out may have marked it done.
   * `close()` waits as long for pending calls before it drops the connection.
   *
   * @default 2000 ({@link DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS})
   * @example 500
   */
  commandTimeoutMs?: number | undefined;
}

/** {@link RedisDedupeStoreOptions} checked, with the defaults filled in. */
export interface RedisDedupeStoreConfig {
  readonly keyPrefix: string;
  readonly now: () => number;
  readonly commandTimeoutMs: number;
}

/** Checks the options once, at creation: a mistake throws a ConfigurationError naming it. */
export function resolveRedisDedupeStoreConfig(
  options: RedisDedupeStoreOptions,
): RedisDedupeStoreConfig {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError('INVALID_OPTION', '"options" must be an object when given');
  }
  const keyPrefix = options.keyPrefix ?? DEFAULT_DEDUPE_KEY_PREFIX;
  // A brace would make a hash tag of the prefix: every id in one Cluster slot.
  if (typeof keyPrefix !== 'string' || /[{}]/.test(keyPrefix)) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"keyPrefix" must be a string without "{" or "}" (got ${JSON.stringify(keyPrefix)}), e.g. 'admin-api:webhook:my-app:'`,
    );
  }
  checkOptionalFunction('now', options.now);
  return {
    keyPrefix,
    now: options.now ?? Date.now,
    commandTimeoutMs: checkDurationMs(
      'commandTimeoutMs',
      options.commandTimeoutMs ?? DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS,
    ),
  };
}
