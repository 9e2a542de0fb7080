import { describe, expect, it } from 'vitest';
import { fleetKeys } from '../src/keys.js';
import { type BudgetAttempt, createRateBudget } from '../src/rate-budget.js';
import { redisTime, until, useRedisServer } from './redis-fixture.js';

const KEYS = fleetKeys('generation-client-id');
const WINDOW_MS = 10_000;

/** The attempt, which must have been refused. */
function refused(attempt: BudgetAttempt) {
  if (attempt.granted) throw new Error('expected a refusal, got a slot');
  return attempt;
}

describe('the budget generation in Redis', () => {
  const redis = useRedisServer();
  const budget = (windowMs = WINDOW_MS, maxInFlightMs = 60_000) =>
    createRateBudget({
      client: redis.client,
      keys: KEYS,
      rateLimit: { limit: 2, windowMs },
      maxInFlightMs,
    });

  it('a fresh budget grants at once to a process that vouches for nothing', async () => {
    const attempt = await budget().tryAcquire();
    expect(attempt.granted).toBe(true);
    expect(attempt.generation).toMatch(/^[0-9a-z]+$/);
  });

  it('the marker is not a slot: the limit still counts requests only', async () => {
    const b = budget();
    const first = await b.tryAcquire();
    expect((await b.tryAcquire({ knownGeneration: first.generation })).granted).toBe(true);
    const third = refused(await b.tryAcquire({ knownGeneration: first.generation }));
    expect(third).toMatchObject({ paused: false, held: false });
    expect(await redis.client.zCard(KEYS.budgetSlots)).toBe(3);
  });

  it.each([
    ['FLUSHALL', () => redis.client.flushAll()],
    ['a DEL of the slots alone', () => redis.client.del(KEYS.budgetSlots)],
  ])(
    'after %s a process that saw the generation is held for the window plus its slowest request, and so is every other',
    async (_, lose) => {
      const a = budget();
      const { generation } = await a.tryAcquire();
      await lose();

      const slowestMs = 700;
      const noticed = refused(await a.tryAcquire({ knownGeneration: generation, slowestMs }));
      expect(noticed).toMatchObject({ held: true, paused: false });
      expect(noticed.generation).not.toBe(generation);
      expect(noticed.waitMs).toBeGreaterThan(WINDOW_MS);
      expect(noticed.waitMs).toBeLessThanOrEqual(WINDOW_MS + slowestMs);

      // A process that knew nothing (just started) holds as well, for what is left.
      const newcomer = refused(await budget().tryAcquire());
      expect(newcomer).toMatchObject({ held: true, generation: noticed.generation });
      expect(newcomer.waitMs).toBeLessThanOrEqual(noticed.waitMs);
      // One that saw the old generation too, with nothing of its own still counting, does not
      // lengthen it; one with requests still counting does.
      const idle = refused(await budget().tryAcquire({ knownGeneration: generation }));
      expect(idle.waitMs).toBeLessThanOrEqual(noticed.waitMs);
      const busy = refused(
        await budget().tryAcquire({ knownGeneration: generation, pendingMs: 3 * WINDOW_MS }),
      );
      expect(busy.waitMs).toBeGreaterThan(2 * WINDOW_MS);
    },
  );

  it('a hold refuses nobody for good: the pause after a 429 is still told apart from it', async () => {
    const a = budget();
    const { generation } = await a.tryAcquire();
    await redis.client.flushAll();
    await a.pauseFor(30_000);
    const attempt = refused(await a.tryAcquire({ knownGeneration: generation }));
    expect(attempt).toMatchObject({ paused: true, held: false });
    // The loss was recorded all the same: the pause's end finds the hold.
    const marker = await redis.client.zRangeByScore(KEYS.budgetSlots, '+inf', '+inf');
    expect(marker).toEqual([expect.stringMatching(/^~generation:\w+:[1-9]\d*$/)]);
  });

  it('a window that empties on its own keeps its generation: no hold for a process that knew it', async () => {
    const windowMs = 50;
    // Its keys outlive it by a minute: only the window empties.
    const b = budget(windowMs);
    const first = await b.tryAcquire();
    if (first.granted) await first.slot.release();
    const releasedAt = await redisTime(redis.client);
    await until(async () => (await redisTime(redis.client)) > releasedAt + windowMs);
    const later = await b.tryAcquire({ knownGeneration: first.generation });
    expect(later).toMatchObject({ granted: true, generation: first.generation });
  });

  it('the slots set lives as long as a window and the longest flight after each acquisition', async () => {
    const b = budget(1_000, 2_000);
    await b.tryAcquire();
    const ttl = await redis.client.pTTL(KEYS.budgetSlots);
    expect(ttl).toBeGreaterThan(2_000);
    expect(ttl).toBeLessThanOrEqual(b.keysOutliveMs);
  });
});
