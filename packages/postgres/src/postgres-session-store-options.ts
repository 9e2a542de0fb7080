import { ConfigurationError } from '@admin-api/auth';
import { checkDurationMs, checkPositiveInteger } from '@admin-api/auth/internal';
import { checkIdentifier } from './identifier.js';

/**
 * How long a holder of a store's refresh lock may keep it, in ms, unless `lockLifetimeMs` says
 * otherwise: well above one token request, and the most a hung holder delays the others.
 */
export const DEFAULT_LOCK_LIFETIME_MS = 10_000;
/** The schema the tables are created in unless `schema` says otherwise. */
export const DEFAULT_SCHEMA = 'public';
/** The sessions table's name unless `tableName` says otherwise. */
export const DEFAULT_TABLE_NAME = 'admin_api_sessions';

/** Options of `createPostgresSessionStore`; all optional. */
export interface PostgresSessionStoreOptions {
  /**
   * The schema that holds the tables. It must exist; the store creates only its tables.
   *
   * @default 'public'
   * @example 'shop_app'
   */
  schema?: string | undefined;
  /**
   * The sessions table. The install states go in `<tableName>_states`; the migration is
   * recorded as `<tableName>_v1` in `admin_api_migrations`. Letters, digits and `_`, at most
   * 45 characters, not starting with a digit.
   *
   * @default 'admin_api_sessions'
   * @example 'shop_app_sessions'
   */
  tableName?: string | undefined;
  /**
   * The most a holder of a store's refresh lock can keep the others waiting, in ms: the server
   * ends a holder's session once it has kept the lock this long without a word (a hung
   * process), and a process that dies frees it at once. Keep it well above a token request.
   *
   * @default 10000
   * @example 20_000
   */
  lockLifetimeMs?: number | undefined;
  /**
   * The most pooled connections the store object's refresh locks hold at once, held and
   * awaited together (a further lock request queues in the process, first come first served,
   * until one is released). It stays below the pool's size, so the reads and writes of the
   * tasks run under the locks always find a connection. Defaults to half the pool's size
   * (`options.max` of a node-postgres `Pool`; its 10 when the pool does not say), at least 1.
   * The pool the store opens for a `{ connectionString }` has twice this many connections, at
   * least 10; a `{ pool }` must have more than this.
   *
   * @default half the pool's size, at least 1 (5 for the store's own pool)
   * @example 16
   */
  maxLockConnections?: number | undefined;
}

/** {@link PostgresSessionStoreOptions} checked, with the defaults filled in. */
export interface PostgresSessionStoreConfig {
  readonly schema: string;
  readonly tableName: string;
  readonly lockLifetimeMs: number;
  /** `undefined`: derived from the pool's size (see `lockConnectionLimit`). */
  readonly maxLockConnections: number | undefined;
}

/** PostgreSQL's 63-byte limit, less the longest suffix we add (`_states_expires_at`). */
const MAX_TABLE_NAME = 45;

/** Checks the options once, at creation: a mistake throws a ConfigurationError naming it. */
export function resolvePostgresSessionStoreConfig(
  options: PostgresSessionStoreOptions = {},
): PostgresSessionStoreConfig {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError('INVALID_OPTION', '"options" must be an object when given');
  }
  return {
    schema: checkIdentifier('schema', options.schema ?? DEFAULT_SCHEMA, 63),
    tableName: checkIdentifier(
      'tableName',
      options.tableName ?? DEFAULT_TABLE_NAME,
      MAX_TABLE_NAME,
    ),
    // An integer up to 2^31 − 1: what the server's timeout setting accepts.
    lockLifetimeMs: checkDurationMs(
      'lockLifetimeMs',
      checkPositiveInteger('lockLifetimeMs', options.lockLifetimeMs ?? DEFAULT_LOCK_LIFETIME_MS),
    ),
    maxLockConnections:
      options.maxLockConnections === undefined
        ? undefined
        : checkPositiveInteger('maxLockConnections', options.maxLockConnections),
  };
}
