import type { Migration } from './migration-runner.js';
import type { PostgresDedupeStoreConfig } from './postgres-dedupe-store-options.js';

/** The dedupe store's table, qualified and quoted, and its one migration. */
export interface DedupeTable {
  readonly table: string;
  readonly migration: Migration;
}

/**
 * One row per delivery id in a namespace: `leased` with the holder's `token`, or `done`; and
 * `until_ms`, the deadline of either in the callers' clock (epoch ms), which the statements
 * compare with the `now` each call passes. Indexed on `until_ms` for the cleanup.
 * Names are checked by the options resolver (plain identifiers): quoting them is enough.
 */
export function dedupeTable({ schema, tableName }: PostgresDedupeStoreConfig): DedupeTable {
  const table = `"${schema}"."${tableName}"`;
  return {
    table,
    migration: {
      schema,
      name: `${tableName}_v1`,
      sql: `
CREATE TABLE IF NOT EXISTS ${table} (
  namespace text NOT NULL,
  id text NOT NULL,
  state text NOT NULL CHECK (state IN ('leased', 'done')),
  token text,
  until_ms bigint NOT NULL,
  PRIMARY KEY (namespace, id),
  CHECK ((state = 'leased') = (token IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS "${tableName}_until_ms" ON ${table} (until_ms);`,
    },
  };
}
