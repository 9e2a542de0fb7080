import type { PostgresPool } from './postgres-pool.js';
import { advisoryKey, MIGRATIONS_TABLE } from './schema.js';

/** One named migration of one of the kit's PostgreSQL stores. */
export interface Migration {
  /** The schema it creates tables in; it holds the migrations table too. */
  readonly schema: string;
  /** Recorded in `admin_api_migrations` once run, e.g. `admin_api_webhook_deliveries_v1`. */
  readonly name: string;
  /** The statements, run in one transaction. */
  readonly sql: string;
}

/**
 * Runs `migration` unless it is recorded, in a transaction under the advisory lock every store of
 * the kit takes to migrate the schema (the session store's too): processes starting at once
 * queue on it, and the second finds the migration recorded.
 */
export async function runMigration(pool: PostgresPool, migration: Migration): Promise<void> {
  const migrations = `"${migration.schema}"."${MIGRATIONS_TABLE}"`;
  const client = await pool.connect();
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [
      advisoryKey('admin-api:migrate', migration.schema),
    ]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${migrations} (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = await client.query(`SELECT 1 FROM ${migrations} WHERE name = $1`, [
      migration.name,
    ]);
    if (done.rowCount === 0) {
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${migrations} (name) VALUES ($1)`, [migration.name]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
