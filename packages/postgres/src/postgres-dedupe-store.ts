import type { DedupeClaim, WebhookDedupeStore } from '@admin-api/app';
import {
  checkClaimToken,
  checkDeliveryId,
  dedupeClock,
  newClaimToken,
} from '@admin-api/app/internal';
import { AdminApiError, ConfigurationError } from '@admin-api/auth';
import { checkDurationMs } from '@admin-api/auth/internal';
import { dedupeTable } from './dedupe-table.js';
import { runMigration } from './migration-runner.js';
import {
  type PostgresDedupeStoreOptions,
  resolvePostgresDedupeStoreConfig,
} from './postgres-dedupe-store-options.js';
import {
  openPool,
  type PostgresConnection,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from './postgres-pool.js';

/** A {@link WebhookDedupeStore} in PostgreSQL: pass it to `createWebhookHandler({ ..., dedupe })`. */
export interface PostgresDedupeStore extends WebhookDedupeStore {
  /**
   * Ends the pool the store opened for a `{ connectionString }`; a `{ pool }` passed in stays
   * open. Calls made after it reject with a ConfigurationError (`INVALID_OPTION`).
   */
  close(): Promise<void>;
}

/** The most expired rows one `complete` deletes, so the table does not grow without bound. */
export const DEDUPE_SWEEP_LIMIT = 100;
/**
 * How long past its deadline a row is kept before a `complete` may delete it: room for processes
 * whose clocks run behind, which judge the deadline later. Only frees space; never decides.
 */
export const DEDUPE_SWEEP_MARGIN_MS = 60_000;
/** What the store's tokens look like: a release with anything else cannot be a holder's. */
const TOKEN = /^[A-Za-z0-9_-]{24}$/;

const DONE: DedupeClaim = { outcome: 'done' };
const BUSY: DedupeClaim = { outcome: 'busy' };

/**
 * Creates a dedupe store for webhook deliveries in PostgreSQL, shared by every process of an
 * app: one row per delivery id. A claim is one `INSERT … ON CONFLICT DO UPDATE`, atomic without
 * explicit locks; complete, release and extend are one statement each, and each complete deletes
 * up to 100 rows whose deadline passed a minute ago. Deadlines are the callers' clock (`now`).
 * `extend` moves a lease whose deadline passed too, while no claim has taken it over and no
 * sweep has deleted it. Each call waits at most `commandTimeoutMs` (2 s by default) for
 * PostgreSQL, then rejects with an `AdminApiError` (`TIMEOUT`). Creates its table on first use,
 * under the same advisory lock as the session store's migration.
 *
 * @example
 * const dedupe = createPostgresDedupeStore({
 *   connectionString: process.env.DATABASE_URL ?? 'postgres://localhost/app',
 * });
 * // createWebhookHandler({ clientSecret, onEvent, dedupe }) of @admin-api/app
 * // on shutdown: await dedupe.close();
 */
export function createPostgresDedupeStore(
  connection: PostgresConnection,
  options?: PostgresDedupeStoreOptions,
): PostgresDedupeStore {
  const config = resolvePostgresDedupeStoreConfig(options);
  const { namespace, now, commandTimeoutMs } = config;
  const { pool, end } = openPool(connection, {
    // Longer than the call's deadline, so the deadline always answers first (with TIMEOUT) and
    // pg's own limit only ends a connection attempt nobody waits for any more.
    connectionTimeoutMillis: commandTimeoutMs * 2,
    maxLockConnections: undefined,
  });
  const { table, migration } = dedupeTable(config);
  let closed = false;
  let migrated: Promise<void> | undefined;
  const ready = () => {
    migrated ??= runMigration(pool, migration).catch((error: unknown) => {
      migrated = undefined; // The next call tries again.
      throw error;
    });
    return migrated;
  };
  /**
   * One statement on a pooled connection, within `commandTimeoutMs` for the migration, the
   * checkout and the statement together. Past it the connection is closed, not given back (an
   * unanswered statement would hold it), and one checked out later goes straight back.
   */
  const query = async (text: string, values: unknown[]): Promise<PostgresQueryResult> => {
    if (closed) {
      throw new ConfigurationError(
        'INVALID_OPTION',
        'This dedupe store is closed; close it only once the webhook handler is done',
      );
    }
    let late = false;
    let held: PostgresPoolClient | undefined;
    const giveBack = (destroy: boolean) => {
      const client = held;
      held = undefined;
      client?.release(destroy);
    };
    const work = async () => {
      await ready();
      const client = await pool.connect();
      if (late) {
        client.release();
        throw new Error('checked out after the call timed out');
      }
      held = client;
      let broken = false;
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        return await client.query(text, values);
      } finally {
        client.removeListener('error', onError);
        giveBack(broken);
      }
    };
    return withDeadline(work(), commandTimeoutMs, () => {
      late = true;
      const sent = held !== undefined;
      giveBack(true);
      return new AdminApiError(
        'TIMEOUT',
        sent
          ? `PostgreSQL did not answer the webhook dedupe store within ${commandTimeoutMs} ms (commandTimeoutMs); the statement may still run once it does`
          : `No connection to PostgreSQL within ${commandTimeoutMs} ms (commandTimeoutMs); the webhook dedupe store's statement was not sent`,
        { mayHaveBeenApplied: sent },
      );
    });
  };
  const clock = dedupeClock(now);

  return {
    async claim(id, leaseMs) {
      checkDeliveryId(id);
      const ms = Math.ceil(checkDurationMs('leaseMs', leaseMs));
      const at = clock();
      const token = newClaimToken();
      // A row whose deadline passed is taken over; a live one is written back as it was, which
      // locks it, so concurrent claims queue and each reads the state the one before left.
      const { rows } = await query(
        `INSERT INTO ${table} AS d (namespace, id, state, token, until_ms)
         VALUES ($1, $2, 'leased', $3, $4)
         ON CONFLICT (namespace, id) DO UPDATE SET
           state = CASE WHEN d.until_ms <= $5 THEN 'leased' ELSE d.state END,
           token = CASE WHEN d.until_ms <= $5 THEN EXCLUDED.token ELSE d.token END,
           until_ms = CASE WHEN d.until_ms <= $5 THEN EXCLUDED.until_ms ELSE d.until_ms END
         RETURNING d.state, d.token`,
        [namespace, id, token, at + ms, at],
      );
      const row = rows[0];
      if (row?.state === 'leased' && typeof row.token === 'string') {
        return row.token === token ? { outcome: 'claimed', token } : BUSY;
      }
      if (row?.state === 'done' && row.token === null) return DONE;
      throw new AdminApiError(
        'INVALID_RESPONSE',
        `PostgreSQL answered a claim on ${table} with no row of the dedupe store's form; is something else writing to the table?`,
      );
    },

    async complete(id, token, keepMs) {
      checkDeliveryId(id);
      checkClaimToken(token);
      const ms = Math.ceil(checkDurationMs('keepMs', keepMs));
      const at = clock();
      // The sweep leaves this id's row alone: one statement must not touch a row twice.
      await query(
        `WITH swept AS (
           DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
               SELECT ctid FROM ${table}
               WHERE until_ms < $4 AND NOT (namespace = $1 AND id = $2)
               LIMIT ${DEDUPE_SWEEP_LIMIT} FOR UPDATE SKIP LOCKED))
             AND until_ms < $4 AND NOT (namespace = $1 AND id = $2)
         )
         INSERT INTO ${table} AS d (namespace, id, state, token, until_ms)
         VALUES ($1, $2, 'done', NULL, $3)
         ON CONFLICT (namespace, id) DO UPDATE SET state = 'done', token = NULL,
           until_ms = CASE WHEN d.state = 'done' AND d.until_ms > EXCLUDED.until_ms
             THEN d.until_ms ELSE EXCLUDED.until_ms END`,
        [namespace, id, at + ms, at - DEDUPE_SWEEP_MARGIN_MS],
      );
    },

    async release(id, token) {
      checkDeliveryId(id);
      checkClaimToken(token);
      if (!TOKEN.test(token)) return;
      await query(
        `DELETE FROM ${table}
         WHERE namespace = $1 AND id = $2 AND state = 'leased' AND token = $3`,
        [namespace, id, token],
      );
    },

    async extend(id, token, leaseMs) {
      checkDeliveryId(id);
      checkClaimToken(token);
      const ms = Math.ceil(checkDurationMs('leaseMs', leaseMs));
      const at = clock();
      if (!TOKEN.test(token)) return false;
      const { rows } = await query(
        `UPDATE ${table} SET until_ms = $4
         WHERE namespace = $1 AND id = $2 AND state = 'leased' AND token = $3
         RETURNING 1 AS extended`,
        [namespace, id, token, at + ms],
      );
      return rows.length === 1;
    },

    async close() {
      closed = true;
      await end();
    },
  };
}

/**
 * `work`, or the error `onTimeout` makes once `ms` pass; `onTimeout` also lets go of what `work`
 * holds. The timer never outlives the race.
 */
function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
