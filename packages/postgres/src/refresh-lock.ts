import type { LockConnections } from './lock-connections.js';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';

/** A store's refresh lock, held: `release()` frees it (and never throws). */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the advisory lock `key` on a pooled connection of its own, inside a transaction, and
 * resolves once it is held. The transaction-level lock is freed by the end of the transaction or
 * of the connection, whichever comes first:
 * - released: `ROLLBACK`, and the connection goes back to the pool clean;
 * - a process that dies: its connection drops and the server ends the transaction at once;
 * - a process that hangs: `idle_in_transaction_session_timeout` (set for this transaction only)
 *   makes the server end the session after `lifetimeMs` without a statement.
 * The connection is one of `connections`' slots, taken first (waiting in the process while all
 * are in use) and freed when the connection goes back to the pool or is dropped, so the locks
 * never hold every connection of the pool.
 * The wait blocks in the server (no polling); an aborted `signal` rejects at once with its
 * reason, whether it waits for a slot, a connection or the lock; it cancels a waiting statement
 * from another connection (`pg_cancel_backend`, which needs the same role) and drops this one.
 */
export async function acquireAdvisoryLock(
  pool: PostgresPool,
  connections: LockConnections,
  key: string,
  lifetimeMs: number,
  signal: AbortSignal | undefined,
): Promise<HeldLock> {
  signal?.throwIfAborted();
  const freeSlot = await connections.take(signal);
  const client = await checkOut(pool, signal, freeSlot);
  let broken = false;
  // The server ending this session (the lifetime ran out) is an error event on an idle client:
  // noted, so the connection is dropped rather than returned to the pool.
  const onError = () => {
    broken = true;
  };
  client.on('error', onError);
  let done = false;
  const drop = () => {
    if (done) return;
    done = true;
    client.removeListener('error', onError);
    client.release(true);
    freeSlot();
  };

  try {
    signal?.throwIfAborted();
    // The lifetime and the backend's pid inside the transaction (so a pooler in transaction mode
    // cannot hand out another server session between them), then the wait for the lock.
    const begun = await client.query(
      `BEGIN; SET LOCAL idle_in_transaction_session_timeout = ${lifetimeMs}; SELECT pg_backend_pid() AS pid`,
    );
    const pid = Number(lastResult(begun).rows[0]?.pid);
    signal?.throwIfAborted();
    // The key is ours (a decimal 64-bit integer): inlined for the `::bigint` cast.
    const locked = client.query(`SELECT pg_advisory_xact_lock('${key}'::bigint)`);
    await waitUnlessAborted(locked, signal, () => {
      // Dropping the connection alone would leave its server session queued for the lock (a
      // waiting session does not notice its client has gone); the cancel takes it off the queue.
      pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => {});
    });
  } catch (error) {
    drop();
    throw error;
  }

  return {
    async release() {
      if (done) return;
      try {
        if (!broken) await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      if (broken) return drop();
      done = true;
      client.removeListener('error', onError);
      client.release();
      freeSlot();
    },
  };
}

/**
 * A pooled connection (the caller then frees `freeSlot` when it gives it back), or a rejection:
 * the pool's error (a checkout that timed out, an unreachable server), or the signal's reason as
 * soon as it is aborted. The slot is freed with a rejection, or for an abandoned checkout once
 * its late connection is back in the pool.
 */
async function checkOut(
  pool: PostgresPool,
  signal: AbortSignal | undefined,
  freeSlot: () => void,
): Promise<PostgresPoolClient> {
  let connecting: Promise<PostgresPoolClient>;
  try {
    connecting = pool.connect();
  } catch (error) {
    freeSlot();
    throw error;
  }
  let abandoned = false;
  try {
    return await waitUnlessAborted(connecting, signal, () => {
      abandoned = true;
      void connecting.then(
        (late) => {
          late.release();
          freeSlot();
        },
        () => freeSlot(),
      );
    });
  } catch (error) {
    if (!abandoned) freeSlot();
    throw error;
  }
}

/** node-postgres answers a query of several statements with one result per statement. */
function lastResult(
  result: PostgresQueryResult | readonly PostgresQueryResult[],
): PostgresQueryResult {
  if (!Array.isArray(result)) return result as PostgresQueryResult;
  const last = result.at(-1);
  if (!last) throw new Error('no result from a query of several statements');
  return last;
}

/** Settles as `promise` does, or rejects with the signal's reason (calling `onAbort`) first. */
function waitUnlessAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => void,
): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => {
      onAbort();
      reject(signal.reason);
    };
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', aborted);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error);
      },
    );
  });
}
