import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import {
  type PostgresServerProcess,
  startPostgresServer,
} from '../../../test/support/postgres-server-process.js';
import { createPostgresSessionStore, type PostgresSessionStore } from '../src/index.js';
import type { PostgresSessionStoreOptions } from '../src/postgres-session-store-options.js';

/**
 * One real PostgreSQL server for the test file. `store()` makes a store with its own pool, as
 * another process would have; `pool()` a plain pool for looking at the tables, and
 * `tablesNamed`/`migrationRuns` look through one. All are closed after the file.
 */
export function usePostgresServer() {
  let server: PostgresServerProcess | undefined;
  let inspection: pg.Pool | undefined;
  const closers: (() => Promise<void>)[] = [];
  const fixture = {
    get server(): PostgresServerProcess {
      if (!server) throw new Error('usePostgresServer: the server starts in beforeAll');
      return server;
    },
    store(options?: PostgresSessionStoreOptions): PostgresSessionStore {
      const store = createPostgresSessionStore(
        { connectionString: fixture.server.connectionString },
        options,
      );
      closers.push(store.close);
      return store;
    },
    pool(): pg.Pool {
      const pool = testPool(fixture.server.connectionString);
      closers.push(() => pool.end());
      return pool;
    },
    /** The tables of `schema` whose names start with `prefix`, sorted. */
    tablesNamed(schema: string, prefix: string): Promise<string[]> {
      inspection ??= fixture.pool();
      return tablesNamed(inspection, schema, prefix);
    },
    /** How many times the migration `name` is recorded in `schema`. */
    migrationRuns(schema: string, name: string): Promise<number> {
      inspection ??= fixture.pool();
      return migrationRuns(inspection, schema, name);
    },
  };
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => {});
    inspection = undefined;
    await server?.close();
  });
  return fixture;
}

/**
 * A node-postgres pool for a test. `end()` resolves before its sockets are closed, so a server
 * stopped right after can still end one of them: the listener keeps that from being an
 * uncaught error.
 */
export function testPool(connectionString: string, options: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, ...options });
  pool.on('error', () => {});
  return pool;
}

/** The tables of `schema` whose names start with `prefix`, sorted. */
export async function tablesNamed(
  pool: pg.Pool,
  schema: string,
  prefix: string,
): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = $1 AND starts_with(table_name, $2) ORDER BY table_name`,
    [schema, prefix],
  );
  return rows.map((row) => row.table_name);
}

/** How many times the migration `name` is recorded in `schema`'s migrations table. */
export async function migrationRuns(pool: pg.Pool, schema: string, name: string): Promise<number> {
  const { rows } = await pool.query<{ runs: number }>(
    `SELECT count(*)::int AS runs FROM "${schema}".admin_api_migrations WHERE name = $1`,
    [name],
  );
  return rows[0]?.runs ?? 0;
}

/** Every row of the tables whose names start with `prefix`, as JSON text, one per line. */
export async function dumpTables(
  pool: pg.Pool,
  prefix = 'admin_api_',
  schema = 'public',
): Promise<string> {
  const lines: string[] = [];
  for (const table_name of await tablesNamed(pool, schema, prefix)) {
    const dump = await pool.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM "${schema}"."${table_name}" AS t`,
    );
    lines.push(`-- ${table_name}`, ...dump.rows.map(({ row }) => row));
  }
  return lines.join('\n');
}

/**
 * Polls (every 10 ms; the test's timeout is the only bound) until exactly `count` sessions wait
 * on an advisory lock, and answers `count`.
 */
export async function waitingForLocks(pool: pg.Pool, count: number): Promise<number> {
  for (;;) {
    const { rows } = await pool.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
    );
    if (rows[0]?.waiting === count) return count;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
