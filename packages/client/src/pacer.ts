import { checkDurationMs, checkPositiveInteger } from '@admin-api/auth/internal';
import type { RateLimiter } from './rate-limiter.js';
import { realSetTimer, type SetTimer } from './scheduler.js';

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

/** Options of {@link createPacer}. */
export interface PacerOptions extends RateLimitOptions {
  /** Clock; only differences of it are used. @default Date.now */
  now?: () => number;
  /** Timer of the pacer's waits, e.g. a virtual one in tests. @default setTimeout */
  setTimer?: SetTimer;
}

interface Waiter {
  resolve(release: () => void): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * The in-process {@link RateLimiter}, the client's default: callers wait their turn in FIFO
 * order. A slot is counted from acquisition until `windowMs` after its response arrived. The
 * server counts a request at its arrival, which lies between the two, so the server's window
 * never sees more than `limit` requests, however long requests take. Options are checked here.
 *
 * One pacer can be shared by several clients of one app in a process:
 *
 * @example
 * const rateLimiter = createPacer({ limit: 50, windowMs: 10_000 });
 * const orders = createAdminClient({ ...credentials, rateLimiter });
 * const products = createAdminClient({ ...credentials, rateLimiter });
 */
export function createPacer(options: PacerOptions = {}): RateLimiter {
  const { limit, windowMs } = resolveRateLimit(options);
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? realSetTimer;
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
    pauseFor(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms);
      pump();
    },
  };
}
