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
}

/**
 * Where the store's tables are: `{ connectionString }` (the store opens a pool of its own and
 * `close()` ends it) or `{ pool }` (a node-postgres pool you own and end).
 */
export type PostgresConnection =
  | { readonly connectionString: string; readonly pool?: undefined }
  | { readonly pool: PostgresPool; readonly connectionString?: undefined };

/** The pool to use, and how to close it: only one the store opened itself is ended. */
export function openPool(connection: PostgresConnection): {
  pool: PostgresPool;
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
    return { pool, end: async () => {} };
  }
  // Never quoted in a message: a connection string may hold a password.
  if (typeof connection.connectionString !== 'string' || connection.connectionString === '') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"connectionString" must be a non-empty postgres:// URL (or pass { pool })',
    );
  }
  const pool = new pg.Pool({ connectionString: connection.connectionString });
  // An idle connection the server ends (a restart, a timeout) is replaced on next use; without a
  // listener its error would end the process.
  pool.on('error', () => {});
  let ended: Promise<void> | undefined;
  return {
    pool,
    end: () => {
      ended ??= pool.end();
      return ended;
    },
  };
}
