import { createHash } from 'node:crypto';
import type { PostgresSessionStoreConfig } from './postgres-session-store-options.js';

/** The table, shared by the kit's PostgreSQL stores, that records the migrations run. */
export const MIGRATIONS_TABLE = 'admin_api_migrations';

/** The qualified, quoted names of the store's tables. */
export interface StoreTables {
  readonly sessions: string;
  readonly states: string;
  /** The states' expiry index, unqualified (an index lives in its table's schema). */
  readonly expiryIndex: string;
  /** The name the one migration is recorded under: `<tableName>_v1`. */
  readonly migration: string;
}

/** Names checked by the options resolver (plain identifiers): quoting them is enough. */
export function storeTables({ schema, tableName }: PostgresSessionStoreConfig): StoreTables {
  const qualified = (name: string) => `"${schema}"."${name}"`;
  return {
    sessions: qualified(tableName),
    states: qualified(`${tableName}_states`),
    expiryIndex: `"${tableName}_states_expires_at"`,
    migration: `${tableName}_v1`,
  };
}

/**
 * A 64-bit advisory lock key for `parts`, as a decimal string for a `::bigint` cast. Keys from
 * different uses never meet: the first part names the use.
 */
export function advisoryKey(...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\0')).digest();
  return digest.readBigInt64BE(0).toString();
}

/**
 * The one migration: sessions keyed by app and store (the session sealed, the refresh token as
 * an HMAC for compare-and-set), and install states keyed by a hash of the state.
 */
export function migrationV1(tables: StoreTables): string {
  return `
CREATE TABLE IF NOT EXISTS ${tables.sessions} (
  client_id text NOT NULL,
  store_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('installed', 'needs_reinstall')),
  sealed text,
  refresh_fingerprint text,
  since bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, store_name),
  CHECK ((status = 'installed') = (sealed IS NOT NULL AND refresh_fingerprint IS NOT NULL))
);
CREATE TABLE IF NOT EXISTS ${tables.states} (
  client_id text NOT NULL,
  state_hash text NOT NULL,
  store_name text NOT NULL,
  expires_at bigint NOT NULL,
  used boolean NOT NULL DEFAULT false,
  PRIMARY KEY (client_id, state_hash)
);
CREATE INDEX IF NOT EXISTS ${tables.expiryIndex} ON ${tables.states} (expires_at);`;
}
