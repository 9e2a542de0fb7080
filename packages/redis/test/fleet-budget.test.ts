import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fleetKeys } from '../src/keys.js';
import {
  type FleetWorker,
  first429,
  recordArrivals,
  skewed,
  startFleetWorkers,
  workerOptions,
} from './fleet-processes.js';
import { until, useRedisServer } from './redis-fixture.js';

const PROCESSES = 8;
const CALLERS_PER_PROCESS = 2;
// The service's 50 per 10 s scaled down so a run of three windows takes seconds: 5 requests/s,
// far below what the emulator answers even on a loaded 2-core machine, so the test measures how
// much of the budget the fleet uses, not how fast the emulator is.
const BUDGET = { limit: 10, windowMs: 2_000 };
const WINDOWS = 3;
const RETRY_AFTER_S = 3;

describe('one rate budget for the fleet, across real processes with skewed clocks', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: BUDGET });
  let workers: FleetWorker[] = [];

  beforeAll(async () => {
    // A loaded machine must never look like a Redis outage here.
    const fleet = { rateLimit: BUDGET, commandTimeoutMs: 5_000 };
    const options = workerOptions(emulator(), redis.server.url, { fleet });
    workers = await startFleetWorkers(PROCESSES, options, skewed);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.exit()));
  });

  /** Every process calls flat out until `done` holds, then reports. */
  async function runUntil(done: () => boolean) {
    for (const worker of workers) worker.run(CALLERS_PER_PROCESS);
    await until(async () => done());
    const tallies = await Promise.all(workers.map((worker) => worker.stop()));
    expect(tallies.flatMap((tally) => tally.errors)).toEqual([]);
    return tallies;
  }

  it(`${PROCESSES} processes calling flat out get no 429 and together use at least 90% of the budget`, async () => {
    // Every process has its token and has run its code once before the count starts.
    await Promise.all(workers.map((worker) => worker.call()));
    emulator().reset();
    // The fleet's window emptied as the emulator's was; its generation stays (deleting the slots
    // would be keys lost, and a hold).
    const keys = fleetKeys(emulator().clientId);
    await redis.client.zRemRangeByScore(keys.budgetSlots, '-inf', '(+inf');
    await redis.client.del([keys.budgetPause, keys.budgetConfigs]);
    const arrivals = recordArrivals(emulator());
    const windowsPassed = () =>
      arrivals.length > 0 && Date.now() >= (arrivals[0] ?? 0) + WINDOWS * BUDGET.windowMs;
    const tallies = await runUntil(windowsPassed);

    expect(emulator().stats.rateLimited).toBe(0);
    expect(tallies.reduce((sum, tally) => sum + (tally.statuses['429'] ?? 0), 0)).toBe(0);
    const start = arrivals[0] ?? 0;
    const accepted = arrivals.filter((t) => t < start + WINDOWS * BUDGET.windowMs).length;
    const allowed = WINDOWS * BUDGET.limit;
    expect(accepted).toBeLessThanOrEqual(allowed);
    expect(accepted / allowed).toBeGreaterThanOrEqual(0.9);
  });

  it('a 429 seen by one process pauses every process for its Retry-After', async () => {
    const [first, ...others] = workers as [FleetWorker, ...FleetWorker[]];
    const arrivals = recordArrivals(emulator(), first429(RETRY_AFTER_S));
    const pauseKey = fleetKeys(emulator().clientId).budgetPause;
    // One process meets the 429 and pauses the fleet; its call waits, then retries.
    const firstCall = first.call();
    await until(async () => (await redis.client.exists(pauseKey)) === 1);
    // Redis's clock is this machine's, the emulator's too: the pause ends then, in both.
    const pauseEndsAt = Number(await redis.client.get(pauseKey));
    // The others start while it holds, with the budget all but unused: only the pause stops them.
    for (const worker of others) worker.run(CALLERS_PER_PROCESS);
    await until(async () => arrivals.filter((t) => t >= pauseEndsAt).length >= BUDGET.limit);
    const tallies = await Promise.all(others.map((worker) => worker.stop()));
    const { tally } = await firstCall;

    expect(tally.statuses['429']).toBe(1);
    expect(tally.errors).toEqual([]);
    expect(tallies.flatMap((t) => t.errors)).toEqual([]);
    expect(pauseEndsAt - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
    expect(arrivals.slice(1).filter((t) => t < pauseEndsAt)).toEqual([]);
    expect(emulator().stats.rateLimited).toBe(0);
  });
});
