import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigurationError } from '@admin-api/auth';
import { describe, expect, it } from 'vitest';
import { fleetKeys } from '../src/keys.js';
import {
  type BudgetAttempt,
  createRateBudget,
  type RateBudget,
  type RateBudgetOptions,
} from '../src/rate-budget.js';
import { type GrantTimes, mostCountedAtOnce, mostGrantsInAnyWindow } from './budget-windows.js';
import { until, useRedisServer } from './redis-fixture.js';

const KEYS = fleetKeys('test-client-id');

describe('the shared rate budget', () => {
  const redis = useRedisServer();
  const budgetFor = async (options: Partial<RateBudgetOptions> = {}) =>
    createRateBudget({ client: await redis.connect(), keys: KEYS, ...options });

  type Grant = Extract<BudgetAttempt, { granted: true }>;

  async function granted(attempt: Promise<BudgetAttempt>): Promise<Grant> {
    const result = await attempt;
    if (!result.granted) throw new Error(`expected a grant, got a wait of ${result.waitMs} ms`);
    return result;
  }

  /** Tries until granted, sleeping each wait it is told; every attempt, the grant last. */
  async function attemptsUntilGranted(budget: RateBudget): Promise<BudgetAttempt[]> {
    const attempts: BudgetAttempt[] = [];
    for (;;) {
      const attempt = await budget.tryAcquire();
      attempts.push(attempt);
      if (attempt.granted) return attempts;
      await sleep(attempt.waitMs);
    }
  }

  const eventualGrant = (budget: RateBudget) =>
    granted(attemptsUntilGranted(budget).then((attempts) => attempts.at(-1) as BudgetAttempt));

  it('never lets many processes calling at once exceed the limit in any window', async () => {
    const limit = 10;
    const windowMs = 250;
    const budgets = await Promise.all(
      Array.from({ length: 6 }, () => budgetFor({ rateLimit: { limit, windowMs } })),
    );
    const grants: GrantTimes[] = [];
    await Promise.all(
      budgets.map(async (budget) => {
        while (grants.length < 40) {
          const attempt = await budget.tryAcquire();
          if (!attempt.granted) {
            await sleep(attempt.waitMs);
            continue;
          }
          await sleep(Math.random() * 5);
          const { releasedAt } = await attempt.slot.release();
          grants.push({ at: attempt.at, releasedAt });
        }
      }),
    );
    expect(mostCountedAtOnce(grants, windowMs)).toBe(limit);
    expect(mostGrantsInAnyWindow(grants, windowMs)).toBeLessThanOrEqual(limit);
  });

  it('grants only its share of the limit', async () => {
    const budget = await budgetFor({ rateLimit: { limit: 10, windowMs: 60_000 }, share: 0.5 });
    expect(budget.effectiveLimit).toBe(5);
    const attempts = await Promise.all(Array.from({ length: 8 }, () => budget.tryAcquire()));
    expect(attempts.filter((attempt) => attempt.granted)).toHaveLength(5);
  });

  it('uses the client default of 50 requests per 10 s', async () => {
    const budget = await budgetFor();
    expect(budget.config).toEqual({ limit: 50, windowMs: 10_000, share: 1 });
    const attempts = await Promise.all(Array.from({ length: 51 }, () => budget.tryAcquire()));
    expect(attempts.filter((attempt) => attempt.granted)).toHaveLength(50);
  });

  it('a slot still in flight frees no earlier than a window after now', async () => {
    const budget = await budgetFor({ rateLimit: { limit: 1, windowMs: 500 } });
    await granted(budget.tryAcquire());
    expect(await budget.tryAcquire()).toMatchObject({ granted: false, waitMs: 500, paused: false });
  });

  it('a released slot counts for one window after its release, and the wait says when it frees', async () => {
    const budget = await budgetFor({ rateLimit: { limit: 1, windowMs: 200 } });
    const first = await granted(budget.tryAcquire());
    const { released, releasedAt } = await first.slot.release();
    expect(released).toBe(true);
    const denied = await budget.tryAcquire();
    expect(denied).toMatchObject({ granted: false, waitMs: releasedAt + 200 - denied.at });

    expect((await eventualGrant(budget)).at).toBeGreaterThanOrEqual(releasedAt + 200);
  });

  it('a slot never released (its process died) stops counting after maxInFlightMs and a window', async () => {
    const budget = await budgetFor({ rateLimit: { limit: 1, windowMs: 100 }, maxInFlightMs: 150 });
    const abandoned = await granted(budget.tryAcquire());
    expect((await eventualGrant(budget)).at).toBeGreaterThanOrEqual(abandoned.at + 250);
    expect(await abandoned.slot.release()).toMatchObject({ released: false });
  });

  it('releasing twice counts the slot from the first release', async () => {
    const budget = await budgetFor();
    const { slot } = await granted(budget.tryAcquire());
    const first = await slot.release();
    await sleep(5);
    expect(await slot.release()).toBe(first);
    expect(await redis.client.zScore(KEYS.budgetSlots, slot.id)).toBe(first.releasedAt);
  });

  it('a pause blocks every process until it passes', async () => {
    const pauser = await budgetFor();
    const budgets = await Promise.all(Array.from({ length: 3 }, () => budgetFor()));
    const { endsAt, remainingMs } = await pauser.pauseFor(500);
    expect(remainingMs).toBe(500);
    const attempts = (await Promise.all(budgets.map(attemptsUntilGranted))).flat();
    for (const attempt of attempts) {
      if (attempt.at < endsAt) expect(attempt).toMatchObject({ granted: false, paused: true });
      else expect(attempt.granted).toBe(true);
    }
    expect(attempts.filter((attempt) => attempt.at < endsAt).length).toBeGreaterThan(0);
  });

  it('a shorter pause does not cut a longer one short', async () => {
    const budget = await budgetFor();
    const long = await budget.pauseFor(10_000);
    const short = await budget.pauseFor(100);
    expect(short.endsAt).toBe(long.endsAt);
    expect(short.remainingMs).toBeGreaterThan(100);
  });

  it('reports a process with another budget, and forgets it once it is gone', async () => {
    const shortLived = { windowMs: 100 };
    const ours = await budgetFor({ rateLimit: { limit: 5, ...shortLived }, maxInFlightMs: 100 });
    const theirs = await budgetFor({ rateLimit: { limit: 4, ...shortLived }, maxInFlightMs: 100 });
    expect((await ours.tryAcquire()).otherConfigs).toEqual([]);
    expect((await theirs.tryAcquire()).otherConfigs).toEqual([
      { limit: 5, windowMs: 100, share: 1 },
    ]);
    expect((await ours.tryAcquire()).otherConfigs).toEqual([{ limit: 4, windowMs: 100, share: 1 }]);
    await until(async () => (await ours.tryAcquire()).otherConfigs.length === 0);
  });

  it('processes that disagree all hold to the strictest budget: the smallest limit over the longest window', async () => {
    const lenient = await budgetFor({ rateLimit: { limit: 10, windowMs: 1_000 } });
    const strict = await budgetFor({ rateLimit: { limit: 6, windowMs: 500 }, share: 0.5 });
    expect((await lenient.tryAcquire()).applied).toEqual({ limit: 10, windowMs: 1_000 });
    expect((await strict.tryAcquire()).applied).toEqual({ limit: 3, windowMs: 1_000 });
    const attempts: BudgetAttempt[] = [];
    for (let i = 0; i < 3; i++) attempts.push(await lenient.tryAcquire());
    expect(attempts.map((attempt) => attempt.granted)).toEqual([true, false, false]);
    expect(attempts[0]?.applied).toEqual({ limit: 3, windowMs: 1_000 });
    expect(attempts[0]?.otherConfigs).toEqual([{ limit: 6, windowMs: 500, share: 0.5 }]);
  });

  it('a process alone holds to its own budget', async () => {
    const attempt = await (await budgetFor({ rateLimit: { limit: 10 }, share: 0.3 })).tryAcquire();
    expect(attempt.applied).toEqual({ limit: 3, windowMs: 10_000 });
  });

  it.each([
    { rateLimit: { limit: 0 } },
    { rateLimit: { limit: 2.5 } },
    { rateLimit: { windowMs: -1 } },
    { share: 0 },
    { share: 1.5 },
    { share: Number.NaN },
    { maxInFlightMs: 0 },
  ])('rejects %o as a configuration error', (options) => {
    const attempt = () => createRateBudget({ client: redis.client, keys: KEYS, ...options });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it('rejects a pause that is not a positive number of ms', async () => {
    const budget = await budgetFor();
    await expect(budget.pauseFor(0)).rejects.toBeInstanceOf(ConfigurationError);
  });
});
