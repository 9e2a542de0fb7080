import type { PostgresPool, PostgresQueryResult } from './postgres-pool.js';

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
 * The wait blocks in the server (no polling); an aborted `signal` rejects at once with its
 * reason, cancels the waiting statement from another connection (`pg_cancel_backend`, which
 * needs the same role) and drops this one.
 */
export async function acquireAdvisoryLock(
  pool: PostgresPool,
  key: string,
  lifetimeMs: number,
  signal: AbortSignal | undefined,
): Promise<HeldLock> {
  signal?.throwIfAborted();
  const client = await pool.connect();
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
    },
  };
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

/** Resolves with `promise`, or rejects with the signal's reason (calling `onAbort`) first. */
function waitUnlessAborted(
  promise: Promise<unknown>,
  signal: AbortSignal | undefined,
  onAbort: () => void,
): Promise<void> {
  if (!signal) return promise.then(() => undefined);
  return new Promise<void>((resolve, reject) => {
    const aborted = () => {
      onAbort();
      reject(signal.reason);
    };
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', aborted);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error);
      },
    );
  });
}
