import { describe, expect, it } from 'vitest';
import { AuthError, HttpError, RateLimitError } from '../src/index.js';
import {
  decideRetry,
  MIN_RETRY_AFTER_MS,
  type RetryCounts,
  resolveRetryConfig,
} from '../src/retry-policy.js';

const config = resolveRetryConfig({
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  rateLimitRetries: 2,
  maxRetryAfterMs: 5_000,
  defaultRetryAfterMs: 1_700,
});
const fresh = (): RetryCounts => ({
  refreshedAfter401: false,
  rateLimitRetries: 0,
  transientRetries: 0,
});
const error = new HttpError('HTTP_ERROR', 'boom', '', { operationName: 'Op', status: 503 });
const query = { mayRepeat: true, operationName: 'Op', attempt: 1, tokenReplacedRefusedOne: false };
const mutation = { ...query, mayRepeat: false };

describe('decideRetry', () => {
  it('a failure with no reason is final', () => {
    expect(decideRetry({ error, reached: true }, fresh(), config, query)).toEqual({
      retry: false,
      error,
    });
  });

  it('the first 401 refreshes and retries at once, even for a mutation', () => {
    expect(
      decideRetry({ error, reason: 'unauthenticated', reached: true }, fresh(), config, mutation),
    ).toEqual({
      retry: true,
      reason: 'unauthenticated',
      delayMs: 0,
    });
  });

  it('a second 401 is an AuthError UNAUTHENTICATED', () => {
    const decision = decideRetry(
      { error, reason: 'unauthenticated', reached: true },
      { ...fresh(), refreshedAfter401: true },
      config,
      query,
    );
    expect(decision.retry).toBe(false);
    expect(!decision.retry && decision.error).toBeInstanceOf(AuthError);
    expect(!decision.retry && decision.error.code).toBe('UNAUTHENTICATED');
  });

  it('a 429 waits what the server asked, or the default', () => {
    expect(
      decideRetry(
        { error, reason: 'rate_limited', reached: false, retryAfterMs: 1_500 },
        fresh(),
        config,
        mutation,
      ),
    ).toMatchObject({ retry: true, delayMs: 1_500 });
    expect(
      decideRetry({ error, reason: 'rate_limited', reached: false }, fresh(), config, mutation),
    ).toMatchObject({ retry: true, delayMs: 1_700 });
  });

  it('a 429 asking for no wait, or a wait in the past, waits the minimum of 1 s', () => {
    expect(
      decideRetry(
        { error, reason: 'rate_limited', reached: false, retryAfterMs: 0 },
        fresh(),
        config,
        query,
      ),
    ).toMatchObject({ retry: true, delayMs: MIN_RETRY_AFTER_MS });
    expect(MIN_RETRY_AFTER_MS).toBe(1_000);
  });

  it('a 401 with a token that had just replaced a refused one fails fast, without another refresh', () => {
    const decision = decideRetry(
      { error, reason: 'unauthenticated', reached: true },
      fresh(),
      config,
      { ...mutation, tokenReplacedRefusedOne: true },
    );
    expect(decision.retry).toBe(false);
    expect(!decision.retry && decision.error).toBeInstanceOf(AuthError);
    expect(!decision.retry && decision.error.code).toBe('UNAUTHENTICATED');
  });

  it('a 429 beyond the budget or the longest wait is a RateLimitError with the wait asked for', () => {
    const spent = decideRetry(
      { error, reason: 'rate_limited', reached: false, retryAfterMs: 10 },
      { ...fresh(), rateLimitRetries: 2 },
      config,
      query,
    );
    const tooLong = decideRetry(
      { error, reason: 'rate_limited', reached: false, retryAfterMs: 6_000 },
      fresh(),
      config,
      query,
    );
    for (const decision of [spent, tooLong])
      expect(!decision.retry && decision.error).toBeInstanceOf(RateLimitError);
    expect(!tooLong.retry && (tooLong.error as RateLimitError).retryAfterMs).toBe(6_000);
  });

  it('a transient failure of a query is retried with growing backoff, within budget', () => {
    const first = decideRetry(
      { error, reason: 'server_error', reached: true },
      fresh(),
      config,
      query,
    );
    const second = decideRetry(
      { error, reason: 'server_error', reached: true },
      { ...fresh(), transientRetries: 1 },
      config,
      query,
    );
    expect(first).toMatchObject({ retry: true, reason: 'server_error' });
    expect(first.retry && first.delayMs).toBeGreaterThanOrEqual(50);
    expect(first.retry && first.delayMs).toBeLessThanOrEqual(100);
    expect(second.retry && second.delayMs).toBeGreaterThanOrEqual(100);
    expect(
      decideRetry(
        { error, reason: 'server_error', reached: true },
        { ...fresh(), transientRetries: 2 },
        config,
        query,
      ),
    ).toEqual({ retry: false, error });
  });

  it('a transient failure of a mutation that may have reached the server is final', () => {
    expect(
      decideRetry({ error, reason: 'timeout', reached: true }, fresh(), config, mutation),
    ).toEqual({ retry: false, error });
  });

  it('a mutation that never reached a server is retried', () => {
    expect(
      decideRetry({ error, reason: 'network_error', reached: false }, fresh(), config, mutation),
    ).toMatchObject({ retry: true });
  });
});
