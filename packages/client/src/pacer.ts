import { checkDurationMs, checkPositiveInteger } from '@admin-api/auth/internal';
import type { SetTimer } from './scheduler.js';

/** The client-side request budget: at most `limit` requests in any `windowMs`. */
export interface RateLimitOptions {
  /** Requests per window, a positive integer. @default 50 (the service's limit) */
  limit?: number;
  /** Length of the window in milliseconds. @default 10000 */
  windowMs?: number;
}

/** {@link RateLimitOptions} checked, with the defaults filled in. */
export interface RateLimitConfig {
  readonly limit: number;
  readonly windowMs: number;
}

/** Checks a budget once, at creation: a limit of 0 or a NaN window would stall every call. */
export function resolveRateLimit(options: RateLimitOptions): RateLimitConfig {
  return {
    limit: checkPositiveInteger('rateLimit.limit', options.limit ?? 50),
    windowMs: checkDurationMs('rateLimit.windowMs', options.windowMs ?? 10_000),
  };
}

/** Gives out request slots within the budget; callers wait their turn in FIFO order. */
export interface Pacer {
  /** Resolves with a `release` to call when the response has arrived (or the attempt failed). */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Holds every slot until `until` (epoch ms), e.g. after a 429. */
  pauseUntil(until: number): void;
}

interface Waiter {
  resolve(release: () => void): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * A slot is counted from acquisition until `windowMs` after its response arrived. The server
 * counts a request at its arrival, which lies between the two, so the server's window never sees
 * more than `limit` requests, however long requests take.
 */
export function createPacer(
  config: RateLimitConfig,
  clock: { now: () => number; setTimer: SetTimer },
): Pacer {
  const { limit, windowMs } = config;
  const { now, setTimer } = clock;
  const queue: Waiter[] = [];
  const settled: number[] = [];
  let inFlight = 0;
  let pausedUntil = 0;
  let cancelTimer: (() => void) | undefined;

  const schedule = (delayMs: number) => {
    cancelTimer = setTimer(pump, Math.max(1, delayMs));
  };

  function pump(): void {
    cancelTimer?.();
    cancelTimer = undefined;
    const at = now();
    while (settled.length > 0 && (settled[0] ?? 0) <= at - windowMs) settled.shift();
    while (queue.length > 0) {
      if (at < pausedUntil) {
        schedule(pausedUntil - at);
        return;
      }
      if (inFlight + settled.length >= limit) {
        // Otherwise every slot is in flight and the next release pumps.
        if (settled.length > 0) schedule((settled[0] ?? at) + windowMs - at);
        return;
      }
      const waiter = queue.shift() as Waiter;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      inFlight++;
      waiter.resolve(createRelease());
    }
  }

  function createRelease(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight--;
      settled.push(now());
      pump();
    };
  }

  return {
    acquire(signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
        if (signal) {
          waiter.onAbort = () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            reject(signal.reason);
          };
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        queue.push(waiter);
        pump();
      });
    },
    pauseUntil(until) {
      pausedUntil = Math.max(pausedUntil, until);
      pump();
    },
  };
}
