import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type RedisServerProcess,
  startRedisServer,
} from '../../../test/support/redis-server-process.js';
import {
  type FleetWorker,
  recordArrivals,
  skewed,
  startFleetWorkers,
  workerOptions,
} from './fleet-processes.js';
import { until } from './redis-fixture.js';

const PROCESSES = 4;
const BUDGET = { limit: 30, windowMs: 2_000 };
// Four processes at a quarter each never exceed the budget together while Redis is away.
const FALLBACK_SHARE = 0.25;

describe('Redis stopped and restarted in the middle of a run', () => {
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: BUDGET });
  let redis: RedisServerProcess | undefined;
  let workers: FleetWorker[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const options = workerOptions(emulator(), redis.url, {
      fleet: {
        rateLimit: BUDGET,
        fallbackShare: FALLBACK_SHARE,
        probeIntervalMs: 200,
        // Long enough that a loaded machine never looks like an outage; a stopped server fails
        // commands at once anyway.
        commandTimeoutMs: 3_000,
      },
    });
    workers = await startFleetWorkers(PROCESSES, options, skewed);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.exit()));
    await redis?.close();
  });

  it('calls keep succeeding within the fallback budget, with fleet_degraded then fleet_recovered and no 429', async () => {
    const server = redis as RedisServerProcess;
    const arrivals = recordArrivals(emulator());
    for (const worker of workers) worker.run(2);
    await until(async () => arrivals.length >= BUDGET.limit);

    await server.stop();
    await Promise.all(workers.map((worker) => worker.eventSeen('fleet_degraded')));
    const atOutage = arrivals.length;
    // Served by the processes' fallbacks alone: more than one window's worth of them.
    await until(async () => arrivals.length >= atOutage + BUDGET.limit);

    await server.restart();
    await Promise.all(workers.map((worker) => worker.eventSeen('fleet_recovered')));
    const atRecovery = arrivals.length;
    // Back on the shared budget: more than the fallbacks allow in a window.
    await until(async () => arrivals.length >= atRecovery + 2 * BUDGET.limit);
    const tallies = await Promise.all(workers.map((worker) => worker.stop()));

    expect(tallies.flatMap((tally) => tally.errors)).toEqual([]);
    expect(emulator().stats.rateLimited).toBe(0);
    for (const worker of workers) {
      expect(worker.events.map((event) => event.type)).toEqual([
        'fleet_degraded',
        'fleet_recovered',
      ]);
    }
    // Redis lost the token with its data: one process fetched the next for all.
    expect(emulator().stats.tokenRequests).toBe(2);
  });
});
