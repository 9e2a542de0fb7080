import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type {
  AppSessionStore,
  ConsumedState,
  SessionRecord,
  SessionStore,
  SessionStoreApp,
} from '@admin-api/app';
import { createSessionCodec } from '@admin-api/app/internal';
import { ConfigurationError } from '@admin-api/auth';
import { createLockConnections, type LockConnections } from './lock-connections.js';
import { runMigration } from './migration-runner.js';
import {
  lockConnectionLimit,
  openPool,
  type PostgresConnection,
  type PostgresPool,
} from './postgres-pool.js';
import {
  type PostgresSessionStoreConfig,
  type PostgresSessionStoreOptions,
  resolvePostgresSessionStoreConfig,
} from './postgres-session-store-options.js';
import { acquireAdvisoryLock } from './refresh-lock.js';
import { advisoryKey, migrationV1, type StoreTables, storeTables } from './schema.js';

/** A {@link SessionStore} in PostgreSQL: pass it to `createApp({ ..., sessions })`. */
export interface PostgresSessionStore extends SessionStore {
  /**
   * Stops every wait for a refresh lock (they reject) and ends the pool the store opened for a
   * `{ connectionString }`, once the locks held are released. A `{ pool }` passed in stays open.
   */
  close(): Promise<void>;
}

/** How long a state is kept past its expiry: a late reuse still reads as reused. */
const STATE_GRACE_MS = 3_600_000;
/** The most expired states one `saveState` deletes. */
const STATE_SWEEP_LIMIT = 100;

/**
 * App sessions in PostgreSQL, shared by every process of every app that opens it: sessions
 * sealed with AES-256-GCM under a key derived from each app's client secret, install states
 * kept as hashes, and one refresh lock per store (an advisory lock). Creates its tables on first
 * use (see the README's "Tables").
 *
 * @example
 * const sessions = createPostgresSessionStore({
 *   connectionString: process.env.DATABASE_URL ?? 'postgres://localhost/app',
 * });
 * // createApp({ clientId, clientSecret, redirectUri, scopes: ['read_products'], sessions });
 * // on shutdown: await sessions.close();
 */
export function createPostgresSessionStore(
  connection: PostgresConnection,
  options?: PostgresSessionStoreOptions,
): PostgresSessionStore {
  const config = resolvePostgresSessionStoreConfig(options);
  const { pool, size, end } = openPool(connection, {
    // A checkout never waits longer than a hung lock holder may keep the others waiting.
    connectionTimeoutMillis: config.lockLifetimeMs,
    maxLockConnections: config.maxLockConnections,
  });
  // Shared by every app opened on this store object: together their locks leave connections
  // for the tasks' queries.
  const lockConnections = createLockConnections(
    lockConnectionLimit(size, config.maxLockConnections),
  );
  const tables = storeTables(config);
  const closing = new AbortController();
  // Every lock request waiting (for a connection slot, a connection or the lock) listens to it:
  // as many as the app has stores refreshing, none left once they settle.
  setMaxListeners(0, closing.signal);
  let migrated: Promise<void> | undefined;
  const ready = () => {
    migrated ??= runMigration(pool, {
      schema: config.schema,
      name: tables.migration,
      sql: migrationV1(tables),
    }).catch((error: unknown) => {
      migrated = undefined; // The next call tries again.
      throw error;
    });
    return migrated;
  };
  return {
    open(app) {
      if (closing.signal.aborted) {
        throw new ConfigurationError(
          'INVALID_OPTION',
          'This session store is closed; open apps on it before sessions.close()',
        );
      }
      return openAppStore(app, {
        pool,
        lockConnections,
        tables,
        config,
        ready,
        closed: closing.signal,
      });
    },
    async close() {
      if (!closing.signal.aborted) {
        closing.abort(
          new ConfigurationError('INVALID_OPTION', 'The session store was closed while waiting'),
        );
      }
      await end();
    },
  };
}

interface StoreContext {
  readonly pool: PostgresPool;
  /** The pooled connections the refresh locks may hold at once, for every app of the store. */
  readonly lockConnections: LockConnections;
  readonly tables: StoreTables;
  readonly config: PostgresSessionStoreConfig;
  /** Aborted by `close()`: every wait for a lock stops. */
  readonly closed: AbortSignal;
  ready(): Promise<void>;
}

function openAppStore(app: SessionStoreApp, context: StoreContext): AppSessionStore {
  const { pool, tables, config } = context;
  const { clientId } = app;
  const codec = createSessionCodec(app);
  const keyName = (storeName: string) => `session:${clientId}:${storeName}`;
  const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');
  const query = async (text: string, values: unknown[]) => {
    await context.ready();
    return pool.query(text, values);
  };
  /** This process's turn per store: one connection per store waits on the server's lock. */
  const turns = new Map<string, Promise<unknown>>();

  return {
    lockLifetimeMs: config.lockLifetimeMs,

    async saveState({ state, storeName, expiresAt }) {
      await query(
        `WITH swept AS (
           DELETE FROM ${tables.states} WHERE ctid = ANY(ARRAY(
             SELECT ctid FROM ${tables.states} WHERE expires_at < $5 LIMIT ${STATE_SWEEP_LIMIT}))
         )
         INSERT INTO ${tables.states} (client_id, state_hash, store_name, expires_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (client_id, state_hash) DO NOTHING`,
        [clientId, hashState(state), storeName, expiresAt, app.now() - STATE_GRACE_MS],
      );
    },

    async consumeState(state): Promise<ConsumedState | undefined> {
      // The row lock makes concurrent consumers queue: the second reads `used` as the first left it.
      const { rows } = await query(
        `WITH previous AS (
           SELECT store_name, expires_at, used FROM ${tables.states}
           WHERE client_id = $1 AND state_hash = $2 FOR UPDATE
         )
         UPDATE ${tables.states} AS s SET used = true FROM previous
         WHERE s.client_id = $1 AND s.state_hash = $2
         RETURNING previous.store_name, previous.expires_at, previous.used`,
        [clientId, hashState(state)],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        record: { state, storeName: String(row.store_name), expiresAt: Number(row.expires_at) },
        alreadyUsed: row.used === true,
      };
    },

    async get(storeName): Promise<SessionRecord | undefined> {
      const { rows } = await query(
        `SELECT status, sealed, since FROM ${tables.sessions} WHERE client_id = $1 AND store_name = $2`,
        [clientId, storeName],
      );
      const row = rows[0];
      if (!row) return undefined;
      if (row.status === 'needs_reinstall') {
        return { status: 'needs_reinstall', storeName, since: Number(row.since) };
      }
      // A row that does not open (altered, another app's, or sealed under a former secret)
      // reads as not installed: only a new install can help.
      const session = codec.open(String(row.sealed), keyName(storeName));
      if (session?.storeName !== storeName) return undefined;
      return { status: 'installed', session };
    },

    async set(session, options) {
      const sealed = codec.seal(session, keyName(session.storeName));
      const fingerprint = codec.fingerprint(session.refreshToken);
      if (options?.replacing === undefined) {
        await query(
          `INSERT INTO ${tables.sessions} (client_id, store_name, status, sealed, refresh_fingerprint)
           VALUES ($1, $2, 'installed', $3, $4)
           ON CONFLICT (client_id, store_name) DO UPDATE SET status = 'installed',
             sealed = EXCLUDED.sealed, refresh_fingerprint = EXCLUDED.refresh_fingerprint,
             since = NULL, updated_at = now()`,
          [clientId, session.storeName, sealed, fingerprint],
        );
        return true;
      }
      const { rowCount } = await query(
        `UPDATE ${tables.sessions} SET sealed = $3, refresh_fingerprint = $4, updated_at = now()
         WHERE client_id = $1 AND store_name = $2 AND status = 'installed'
           AND refresh_fingerprint = $5`,
        [clientId, session.storeName, sealed, fingerprint, codec.fingerprint(options.replacing)],
      );
      return rowCount === 1;
    },

    async markNeedsReinstall(storeName, refreshToken, since) {
      const { rowCount } = await query(
        `UPDATE ${tables.sessions} SET status = 'needs_reinstall', sealed = NULL,
           refresh_fingerprint = NULL, since = $4, updated_at = now()
         WHERE client_id = $1 AND store_name = $2 AND status = 'installed'
           AND refresh_fingerprint = $3`,
        [clientId, storeName, codec.fingerprint(refreshToken), since],
      );
      return rowCount === 1;
    },

    async delete(storeName) {
      await query(`DELETE FROM ${tables.sessions} WHERE client_id = $1 AND store_name = $2`, [
        clientId,
        storeName,
      ]);
    },

    async withRefreshLock(storeName, task, options) {
      const signal = options?.signal
        ? AbortSignal.any([options.signal, context.closed])
        : context.closed;
      // Waiters of this process queue here first, so each store ties up one connection at most.
      const previous = turns.get(storeName) ?? Promise.resolve();
      let endTurn: () => void = () => {};
      const ended = new Promise<void>((resolve) => {
        endTurn = resolve;
      });
      const turn = previous.then(() => ended);
      turns.set(storeName, turn);
      try {
        await waitFor(previous, signal);
        const key = advisoryKey(
          'admin-api:refresh-lock',
          config.schema,
          config.tableName,
          clientId,
          storeName,
        );
        const lock = await acquireAdvisoryLock(
          pool,
          context.lockConnections,
          key,
          config.lockLifetimeMs,
          signal,
        );
        try {
          return await task();
        } finally {
          await lock.release();
        }
      } finally {
        endTurn();
        if (turns.get(storeName) === turn) turns.delete(storeName);
      }
    },
  };
}

/** Waits for `promise` (never rejects on its failure), or rejects with the signal's reason. */
function waitFor(promise: Promise<unknown>, signal: AbortSignal | undefined): Promise<void> {
  const settled = promise.then(
    () => undefined,
    () => undefined,
  );
  if (!signal) return settled;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
