import { type AdminApiError, ConfigurationError } from '@admin-api/auth';
import { backoffDelayMs } from '@admin-api/auth/internal';
import type { RetryReason } from './client-events.js';
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

export type RetryConfig = Readonly<Required<RetryOptions>>;

const NO_RETRIES: RetryOptions = { retries: 0, rateLimitRetries: 0 };

function nonNegative(name: keyof RetryOptions, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"retry.${name}" must be a non-negative number (got ${value})`,
    );
  }
  return value;
}

/** Fills in the defaults once. `false` turns off 5xx/network and 429 retries (401 still refreshes once). */
export function resolveRetryConfig(options: RetryOptions | false | undefined): RetryConfig {
  const o = options === false ? NO_RETRIES : (options ?? {});
  return {
    retries: nonNegative('retries', o.retries ?? 2),
    baseDelayMs: nonNegative('baseDelayMs', o.baseDelayMs ?? 300),
    maxDelayMs: nonNegative('maxDelayMs', o.maxDelayMs ?? 5_000),
    rateLimitRetries: nonNegative('rateLimitRetries', o.rateLimitRetries ?? 3),
    maxRetryAfterMs: nonNegative('maxRetryAfterMs', o.maxRetryAfterMs ?? 60_000),
    defaultRetryAfterMs: nonNegative('defaultRetryAfterMs', o.defaultRetryAfterMs ?? 2_000),
  };
}

/** Backoff before transient retry number `retry` (1-based). */
export function transientDelayMs(config: RetryConfig, retry: number): number {
  return backoffDelayMs(retry, config);
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
  retryAfterMs?: number | undefined;
}

/** What to do after a failed attempt. */
export type RetryDecision =
  | { retry: false; error: AdminApiError }
  | { retry: true; reason: RetryReason; delayMs: number };

/**
 * The retry policy: one token refresh after a 401; 429s waited out within budget; transient
 * failures retried with backoff for queries, for mutations marked idempotent, and for requests
 * that never reached a server. Everything else is final.
 */
export function decideRetry(
  failure: FailedAttempt,
  counts: RetryCounts,
  config: RetryConfig,
  context: { mayRepeat: boolean; operationName: string | undefined; attempt: number },
): RetryDecision {
  const { error, reason } = failure;
  const { operationName, attempt } = context;
  switch (reason) {
    case undefined:
      return { retry: false, error };
    case 'unauthenticated':
      if (!counts.refreshedAfter401) return { retry: true, reason, delayMs: 0 };
      return {
        retry: false,
        error: new AuthError(
          'UNAUTHENTICATED',
          `${label(operationName)}: the Admin API rejected a freshly issued token (HTTP ${error.status ?? 401}). ` +
            'Check that ADMIN_API_AUTH_URL and ADMIN_API_BASE_URL belong to the same store and that the app is installed.',
          { operationName, status: error.status, attempts: attempt, cause: error },
        ),
      };
    case 'rate_limited': {
      const waitMs = failure.retryAfterMs ?? config.defaultRetryAfterMs;
      if (counts.rateLimitRetries < config.rateLimitRetries && waitMs <= config.maxRetryAfterMs) {
        return { retry: true, reason, delayMs: waitMs };
      }
      return {
        retry: false,
        error: new RateLimitError(
          `${label(operationName)} was rate limited (HTTP 429) ${counts.rateLimitRetries + 1} time(s); the server asked to wait ` +
            `${Math.ceil(waitMs / 1000)} s. Lower the request rate (the rateLimit option paces calls) or retry later.`,
          waitMs,
          { operationName, status: 429, attempts: attempt, cause: error },
        ),
      };
    }
    default: {
      const safeToRepeat = context.mayRepeat || !failure.reached;
      if (!safeToRepeat || counts.transientRetries >= config.retries)
        return { retry: false, error };
      return {
        retry: true,
        reason,
        delayMs: transientDelayMs(config, counts.transientRetries + 1),
      };
    }
  }
}
