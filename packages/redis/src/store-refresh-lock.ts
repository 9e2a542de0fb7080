import type { ReleaseListener } from './lock-release-listener.js';
import type { AttemptableRefreshLock, LockLease } from './refresh-lock.js';
import { DEFAULT_MAX_POLL_INTERVAL_MS, DEFAULT_MIN_POLL_INTERVAL_MS } from './refresh-turn.js';

/** Options of {@link runWithStoreLock}. */
export interface StoreLockOptions {
  /** The store's lock, created with `releaseChannel: channel`. */
  lock: AttemptableRefreshLock;
  /** Where a release of the lock publishes. */
  channel: string;
  listener: ReleaseListener;
  /**
   * Stop waiting; rejects with the first one's reason: the caller's signal and the store's own
   * (aborted by `close()`). Listened to separately rather than through `AbortSignal.any`, which
   * would tie a signal per call to the store's long-lived one.
   */
  signals: readonly AbortSignal[];
}

function throwIfAborted(signals: readonly AbortSignal[]): void {
  for (const signal of signals) signal.throwIfAborted();
}

/**
 * Takes the lock, waiting as long as it takes, without spinning. A waiter subscribes to the
 * lock's release channel and tries again when a release is published, or, should no message
 * come (the holder died, the subscriber was down), when the holder's lease runs out in Redis:
 * the attempt that failed said how long it has left. Without pub/sub it polls (20 ms doubling to
 * 100 ms, never past the lease's end). Subscribing happens after a first attempt fails and before
 * the next one, so a release between the two is not missed.
 */
export async function acquireStoreLock(options: StoreLockOptions): Promise<LockLease> {
  const { lock, channel, listener, signals } = options;
  throwIfAborted(signals);
  let attempt = await lock.attempt();
  if (attempt.lease) return keepUnlessAborted(attempt.lease, signals);

  let released = false;
  let wake: (() => void) | undefined;
  const stop = await listener.listen(channel, () => {
    released = true;
    wake?.();
  });
  try {
    let pollMs = DEFAULT_MIN_POLL_INTERVAL_MS;
    for (;;) {
      throwIfAborted(signals);
      released = false;
      attempt = await lock.attempt();
      if (attempt.lease) return keepUnlessAborted(attempt.lease, signals);
      // `-1`: a key without expiry, which no lock writes; wait a lifetime before trying again.
      // The extra millisecond lets Redis's own expiry, checked in whole ms, pass first.
      const leftMs = attempt.remainingMs >= 0 ? attempt.remainingMs + 1 : lock.lifetimeMs;
      let waitMs = leftMs;
      if (!stop) {
        waitMs = Math.min(pollMs, leftMs);
        pollMs = Math.min(pollMs * 2, DEFAULT_MAX_POLL_INTERVAL_MS);
      }
      if (released) continue;
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          for (const signal of signals) signal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          done();
          reject(signals.find((signal) => signal.aborted)?.reason);
        };
        const timer = setTimeout(() => {
          done();
          resolve();
        }, waitMs);
        wake = () => {
          done();
          resolve();
        };
        if (signals.some((signal) => signal.aborted)) onAbort();
        else
          for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
      });
    }
  } finally {
    stop?.();
  }
}

/** A lease taken while the caller gave up is handed back at once. */
async function keepUnlessAborted(lease: LockLease, signals: readonly AbortSignal[]) {
  if (signals.some((signal) => signal.aborted)) {
    await lease.release().catch(() => {});
    throwIfAborted(signals);
  }
  return lease;
}

/**
 * Runs `task` holding the lock, and releases it when `task` settles. The lease is not extended:
 * its lifetime, counted by Redis from the moment it was taken, is the most this holder can keep
 * the others waiting, whether it dies, is stopped, or is alive with a task that never settles.
 * A release that fails (Redis unreachable) is left to the lease's expiry.
 */
export async function runWithStoreLock<T>(
  options: StoreLockOptions,
  task: () => Promise<T>,
): Promise<T> {
  const lease = await acquireStoreLock(options);
  try {
    return await task();
  } finally {
    await lease.release().catch(() => {});
  }
}
