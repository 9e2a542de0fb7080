import { type BackoffOptions, backoffDelayMs } from './backoff.js';

/** A 5xx: the token host failed, and may do better on a retry. */
export function isServerError(status: number): boolean {
  return status >= 500 && status <= 599;
}

/** What {@link tokenRetryDelayMs} decides from. */
export interface TokenRetryInput {
  /** HTTP status of the failed attempt; `undefined` when no answer came (a network failure). */
  status: number | undefined;
  /** The answer's `Retry-After`, parsed; `undefined` when absent or unreadable. */
  retryAfterMs: number | undefined;
  /** The attempt that failed, from 1. */
  attempt: number;
  retries: number;
  backoff: BackoffOptions;
  random?: () => number;
}

/**
 * Milliseconds to wait before the next token request, or `undefined` for none. 5xx answers and
 * network failures are retried with backoff; a 429 only when it says how long to wait. A
 * `Retry-After` is a floor under the backoff, and one longer than `maxDelayMs` ends the retries:
 * asking again sooner than the server said would only add to what it counts against the app.
 */
export function tokenRetryDelayMs(input: TokenRetryInput): number | undefined {
  const { status, retryAfterMs, attempt, retries, backoff } = input;
  if (attempt > retries) return undefined;
  const serverFailure = status === undefined || isServerError(status);
  if (!serverFailure && !(status === 429 && retryAfterMs !== undefined)) return undefined;
  if (retryAfterMs !== undefined && retryAfterMs > backoff.maxDelayMs) return undefined;
  return Math.max(backoffDelayMs(attempt, backoff, input.random), retryAfterMs ?? 0);
}
