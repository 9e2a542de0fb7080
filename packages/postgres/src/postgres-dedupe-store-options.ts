import { ConfigurationError } from '@admin-api/auth';
import { checkDurationMs, checkOptionalFunction } from '@admin-api/auth/internal';
import { checkIdentifier } from './identifier.js';
import { DEFAULT_SCHEMA } from './postgres-session-store-options.js';

/** The dedupe store's table unless `tableName` says otherwise. */
export const DEFAULT_DEDUPE_TABLE_NAME = 'admin_api_webhook_deliveries';
/**
 * How long one call of the dedupe store waits for PostgreSQL unless `commandTimeoutMs` says
 * otherwise.
 */
export const DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS = 2_000;

/** Options of `createPostgresDedupeStore`; all optional. */
export interface PostgresDedupeStoreOptions {
  /**
   * The schema that holds the table. It must exist; the store creates only its table.
   *
   * @default 'public'
   * @example 'shop_app'
   */
  schema?: string | undefined;
  /**
   * The table of delivery ids; the migration is recorded as `<tableName>_v1` in
   * `admin_api_migrations`. Letters, digits and `_`, at most 54 characters, not starting with a
   * digit.
   *
   * @default 'admin_api_webhook_deliveries' ({@link DEFAULT_DEDUPE_TABLE_NAME})
   * @example 'shop_app_webhook_deliveries'
   */
  tableName?: string | undefined;
  /**
   * Keeps this store's ids apart from those of other stores on the same table: apps (or
   * environments) sharing one table each take their own, e.g. their client id. At most 256
   * characters.
   *
   * @default '' (one namespace for every store that sets none)
   * @example 'shop-sync'
   */
  namespace?: string | undefined;
  /**
   * The clock leases and `keepMs` are counted in, in epoch ms. Each process judges deadlines by
   * its own clock, so keep the hosts' clocks in step (NTP); tests step it instead of waiting.
   *
   * @default Date.now
   * @example () => Date.UTC(2030, 0, 1)
   */
  now?: (() => number) | undefined;
  /**
   * The longest one call (`claim`, `complete`, `release`, `extend`) waits for PostgreSQL: for the
   * first call's migration, a pooled connection and the statement together. Past it the call
   * rejects with an `AdminApiError` (`TIMEOUT`), so a server that stops answering fails the
   * delivery (the service retries it) instead of leaving it pending, and the connection it was
   * sent on is closed rather than given back to the pool. A statement already sent may still
   * run: a claim that timed out may hold the id until its lease runs out. The store's own pool
   * abandons a connection attempt after twice as long (`connectionTimeoutMillis`); a `{ pool }`
   * keeps its own settings.
   *
   * @default 2000 ({@link DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS})
   * @example 500
   */
  commandTimeoutMs?: number | undefined;
}

/** {@link PostgresDedupeStoreOptions} checked, with the defaults filled in. */
export interface PostgresDedupeStoreConfig {
  readonly schema: string;
  readonly tableName: string;
  readonly namespace: string;
  readonly now: () => number;
  readonly commandTimeoutMs: number;
}

/** PostgreSQL's 63-byte limit, less the index's suffix (`_until_ms`). */
const MAX_TABLE_NAME = 54;
const MAX_NAMESPACE = 256;

/** Checks the options once, at creation: a mistake throws a ConfigurationError naming it. */
export function resolvePostgresDedupeStoreConfig(
  options: PostgresDedupeStoreOptions = {},
): PostgresDedupeStoreConfig {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError('INVALID_OPTION', '"options" must be an object when given');
  }
  const namespace = options.namespace ?? '';
  if (
    typeof namespace !== 'string' ||
    namespace.length > MAX_NAMESPACE ||
    namespace.includes('\u0000') ||
    /\p{Surrogate}/u.test(namespace)
  ) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"namespace" must be a string of at most ${MAX_NAMESPACE} characters, well-formed UTF-16 without U+0000`,
    );
  }
  checkOptionalFunction('now', options.now);
  return {
    schema: checkIdentifier('schema', options.schema ?? DEFAULT_SCHEMA, 63),
    tableName: checkIdentifier(
      'tableName',
      options.tableName ?? DEFAULT_DEDUPE_TABLE_NAME,
      MAX_TABLE_NAME,
    ),
    namespace,
    now: options.now ?? Date.now,
    commandTimeoutMs: checkDurationMs(
      'commandTimeoutMs',
      options.commandTimeoutMs ?? DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS,
    ),
  };
}
