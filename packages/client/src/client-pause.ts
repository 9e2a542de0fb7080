import type { SetTimer } from '@admin-api/auth';
import { sleep } from '@admin-api/auth/internal';
import { abortedError, type CallSoFar, RateLimitError } from './errors.js';
import { label } from './operation-label.js';
import type { RateLimiter } from './rate-limiter.js';
import { type RetryConfig, rateLimitWaitMs } from './retry-policy.js';

/**
 * The client-wide hold after a 429, consulted by every call of the client before each attempt,
 * with or without a rate limiter. A 429 answers the app's budget, which all its calls share:
 * any other call sent meanwhile would earn a 429 of its own, and each counts against the app's
 * error rate.
 */
export interface ClientPause {
  /**
   * When the latest pause ends, on the client's monotonic clock (`monotonicNow`);
   * `-Infinity` when there was none.
   */
  endsAt(): number;
  /**
   * Pauses the client (and its limiter) for the wait a 429 asks for: its `Retry-After`
   * (`retryAfterMs`), the default when absent, never less than the minimum. A longer pause
   * already in force stays.
   */
  holdAfter429(retryAfterMs: number | undefined): void;
  /**
   * Waits out the pause in force and any extension of it made meanwhile, and resolves with the
   * `endsAt` waited out; rejects at once with a `RateLimitError` when it lasts beyond
   * `maxRetryAfterMs`, and with an `AbortedError` when `signal` aborts. Trusts the timer: a
   * wait that has fired is over, whatever the clock says.
   */
  waitOut(signal: AbortSignal | undefined, call: CallSoFar): Promise<number>;
}

/**
 * Longest pause beyond `maxRetryAfterMs` the client hands a limiter that honors `maxPauseMs`:
 * `Retry-After` is untrusted (a proxy may say a day), and a fleet keeps its pause in Redis, where
 * it outlives every process. An hour, the service's first block for a high error rate.
 */
export const MAX_SHARED_PAUSE_MS = 3_600_000;

/** A call refused, unsent, because `what` is paused for `leftMs` more, beyond the bound. */
function pausedTooLong(
  what: string,
  leftMs: number,
  call: CallSoFar,
  retry: RetryConfig,
  cause?: unknown,
): RateLimitError {
  return new RateLimitError(
    `${label(call.operationName)} was not sent: ${what} is paused for another ${Math.ceil(leftMs / 1000)} s ` +
      `after an HTTP 429, longer than retry.maxRetryAfterMs (${retry.maxRetryAfterMs} ms). Lower the ` +
      'request rate (the rateLimit option paces calls) or retry after retryAfterMs.',
    leftMs,
    { ...call, cause },
  );
}

/**
 * The call's error when the rate limiter refused it a slot (`cause`, the limiter's
 * `RateLimitError`): a pause set by another client sharing the limiter, or another process of a
 * fleet, lasts beyond this client's `maxRetryAfterMs`.
 */
export function limiterPausedError(
  cause: RateLimitError,
  call: CallSoFar,
  retry: RetryConfig,
): RateLimitError {
  return pausedTooLong('its rate limiter', cause.retryAfterMs, call, retry, cause);
}

/**
 * The client's pause, measured on `monotonicNow`: a `Retry-After` arrives as a duration (an
 * HTTP date was turned into one on the wall clock at receipt), so setting the wall clock
 * neither lengthens nor ends it.
 */
export function createClientPause(
  monotonicNow: () => number,
  setTimer: SetTimer,
  retry: RetryConfig,
  rateLimiter: RateLimiter | undefined,
): ClientPause {
  // -Infinity until the first pause: until then, no call reads the clock for it.
  let until = Number.NEGATIVE_INFINITY;
  return {
    endsAt: () => until,
    holdAfter429(retryAfterMs) {
      const waitMs = rateLimitWaitMs(retryAfterMs, retry);
      until = Math.max(until, monotonicNow() + waitMs);
      // The limiter holds every client sharing it (the whole fleet). Beyond the bound only if
      // it refuses callers by their `maxPauseMs`: another would hold its waiters for the whole
      // wait, so calls fail at this pause instead, without being sent.
      if (rateLimiter && (waitMs <= retry.maxRetryAfterMs || rateLimiter.honorsMaxPauseMs)) {
        rateLimiter.pauseFor(
          Math.min(waitMs, Math.max(retry.maxRetryAfterMs, MAX_SHARED_PAUSE_MS)),
        );
      }
    },
    async waitOut(signal, call) {
      for (;;) {
        const ends = until;
        const leftMs = ends - monotonicNow();
        if (leftMs <= 0) return ends;
        if (leftMs > retry.maxRetryAfterMs) throw pausedTooLong('the client', leftMs, call, retry);
        try {
          await sleep(leftMs, signal, setTimer);
        } catch {
          throw abortedError(signal, call);
        }
        if (until === ends) return ends;
      }
    },
  };
}
