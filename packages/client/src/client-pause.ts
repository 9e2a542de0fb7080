import { sleep } from '@admin-api/auth/internal';
import { abortedError, RateLimitError } from './errors.js';
import { label } from './operation-label.js';
import type { RateLimiter } from './rate-limiter.js';
import { type RetryConfig, rateLimitWaitMs } from './retry-policy.js';
import type { SetTimer } from './scheduler.js';

/**
 * The client-wide hold after a 429, consulted by every call of the client before each attempt,
 * with or without a rate limiter. A 429 answers the app's budget, which all its calls share:
 * any other call sent meanwhile would earn a 429 of its own, and each counts against the app's
 * error rate.
 */
export interface ClientPause {
  /** Milliseconds left of the pause; 0 when none is in force. Cheap: read before every attempt. */
  remainingMs(): number;
  /**
   * Pauses the client (and its limiter) for the wait a 429 asks for: its `Retry-After`
   * (`retryAfterMs`), the default when absent, never less than the minimum. A longer pause
   * already in force stays.
   */
  holdAfter429(retryAfterMs: number | undefined): void;
  /**
   * Waits out the pause (`pausedMs`, from {@link remainingMs}) and any extension of it; rejects
   * at once with a `RateLimitError` when it lasts beyond `maxRetryAfterMs`, and with an
   * `AbortedError` when `signal` aborts.
   */
  waitOut(pausedMs: number, signal: AbortSignal | undefined, call: CallSoFar): Promise<void>;
}

/** What a call's error says about the attempts it made before it ended. */
export interface CallSoFar {
  operationName: string | undefined;
  attempts: number;
  mayHaveBeenApplied: boolean;
}

export function createClientPause(
  now: () => number,
  setTimer: SetTimer,
  retry: RetryConfig,
  rateLimiter: RateLimiter | undefined,
): ClientPause {
  // 0 until the first pause: until then, no call reads the clock for it.
  let until = 0;
  const remainingMs = () => (until === 0 ? 0 : Math.max(0, until - now()));
  return {
    remainingMs,
    holdAfter429(retryAfterMs) {
      const waitMs = rateLimitWaitMs(retryAfterMs, retry);
      until = Math.max(until, now() + waitMs);
      // The limiter holds every client sharing it (the whole fleet). Not beyond the bound: its
      // waiters cannot be failed fast, so they would hang for the whole wait; calls fail at
      // this pause instead, without being sent.
      if (rateLimiter && waitMs <= retry.maxRetryAfterMs) rateLimiter.pauseFor(waitMs);
    },
    async waitOut(pausedMs, signal, call) {
      for (let leftMs = pausedMs; leftMs > 0; leftMs = remainingMs()) {
        if (leftMs > retry.maxRetryAfterMs) {
          throw new RateLimitError(
            `${label(call.operationName)} was not sent: the client is paused for another ${Math.ceil(leftMs / 1000)} s ` +
              `after an HTTP 429, longer than retry.maxRetryAfterMs (${retry.maxRetryAfterMs} ms). Lower the ` +
              'request rate (the rateLimit option paces calls) or retry after retryAfterMs.',
            leftMs,
            call,
          );
        }
        try {
          await sleep(leftMs, signal, setTimer);
        } catch {
          throw abortedError(signal, call);
        }
      }
    },
  };
}
