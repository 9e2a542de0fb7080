import { sleep } from '@admin-api/auth/internal';
import type { LockLease, RefreshLock } from './refresh-lock.js';

/** First pause between polls of a waiting process. */
export const DEFAULT_MIN_POLL_INTERVAL_MS = 20;
/** Pauses double up to this: how late, at most, a waiter notices the new token. */
export const DEFAULT_MAX_POLL_INTERVAL_MS = 100;

/** Options of {@link awaitRefreshTurn}. */
export interface RefreshTurnOptions<T> {
  lock: RefreshLock;
  /** Reads what a refresh produces (the shared token); a value ends the wait. */
  check: () => Promise<T | undefined>;
  /** Stops waiting; rejects with the signal's reason. */
  signal?: AbortSignal;
  /** @default 20 ({@link DEFAULT_MIN_POLL_INTERVAL_MS}) */
  minPollIntervalMs?: number;
  /** @default 100 ({@link DEFAULT_MAX_POLL_INTERVAL_MS}) */
  maxPollIntervalMs?: number;
}

/** Either another process's refresh produced a value, or this caller holds the lock and refreshes. */
export type RefreshTurn<T> =
  | { readonly kind: 'ready'; readonly value: T }
  | { readonly kind: 'lease'; readonly lease: LockLease };

/**
 * The cross-process single flight: resolves with the value as soon as `check` finds one, or with
 * the lock once it is free, whichever comes first. A holder that dies stops blocking when its
 * lease expires. Polls, with a short bounded interval, rather than subscribing: a refresh is rare
 * and lasts one token request, so a few polls cost less than a subscriber connection per process
 * (and on a Cluster, a broadcast per message), and a poll cannot miss a message sent while a
 * connection was down.
 */
export async function awaitRefreshTurn<T>(options: RefreshTurnOptions<T>): Promise<RefreshTurn<T>> {
  const { lock, check, signal } = options;
  const maxPollIntervalMs = options.maxPollIntervalMs ?? DEFAULT_MAX_POLL_INTERVAL_MS;
  let intervalMs = Math.min(
    options.minPollIntervalMs ?? DEFAULT_MIN_POLL_INTERVAL_MS,
    maxPollIntervalMs,
  );
  for (;;) {
    signal?.throwIfAborted();
    const value = await check();
    if (value !== undefined) return { kind: 'ready', value };
    const lease = await lock.tryAcquire();
    if (lease) {
      // The holder may have stored its value and released between our check and our acquire;
      // refreshing again would cost a second token request.
      const late = await check().catch(async (error: unknown) => {
        await lease.release();
        throw error;
      });
      if (late === undefined) return { kind: 'lease', lease };
      await lease.release();
      return { kind: 'ready', value: late };
    }
    await sleep(intervalMs, signal);
    intervalMs = Math.min(intervalMs * 2, maxPollIntervalMs);
  }
}
