import { ConfigurationError, type SetTimer } from '@admin-api/auth';
import {
  checkDurationMs,
  checkOptionalFunction,
  checkPositiveInteger,
  onAbort,
  realMonotonicNow,
  realSetTimer,
} from '@admin-api/auth/internal';
import { RateLimitError } from './errors.js';
import type { RateLimiter } from './rate-limiter.js';

/** The client-side request budget: at most `limit` requests in any `windowMs`. */
export interface RateLimitOptions {
  /** Requests per window, a positive integer up to 1,000,000. @default 50 (the service's limit) */
  limit?: number;
  /** Length of the window in milliseconds. @default 10000 */
  windowMs?: number;
}

/** {@link RateLimitOptions} checked, with the defaults filled in. */
export interface RateLimitConfig {
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Most requests a window can allow: the pacer keeps a timestamp per slot counted, so a limit
 * near 2^31 would let its memory grow without bound. Far above any real budget.
 */
export const MAX_RATE_LIMIT = 1_000_000;

/**
 * Checks a budget as the client does at creation, with the defaults filled in: a limit of 0 or a
 * NaN window would stall every call. A {@link RateLimiter} of your own (or a fleet) can check the
 * budget it is given the same way. Throws a `ConfigurationError` (`INVALID_OPTION`) naming the
 * option.
 *
 * @example
 * const { limit, windowMs } = resolveRateLimit({ limit: 40 }); // 40, 10000
 */
export function resolveRateLimit(options: RateLimitOptions): RateLimitConfig {
  const limit = checkPositiveInteger('rateLimit.limit', options.limit ?? 50);
  if (limit > MAX_RATE_LIMIT) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"rateLimit.limit" must be a positive integer up to ${MAX_RATE_LIMIT} (got ${limit})`,
    );
  }
  return {
    limit,
    windowMs: checkDurationMs('rateLimit.windowMs', options.windowMs ?? 10_000),
  };
}

/** Options of {@link createPacer}. */
export interface PacerOptions extends RateLimitOptions {
  /**
   * Clock the pacer's windows, pauses and holds are measured on. Only differences of it are
   * used, so it must not jump when the wall clock is set: a step back would hold every waiting
   * call for as long, a step forward would release a burst into the server's window.
   * @default performance.now
   */
  monotonicNow?: (() => number) | undefined;
  /**
   * Timer of the pacer's waits, e.g. a virtual one in tests, with `monotonicNow` reading the
   * same virtual time.
   * @default setTimeout
   */
  setTimer?: SetTimer;
}

interface Waiter {
  resolve(release: () => void): void;
  reject(reason: unknown): void;
  /** The longest pause the caller waits out. */
  maxPauseMs: number;
  /** Stops listening for the caller's abort. */
  unlink: (() => void) | undefined;
}

/** How a limiter refuses a caller whose `maxPauseMs` a pause exceeds: `leftMs` is what is left. */
function pausedBeyond(leftMs: number, maxPauseMs: number): RateLimitError {
  return new RateLimitError(
    `No slot: the rate limiter is paused for another ${Math.ceil(leftMs / 1000)} s after an HTTP 429, longer than maxPauseMs (${maxPauseMs} ms)`,
    leftMs,
    {},
  );
}

/** The in-process {@link RateLimiter} {@link createPacer} makes, with a hold of its own. */
export interface Pacer extends RateLimiter {
  /**
   * Holds every slot for `ms` from now, as `pauseFor` does, but refuses no caller: a wait of the
   * limiter's own, not a 429's, which callers wait out whatever their `maxPauseMs` (a fleet's
   * fallback holds so while other processes' requests may still count at the server).
   */
  holdFor(ms: number): void;
}

/**
 * The in-process {@link RateLimiter}, the client's default: callers wait their turn in FIFO
 * order, each refused with a `RateLimitError` as soon as a pause lasts beyond its `maxPauseMs`.
 * A slot is counted from acquisition until `windowMs` after its response arrived. The
 * server counts a request at its arrival, which lies between the two, so the server's window
 * never sees more than `limit` requests, however long requests take. Windows, pauses and holds
 * are measured on a monotonic clock (`monotonicNow`), so setting the wall clock neither holds
 * waiting calls longer nor releases a burst. Options are checked here.
 *
 * One pacer can be shared by several clients of one app in a process:
 *
 * @example
 * const rateLimiter = createPacer({ limit: 50, windowMs: 10_000 });
 * const orders = createAdminClient({ baseUrl, ...credentials, rateLimiter });
 * const products = createAdminClient({ baseUrl, ...credentials, rateLimiter });
 */
export function createPacer(options: PacerOptions = {}): Pacer {
  const budget = resolveRateLimit(options);
  checkOptionalFunction('monotonicNow', options.monotonicNow);
  checkOptionalFunction('setTimer', options.setTimer);
  return pacerFromConfig(
    budget,
    options.monotonicNow ?? realMonotonicNow,
    options.setTimer ?? realSetTimer,
  );
}

/**
 * {@link createPacer} for a budget already checked by {@link resolveRateLimit}; `now` is the
 * monotonic clock every window and wait is measured on.
 */
export function pacerFromConfig(
  { limit, windowMs }: RateLimitConfig,
  now: () => number,
  setTimer: SetTimer,
): Pacer {
  const queue: Waiter[] = [];
  const settled: number[] = [];
  let inFlight = 0;
  // After a 429: refuses callers with a smaller bound. -Infinity: none yet, whatever the
  // clock's origin.
  let pausedUntil = Number.NEGATIVE_INFINITY;
  // The limiter's own wait (`holdFor`): refuses nobody.
  let heldUntil = Number.NEGATIVE_INFINITY;
  let cancelTimer: (() => void) | undefined;

  const schedule = (delayMs: number) => {
    cancelTimer = setTimer(pump, Math.max(1, delayMs));
  };
  const cancelSchedule = () => {
    cancelTimer?.();
    cancelTimer = undefined;
  };
  /** Forgets slots whose window has passed. */
  const expire = (at: number) => {
    while (settled.length > 0 && (settled[0] ?? 0) <= at - windowMs) settled.shift();
  };

  function pump(): void {
    cancelSchedule();
    const at = now();
    expire(at);
    while (queue.length > 0) {
      const blockedUntil = Math.max(pausedUntil, heldUntil);
      if (at < blockedUntil) {
        schedule(blockedUntil - at);
        return;
      }
      if (inFlight + settled.length >= limit) {
        // Otherwise every slot is in flight and the next release pumps.
        if (settled.length > 0) schedule((settled[0] ?? at) + windowMs - at);
        return;
      }
      const waiter = queue.shift() as Waiter;
      waiter.unlink?.();
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
    acquire(signal, options) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (queue.length === 0) {
        // Nobody waits: when the budget allows, the slot is taken at once, with no waiter.
        const at = now();
        expire(at);
        if (at >= pausedUntil && at >= heldUntil && inFlight + settled.length < limit) {
          inFlight++;
          return Promise.resolve(createRelease());
        }
      }
      const maxPauseMs = options?.maxPauseMs ?? Number.POSITIVE_INFINITY;
      const pauseLeftMs = pausedUntil - now();
      if (pauseLeftMs > maxPauseMs) return Promise.reject(pausedBeyond(pauseLeftMs, maxPauseMs));
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, maxPauseMs, unlink: undefined };
        if (signal) {
          waiter.unlink = onAbort(signal, () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            // A timer with no waiter left would only keep the process alive.
            if (queue.length === 0) cancelSchedule();
            reject(signal.reason);
          });
        }
        queue.push(waiter);
        pump();
      });
    },
    pauseFor(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms);
      const leftMs = pausedUntil - now();
      // Callers that would not wait so long are refused now, not when the pause ends; in one
      // pass, however many wait.
      let kept = 0;
      for (const waiter of queue) {
        if (leftMs > waiter.maxPauseMs) {
          waiter.unlink?.();
          waiter.reject(pausedBeyond(leftMs, waiter.maxPauseMs));
        } else {
          queue[kept++] = waiter;
        }
      }
      queue.length = kept;
      pump();
    },
    holdFor(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
      pump();
    },
    honorsMaxPauseMs: true,
  };
}
