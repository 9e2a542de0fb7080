import type { AdminApiError } from '@admin-api/auth';
import { backoffDelayMs, checkCount, checkDurationMs } from '@admin-api/auth/internal';
import type { RetryReason } from './admin-api-events.js';
import { AuthError, RateLimitError } from './errors.js';
import { label } from './operation-label.js';

/** How the client retries. Every budget is small on purpose: the service blocks apps with high error rates. */
export interface RetryOptions {
  /** Retries after a 5xx, a dropped connection, a timeout or an unreadable answer. @default 2 */
  retries?: number;
  /** First backoff delay before jitter. @default 300 */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay. @default 5000 */
  maxDelayMs?: number;
  /** Retries after HTTP 429. @default 3 */
  rateLimitRetries?: number;
  /** Longest `Retry-After` the client waits out; a longer one fails at once with `RateLimitError`. @default 60000 */
  maxRetryAfterMs?: number;
  /** Wait after a 429 without a readable `Retry-After`. @default 2000 */
  defaultRetryAfterMs?: number;
}

/**
 * Shortest wait after a 429, whatever the server says: `Retry-After: 0` or a date in the past
 * would otherwise send the retries back-to-back into the limit.
 */
export const MIN_RETRY_AFTER_MS = 1_000;

export type RetryConfig = Readonly<Required<RetryOptions>>;

const NO_RETRIES: RetryOptions = { retries: 0, rateLimitRetries: 0 };

/** Fills in the defaults once and checks them. `false` turns off 5xx/network and 429 retries (401 still refreshes once). */
export function resolveRetryConfig(options: RetryOptions | false | undefined): RetryConfig {
  const o = options === false ? NO_RETRIES : (options ?? {});
  const delay = (name: keyof RetryOptions, value: number) =>
    checkDurationMs(`retry.${name}`, value, true);
  return {
    retries: checkCount('retry.retries', o.retries ?? 2),
    baseDelayMs: delay('baseDelayMs', o.baseDelayMs ?? 300),
    maxDelayMs: delay('maxDelayMs', o.maxDelayMs ?? 5_000),
    rateLimitRetries: checkCount('retry.rateLimitRetries', o.rateLimitRetries ?? 3),
    maxRetryAfterMs: delay('maxRetryAfterMs', o.maxRetryAfterMs ?? 60_000),
    defaultRetryAfterMs: delay('defaultRetryAfterMs', o.defaultRetryAfterMs ?? 2_000),
  };
}

/** Backoff before transient retry number `retry` (1-based). */
export function transientDelayMs(config: RetryConfig, retry: number): number {
  return backoffDelayMs(retry, config);
}

/**
 * The wait a 429 asks for: its `Retry-After`, `defaultRetryAfterMs` when absent or unreadable,
 * and never less than {@link MIN_RETRY_AFTER_MS}.
 */
export function rateLimitWaitMs(retryAfterMs: number | undefined, config: RetryConfig): number {
  return Math.max(MIN_RETRY_AFTER_MS, retryAfterMs ?? config.defaultRetryAfterMs);
}

/** How many retries of each kind a call has used so far. */
export interface RetryCounts {
  refreshedAfter401: boolean;
  rateLimitRetries: number;
  transientRetries: number;
}

/** A failed attempt, as the policy needs to see it. */
export interface FailedAttempt {
  error: AdminApiError;
  /** Why another attempt could succeed; absent when none can. */
  reason?: RetryReason | undefined;
  /** False when the request certainly never reached a server. */
  reached: boolean;
  /** The server's `Retry-After` (a 429's or a 503's), when it sent a readable one. */
  retryAfterMs?: number | undefined;
}

/** What to do after a failed attempt. */
export type RetryDecision =
  | { retry: false; error: AdminApiError }
  | { retry: true; reason: RetryReason; delayMs: number };

/** What the policy needs to know about the call. */
export interface RetryContext {
  /** A query, or a mutation the caller declared idempotent. */
  mayRepeat: boolean;
  operationName: string | undefined;
  attempt: number;
  /**
   * The attempt's token was issued moments ago to replace a refused one: if it is refused too,
   * the API refuses the app, and another token would be refused as well.
   */
  tokenReplacedRefusedOne: boolean;
}

/**
 * The retry policy: one token refresh after a 401 (none when the token was itself a fresh
 * replacement); 429s waited out within budget, never less than {@link MIN_RETRY_AFTER_MS};
 * transient failures retried with backoff for queries, for mutations marked idempotent, and for
 * requests that never reached a server, no sooner than a 503's `Retry-After` and not at all when
 * that is beyond `maxRetryAfterMs`. Everything else is final. The errors it makes keep the
 * failure's `mayHaveBeenApplied`.
 */
export function decideRetry(
  failure: FailedAttempt,
  counts: RetryCounts,
  config: RetryConfig,
  context: RetryContext,
): RetryDecision {
  const { error, reason } = failure;
  const { operationName, attempt } = context;
  const { mayHaveBeenApplied } = error;
  switch (reason) {
    case undefined:
      return { retry: false, error };
    case 'unauthenticated':
      if (!counts.refreshedAfter401 && !context.tokenReplacedRefusedOne) {
        return { retry: true, reason, delayMs: 0 };
      }
      return {
        retry: false,
        error: new AuthError(
          'UNAUTHENTICATED',
          `${label(operationName)}: the Admin API rejected a freshly issued token (HTTP ${error.status ?? 401}). ` +
            'Check that ADMIN_API_AUTH_URL and ADMIN_API_BASE_URL belong to the same store and that the app is installed.',
          {
            operationName,
            status: error.status,
            attempts: attempt,
            mayHaveBeenApplied,
            cause: error,
          },
        ),
      };
    case 'rate_limited': {
      const waitMs = rateLimitWaitMs(failure.retryAfterMs, config);
      if (counts.rateLimitRetries < config.rateLimitRetries && waitMs <= config.maxRetryAfterMs) {
        return { retry: true, reason, delayMs: waitMs };
      }
      return {
        retry: false,
        error: new RateLimitError(
          `${label(operationName)} was rate limited (HTTP 429) ${counts.rateLimitRetries + 1} time(s); the server asked to wait ` +
            `${Math.ceil(waitMs / 1000)} s. Lower the request rate (the rateLimit option paces calls) or retry later.`,
          waitMs,
          { operationName, status: 429, attempts: attempt, mayHaveBeenApplied, cause: error },
        ),
      };
    }
    default: {
      const safeToRepeat = context.mayRepeat || !failure.reached;
      const serverWaitMs = failure.retryAfterMs ?? 0;
      if (
        !safeToRepeat ||
        counts.transientRetries >= config.retries ||
        serverWaitMs > config.maxRetryAfterMs
      )
        return { retry: false, error };
      return {
        retry: true,
        reason,
        delayMs: Math.max(serverWaitMs, transientDelayMs(config, counts.transientRetries + 1)),
      };
    }
  }
}
