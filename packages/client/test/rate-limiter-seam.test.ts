import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminClientBaseOptions,
  createAdminClient,
  createPacer,
  MAX_SHARED_PAUSE_MS,
  RateLimitError,
  type RateLimiter,
} from '../src/index.js';
import { rejection, thrown, tooMany } from './client-fixture.js';
import { GetMe } from './documents.js';
import { createVirtualTime } from './virtual-time.js';

// 50 per 1 s: the service's budget scaled down; emulator and clients share one virtual clock.
const BUDGET = { limit: 50, windowMs: 1_000 };
const time = createVirtualTime();
const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { rateLimit: BUDGET, now: time.now },
);
const virtual = { now: time.now, monotonicNow: time.monotonicNow, setTimer: time.setTimer };

/** A client for the emulator, paced by `rateLimiter`, on the virtual clock. */
const clientWith = (rateLimiter: RateLimiter, options: Partial<AdminClientBaseOptions> = {}) =>
  createAdminClient({
    ...emulatorCredentials(emulator()),
    rateLimiter,
    ...virtual,
    ...options,
  });

/** A RateLimiter around another that records what the client asks of it. */
function recording(inner: RateLimiter) {
  const calls = { acquired: 0, released: 0, pauses: [] as number[] };
  const limiter: RateLimiter = {
    async acquire(signal) {
      const release = await inner.acquire(signal);
      calls.acquired++;
      return () => {
        calls.released++;
        release();
      };
    },
    pauseFor(ms) {
      calls.pauses.push(ms);
      inner.pauseFor(ms);
    },
  };
  return { limiter, calls };
}

describe('the RateLimiter seam', () => {
  it('one pacer shared by two clients keeps both within one budget: 150 calls, no 429', async () => {
    const rateLimiter = createPacer({ ...BUDGET, ...virtual });
    const a = clientWith(rateLimiter);
    const b = clientWith(rateLimiter);
    const started = time.now();
    await Promise.all(
      Array.from({ length: 75 }, () => [a.request(GetMe), b.request(GetMe)]).flat(),
    );
    expect(emulator().stats.graphqlRequests).toBe(150);
    expect(emulator().stats.rateLimited).toBe(0);
    expect(time.now() - started).toBeGreaterThanOrEqual(2 * BUDGET.windowMs);
  });

  it('the client takes a slot per attempt, releases each once, and pauses the limiter after a 429', async () => {
    const { limiter, calls } = recording(createPacer({ ...BUDGET, ...virtual }));
    emulator().faults.graphql.push(tooMany('3'));
    const started = time.now();
    await clientWith(limiter).request(GetMe);
    expect(calls).toEqual({ acquired: 2, released: 2, pauses: [3_000] });
    expect(time.now() - started).toBeGreaterThanOrEqual(3_000);
  });

  it('a pause holds every client sharing the limiter, not only the one that met the 429', async () => {
    const rateLimiter = createPacer({ ...BUDGET, ...virtual });
    const a = clientWith(rateLimiter);
    const b = clientWith(rateLimiter);
    emulator().faults.graphql.push(tooMany('2'));
    const started = time.now();
    await a.request(GetMe);
    let bAt = 0;
    await b.request(GetMe).then(() => {
      bAt = time.now();
    });
    expect(bAt - started).toBeGreaterThanOrEqual(2_000);
  });

  it("a pause one client sets beyond another's maxRetryAfterMs fails the other's waiting and new calls at once, unsent", async () => {
    // A budget of one: b's first call waits in the pacer while a's is answered.
    const rateLimiter = createPacer({ limit: 1, windowMs: 1_000, ...virtual });
    const sent = { a: 0, b: 0 };
    const counting = (name: 'a' | 'b') => ({
      onEvent: (event: { type: string }) => {
        if (event.type === 'graphql_request') sent[name]++;
      },
    });
    const a = clientWith(rateLimiter, { retry: { maxRetryAfterMs: 60_000 }, ...counting('a') });
    const b = clientWith(rateLimiter, { retry: { maxRetryAfterMs: 1_000 }, ...counting('b') });
    emulator().faults.graphql.push(tooMany('3'));
    const started = time.now();
    const aCall = a.request(GetMe);
    const waiting = rejection(b.request(GetMe));

    const refused = await waiting;
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', operationName: 'GetMe', attempts: 0 });
    expect((refused as RateLimitError).retryAfterMs).toBeGreaterThan(1_000);
    expect((refused as RateLimitError).message).toContain('retry.maxRetryAfterMs (1000 ms)');
    // At once: before the pause a's 429 asked for has ended.
    expect(time.now() - started).toBeLessThan(3_000);
    const later = await rejection(b.request(GetMe));
    expect(later).toMatchObject({ code: 'RATE_LIMITED', attempts: 0 });
    expect(time.now() - started).toBeLessThan(3_000);

    await aCall;
    expect(sent).toEqual({ a: 2, b: 0 });
  });

  it("a 429 beyond the receiving client's maxRetryAfterMs still pauses the pacer, for an hour at most: a client sharing it is not sent into the pause", async () => {
    const rateLimiter = createPacer({ ...BUDGET, ...virtual });
    const a = clientWith(rateLimiter, { retry: { maxRetryAfterMs: 1_000 } });
    const b = clientWith(rateLimiter, { retry: { maxRetryAfterMs: 60_000 } });
    // A day, as a misconfigured proxy might say: the limiter is handed at most an hour of it.
    emulator().faults.graphql.push(tooMany('86400'));
    expect(await rejection(a.request(GetMe))).toMatchObject({ code: 'RATE_LIMITED' });
    const refused = await rejection(b.request(GetMe));
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', attempts: 0 });
    expect((refused as RateLimitError).retryAfterMs).toBeGreaterThan(60_000);
    expect((refused as RateLimitError).retryAfterMs).toBeLessThanOrEqual(MAX_SHARED_PAUSE_MS);
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it("a pacer's own hold (holdFor) is waited out by a client with a smaller maxRetryAfterMs, not refused as a 429 pause is", async () => {
    const rateLimiter = createPacer({ ...BUDGET, ...virtual });
    const client = clientWith(rateLimiter, { retry: { maxRetryAfterMs: 1_000 } });
    const started = time.now();
    rateLimiter.holdFor(5_000);
    await client.request(GetMe);
    expect(time.now() - started).toBeGreaterThanOrEqual(5_000);

    rateLimiter.pauseFor(5_000);
    expect(await rejection(client.request(GetMe))).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('createPacer checks its budget at creation', () => {
    expect(() => createPacer({ limit: 0 })).toThrowError(/rateLimit\.limit/);
    expect(() => createPacer({ windowMs: Number.NaN })).toThrowError(/rateLimit\.windowMs/);
    const clock = thrown(() => createPacer({ monotonicNow: 5 as unknown as () => number }));
    expect(clock.code).toBe('INVALID_OPTION');
    expect(clock.message).toContain('"monotonicNow"');
  });
});
