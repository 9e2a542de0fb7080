import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitError, type RetryEvent } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';

// The service's budget, scaled from 50 per 10 s to 50 per 1 s so the burst takes seconds, not minutes.
const BUDGET = { limit: 50, windowMs: 1_000 };
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: BUDGET });
const tooMany = (retryAfter?: string) => ({
  status: 429,
  body: '{"errors":[{"message":"Too many requests"}]}',
  headers: {
    'content-type': 'application/json',
    ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
  },
});

describe('pacing and 429', () => {
  it('a burst of 200 calls paced to the same budget gets no 429', async () => {
    const client = clientFor(emulator(), { rateLimit: BUDGET });
    const started = Date.now();
    await Promise.all(Array.from({ length: 200 }, () => client.request(GetMe)));
    expect(emulator().stats.rateLimited).toBe(0);
    expect(emulator().stats.graphqlRequests).toBe(200);
    // 200 requests at 50 per second need at least three full windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * BUDGET.windowMs);
  });

  it('without pacing, the same burst earns 429s (what pacing prevents)', async () => {
    const client = clientFor(emulator(), { rateLimit: false, retry: false });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => client.request(GetMe)),
    );
    const limited = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof RateLimitError,
    );
    expect(limited.length).toBeGreaterThan(0);
    expect(emulator().stats.rateLimited).toBe(limited.length);
  });

  it('a 429 waits for Retry-After seconds, then retries', async () => {
    emulator().faults.graphql.push(tooMany('1'));
    const retries: RetryEvent[] = [];
    const client = clientFor(emulator(), {
      rateLimit: BUDGET,
      hooks: { onRetry: (e) => retries.push(e) },
    });
    const started = Date.now();
    await client.request(GetMe);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toMatchObject([{ reason: 'rate_limited' }]);
    expect(emulator().stats.graphqlRequests).toBe(2);
  });

  it('a 429 with an HTTP-date Retry-After waits until that date', async () => {
    const until = new Date(Date.now() + 2_000);
    emulator().faults.graphql.push(tooMany(until.toUTCString()));
    await clientFor(emulator()).request(GetMe);
    // HTTP dates have whole seconds; the wait ends at `until` rounded down.
    expect(Date.now()).toBeGreaterThanOrEqual(Math.floor(until.getTime() / 1000) * 1000 - 50);
  });

  it('a 429 without Retry-After waits the default', async () => {
    emulator().faults.graphql.push(tooMany());
    const started = Date.now();
    await clientFor(emulator(), { retry: { defaultRetryAfterMs: 300 } }).request(GetMe);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('a mutation refused with 429 is retried and applied exactly once', async () => {
    emulator().faults.graphql.push(tooMany('0'));
    await clientFor(emulator()).request(SaveProduct, productInput('Patient Pot'));
    expect(
      emulator().stats.mutations.filter((m) => JSON.stringify(m.args).includes('Patient Pot')),
    ).toHaveLength(1);
  });

  it('too many 429s end in RateLimitError with the wait that was asked for', async () => {
    emulator().faults.graphql.push(tooMany('0'), tooMany('0'), tooMany('0'), tooMany('0'));
    const error = await rejection(clientFor(emulator()).request(GetMe));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterMs: 0,
      attempts: 4,
    });
    expect(emulator().stats.graphqlRequests).toBe(4);
  });

  it('a Retry-After beyond maxRetryAfterMs fails at once instead of hammering the service', async () => {
    emulator().faults.graphql.push(tooMany('120'));
    const started = Date.now();
    const error = await rejection(clientFor(emulator()).request(GetMe));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 120_000, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(500);
  });
});
