import { backoffDelayMs } from '@admin-api/auth';
import { ConfigurationError } from './errors.js';

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
