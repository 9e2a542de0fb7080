import { ConfigurationError } from '@admin-api/auth';
import pg from 'pg';

/** The part of a query result the store reads. */
export interface PostgresQueryResult {
  readonly rows: readonly Record<string, unknown>[];
  readonly rowCount: number | null;
}

/** The part of a pooled client (node-postgres `PoolClient`) the store uses. */
export interface PostgresPoolClient {
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
  /** Back to the pool; `true` ends the connection instead. */
  release(destroy?: boolean): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * What a `{ pool }` must offer: a node-postgres `Pool` (`new Pool(...)` from `pg`) has it. The
 * store never ends a pool it was given.
 */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
  connect(): Promise<PostgresPoolClient>;
  /** A node-postgres `Pool`'s settings: `max`, its size, bounds the refresh locks' share. */
  readonly options?: { readonly max?: number | undefined } | undefined;
}

/** The size of node-postgres' pools unless `max` says otherwise, and the least the store opens. */
const PG_DEFAULT_POOL_SIZE = 10;

/**
 * Where the store's tables are: `{ connectionString }` (the store opens a pool of its own and
 * `close()` ends it) or `{ pool }` (a node-postgres pool you own and end).
 */
export type PostgresConnection =
  | { readonly connectionString: string; readonly pool?: undefined }
  | { readonly pool: PostgresPool; readonly connectionString?: undefined };

/** What the store's own pool is made from. */
export interface OwnPoolSettings {
  /** No checkout waits longer: a call that finds no connection in time rejects. */
  readonly connectionTimeoutMillis: number;
  /** The refresh locks' share, when set: the pool has twice as many connections (at least 10). */
  readonly maxLockConnections: number | undefined;
}

/**
 * The pool to use, its size when known, and how to close it: only one the store opened itself
 * is ended.
 */
export function openPool(
  connection: PostgresConnection,
  settings: OwnPoolSettings,
): {
  pool: PostgresPool;
  size: number | undefined;
  end(): Promise<void>;
} {
  if (typeof connection !== 'object' || connection === null) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"connection" must be { connectionString } or { pool }',
    );
  }
  if (connection.pool !== undefined) {
    const { pool } = connection;
    if (typeof pool?.query !== 'function' || typeof pool.connect !== 'function') {
      throw new ConfigurationError(
        'INVALID_OPTION',
        '"pool" must be a node-postgres Pool (with query() and connect())',
      );
    }
    const max = pool.options?.max;
    return {
      pool,
      size: typeof max === 'number' && Number.isSafeInteger(max) && max > 0 ? max : undefined,
      end: async () => {},
    };
  }
  // Never quoted in a message: a connection string may hold a password.
  if (typeof connection.connectionString !== 'string' || connection.connectionString === '') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"connectionString" must be a non-empty postgres:// URL (or pass { pool })',
    );
  }
  const size = Math.max(PG_DEFAULT_POOL_SIZE, 2 * (settings.maxLockConnections ?? 0));
  const pool = new pg.Pool({
    connectionString: connection.connectionString,
    max: size,
    connectionTimeoutMillis: settings.connectionTimeoutMillis,
  });
  // An idle connection the server ends (a restart, a timeout) is replaced on next use; without a
  // listener its error would end the process.
  pool.on('error', () => {});
  let ended: Promise<void> | undefined;
  return {
    pool,
    size,
    end: () => {
      ended ??= pool.end();
      return ended;
    },
  };
}

/**
 * How many pooled connections the refresh locks of one store object may hold at once (held and
 * awaited): `maxLockConnections`, or half the pool (its size, or node-postgres' 10 when the pool
 * does not say), at least 1. Always fewer than the pool has, so the tasks run under the locks
 * find connections for their own queries; a pool too small for that is refused.
 */
export function lockConnectionLimit(
  size: number | undefined,
  maxLockConnections: number | undefined,
): number {
  const limit = maxLockConnections ?? Math.max(1, Math.floor((size ?? PG_DEFAULT_POOL_SIZE) / 2));
  if (size !== undefined && size < 2) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"pool" must allow at least 2 connections (its max is ${size}): a refresh lock holds one while its task queries through another`,
    );
  }
  if (size !== undefined && limit >= size) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"maxLockConnections" must be below the pool's size (${size}), so the tasks run under the locks find connections for their queries; it is ${limit}`,
    );
  }
  return limit;
}
