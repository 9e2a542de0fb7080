import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appTag } from '../packages/redis/src/keys.js';
import {
  type FleetEventRecord,
  type FleetWorker,
  recordArrivals,
  skewed,
  startFleetWorkers,
  workerOptions,
} from '../packages/redis/test/fleet-processes.js';
import { connectRedis, type TestRedisClient, until } from '../packages/redis/test/redis-fixture.js';
import { type RedisServerProcess, startRedisServer } from './support/redis-server-process.js';

const PROCESSES = 8;
const CALLERS_PER_PROCESS = 2;
// The service's 50 per 10 s scaled down so that an incident, its hold and the recovery take
// seconds.
const BUDGET = { limit: 20, windowMs: 2_000 };
// Eight processes at an eighth each never exceed the budget together while Redis is away.
const FALLBACK_SHARE = 1 / PROCESSES;
const FILLER = 'x'.repeat(256 * 1024);

describe("Redis losing the fleet's keys while 8 processes call flat out", () => {
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: BUDGET });
  let redis: RedisServerProcess;
  let admin: TestRedisClient;
  let workers: FleetWorker[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    admin = await connectRedis(redis.url);
    // It reconnects by itself after the restart; until then it has nothing to say.
    admin.on('error', () => {});
    const options = workerOptions(emulator(), redis.url, {
      fleet: {
        rateLimit: BUDGET,
        fallbackShare: FALLBACK_SHARE,
        probeIntervalMs: 200,
        // Long enough that a loaded machine never looks like an outage.
        commandTimeoutMs: 3_000,
      },
    });
    workers = await startFleetWorkers(PROCESSES, options, skewed);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.exit()));
    admin?.destroy();
    await redis?.close();
  });

  /** The app's keys in Redis now. */
  const appKeys = async () => admin.keys(`admin-api:{${appTag(emulator().clientId)}}:*`);

  /**
   * Runs every process flat out, applies `fault` once the shared budget is in use, waits for
   * every process to report the incident and its end, then for the calls to flow on the shared
   * budget again; returns each process's fleet events of the incident.
   */
  async function incident(fault: (reported: () => boolean) => Promise<unknown>) {
    const marks = workers.map((worker) => worker.events.length);
    const since = (worker: FleetWorker, i: number): FleetEventRecord[] =>
      worker.events.slice(marks[i]);
    const reported = () =>
      workers.some((worker, i) => since(worker, i).some((e) => e.type === 'fleet_degraded'));
    const arrivals = recordArrivals(emulator());
    for (const worker of workers) worker.run(CALLERS_PER_PROCESS);
    await until(async () => arrivals.length >= BUDGET.limit);

    await fault(reported);
    await Promise.all(workers.map((worker, i) => worker.eventSeen('fleet_degraded', marks[i])));
    await Promise.all(workers.map((worker, i) => worker.eventSeen('fleet_recovered', marks[i])));
    const atRecovery = arrivals.length;
    // Back on the shared budget: more than a window's worth, more than the fallbacks allow.
    await until(async () => arrivals.length >= atRecovery + 2 * BUDGET.limit);
    const tallies = await Promise.all(workers.map((worker) => worker.stop()));

    expect(tallies.flatMap((tally) => tally.errors)).toEqual([]);
    expect(tallies.reduce((sum, tally) => sum + (tally.statuses['429'] ?? 0), 0)).toBe(0);
    expect(emulator().stats.rateLimited).toBe(0);
    const events = workers.map(since);
    for (const seen of events) {
      expect(seen.map((event) => event.type)).toEqual(['fleet_degraded', 'fleet_recovered']);
    }
    return events.map(([degraded]) => degraded);
  }

  it('FLUSHALL: every process holds for a window (fleet_degraded, keys_lost), then calls on the shared budget, with no 429', async () => {
    const degraded = await incident(() => admin.flushAll());
    for (const event of degraded) expect(event).toMatchObject({ reason: 'keys_lost' });
  });

  it("a DEL of the app's keys: the same", async () => {
    const degraded = await incident(async () => admin.del(await appKeys()));
    for (const event of degraded) expect(event).toMatchObject({ reason: 'keys_lost' });
  });

  it('eviction under allkeys-lru with maxmemory, the cache filling up: the same', async () => {
    const degraded = await incident(async (reported) => {
      const memory = await admin.info('memory');
      const used = Number(/used_memory:(\d+)/.exec(memory)?.[1]);
      await admin.configSet({
        'maxmemory-policy': 'allkeys-lru',
        maxmemory: String(used + 4 * FILLER.length),
      });
      // Every write evicts what LRU picks, until it picks the budget's slots.
      let written = 0;
      await until(async () => {
        await admin.set(`filler:${written++}`, FILLER);
        return reported();
      });
      await admin.configSet({ maxmemory: '0', 'maxmemory-policy': 'noeviction' });
      for await (const keys of admin.scanIterator({ MATCH: 'filler:*', COUNT: 100 })) {
        if (keys.length > 0) await admin.del(keys);
      }
    });
    for (const event of degraded) expect(event).toMatchObject({ reason: 'keys_lost' });
  });

  it('a restart without persistence: every process falls back (unreachable), then recovers, with no 429', async () => {
    const degraded = await incident(async () => {
      await redis.stop();
      await redis.restart();
    });
    for (const event of degraded) expect(event).toMatchObject({ reason: 'unreachable' });
  });
});
