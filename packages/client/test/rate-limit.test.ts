import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminApiEvent, type GraphQLRetryEvent, RateLimitError } from '../src/index.js';
import { clientFor, rejection, tooMany } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';
import { createVirtualTime } from './virtual-time.js';

// The service's budget, scaled from 50 per 10 s to 50 per 1 s. The emulator and the clients
// share one virtual clock, so every window and wait is exact whatever the machine's load.
const BUDGET = { limit: 50, windowMs: 1_000 };
const time = createVirtualTime();
const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { rateLimit: BUDGET, now: time.now },
);
const virtual = { now: time.now, monotonicNow: time.monotonicNow, setTimer: time.setTimer };
const retriesOf = (events: AdminApiEvent[]) =>
  events.filter((e): e is GraphQLRetryEvent => e.type === 'graphql_retry');

describe('pacing and 429', () => {
  it('a burst of 200 calls paced to the same budget gets no 429 and spans at least three windows', async () => {
    const client = clientFor(emulator(), { rateLimit: BUDGET, ...virtual });
    const started = time.now();
    await Promise.all(Array.from({ length: 200 }, () => client.request(GetMe)));
    expect(emulator().stats.rateLimited).toBe(0);
    expect(emulator().stats.graphqlRequests).toBe(200);
    expect(time.now() - started).toBeGreaterThanOrEqual(3 * BUDGET.windowMs);
  });

  it('without pacing, the same burst in one instant earns exactly 150 429s (what pacing prevents)', async () => {
    const client = clientFor(emulator(), { rateLimit: false, retry: false, ...virtual });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => client.request(GetMe)),
    );
    const limited = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof RateLimitError,
    );
    expect(limited).toHaveLength(150);
    expect(emulator().stats.rateLimited).toBe(150);
  });

  it('a 429 waits for Retry-After seconds, then retries', async () => {
    emulator().faults.graphql.push(tooMany('2'));
    const events: AdminApiEvent[] = [];
    const client = clientFor(emulator(), {
      rateLimit: BUDGET,
      ...virtual,
      onEvent: (e) => events.push(e),
    });
    const started = time.now();
    await client.request(GetMe);
    expect(time.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(retriesOf(events)).toMatchObject([{ reason: 'rate_limited', delayMs: 2_000 }]);
    expect(emulator().stats.graphqlRequests).toBe(2);
  });

  it('a 429 with an HTTP-date Retry-After waits until that date', async () => {
    const until = new Date(time.now() + 5_000);
    emulator().faults.graphql.push(tooMany(until.toUTCString()));
    await clientFor(emulator(), virtual).request(GetMe);
    // HTTP dates have whole seconds; the wait ends at `until` rounded down.
    expect(time.now()).toBeGreaterThanOrEqual(Math.floor(until.getTime() / 1000) * 1000);
  });

  it('a 429 without Retry-After waits the default', async () => {
    emulator().faults.graphql.push(tooMany());
    const started = time.now();
    await clientFor(emulator(), { ...virtual, retry: { defaultRetryAfterMs: 1_500 } }).request(
      GetMe,
    );
    expect(time.now() - started).toBeGreaterThanOrEqual(1_500);
  });

  it('Retry-After: 0 or a date in the past still waits at least 1 s, not a burst of retries', async () => {
    emulator().faults.graphql.push(
      tooMany('0'),
      tooMany(new Date(time.now() - 60_000).toUTCString()),
    );
    const events: AdminApiEvent[] = [];
    const started = time.now();
    await clientFor(emulator(), { ...virtual, onEvent: (e) => events.push(e) }).request(GetMe);
    expect(retriesOf(events).map((e) => e.delayMs)).toEqual([1_000, 1_000]);
    expect(time.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(emulator().stats.graphqlRequests).toBe(3);
  });

  it('a mutation refused with 429 is retried and applied exactly once', async () => {
    emulator().faults.graphql.push(tooMany('0'));
    await clientFor(emulator(), virtual).request(SaveProduct, productInput('Patient Pot'));
    expect(
      emulator().stats.mutations.filter((m) => JSON.stringify(m.args).includes('Patient Pot')),
    ).toHaveLength(1);
  });

  it('too many 429s end in RateLimitError with the wait that was asked for', async () => {
    emulator().faults.graphql.push(tooMany('0'), tooMany('0'), tooMany('0'), tooMany('0'));
    const started = time.now();
    const error = await rejection(clientFor(emulator(), virtual).request(GetMe));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterMs: 1_000,
      attempts: 4,
    });
    expect(emulator().stats.graphqlRequests).toBe(4);
    expect(time.now() - started).toBeGreaterThanOrEqual(3_000);
  });

  it('a Retry-After beyond maxRetryAfterMs fails at once instead of hammering the service', async () => {
    emulator().faults.graphql.push(tooMany('120'));
    const started = time.now();
    const error = await rejection(clientFor(emulator(), virtual).request(GetMe));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 120_000, attempts: 1 });
    expect(time.now()).toBe(started);
  });

  it('a 429 with a fractional Retry-After waits the default, as if the header were absent', async () => {
    emulator().faults.graphql.push(tooMany('1.5'));
    const events: AdminApiEvent[] = [];
    await clientFor(emulator(), {
      ...virtual,
      retry: { defaultRetryAfterMs: 4_000 },
      onEvent: (e) => events.push(e),
    }).request(GetMe);
    expect(retriesOf(events).map((e) => e.delayMs)).toEqual([4_000]);
  });

  it('an enormous Retry-After fails at once with a finite wait, which maxRetryAfterMs refused', async () => {
    emulator().faults.graphql.push(tooMany('99999999999999999999'));
    const started = time.now();
    const error = await rejection(clientFor(emulator(), virtual).request(GetMe));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 2 ** 31 - 1, attempts: 1 });
    expect(time.now()).toBe(started);
  });
});
