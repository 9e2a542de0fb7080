export {
  createPostgresDedupeStore,
  type PostgresDedupeStore,
} from './postgres-dedupe-store.js';
export {
  DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS,
  DEFAULT_DEDUPE_TABLE_NAME,
  type PostgresDedupeStoreOptions,
} from './postgres-dedupe-store-options.js';
export type {
  PostgresConnection,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
} from './postgres-pool.js';
export {
  createPostgresSessionStore,
  type PostgresSessionStore,
} from './postgres-session-store.js';
export {
  DEFAULT_LOCK_LIFETIME_MS,
  DEFAULT_SCHEMA,
  DEFAULT_TABLE_NAME,
  type PostgresSessionStoreOptions,
} from './postgres-session-store-options.js';
