import { type Emulator, startEmulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FleetWorker,
  recordArrivals,
  skewed,
  startFleetWorkers,
} from '../packages/redis/test/fleet-processes.js';
import { until } from '../packages/redis/test/redis-fixture.js';
import { type RedisServerProcess, startRedisServer } from './support/redis-server-process.js';
import {
  type RotatingTokenProxy,
  startRotatingTokenProxy,
} from './support/rotating-token-proxy.js';

const PER_SECRET = 4;
const BUDGET = { limit: 20, windowMs: 2_000 };
const SECRETS = { old: 'the-old-client-secret-5e1f', new: 'the-new-client-secret-9a0c' };

describe('a secret rotation: processes with the old and the new secret side by side on one fleet', () => {
  let redis: RedisServerProcess;
  let emulator: Emulator;
  let proxy: RotatingTokenProxy;
  let workers: FleetWorker[] = [];

  beforeAll(async () => {
    [redis, emulator] = await Promise.all([
      startRedisServer(),
      startEmulator({ rateLimit: BUDGET }),
    ]);
    proxy = await startRotatingTokenProxy({
      targetAuthUrl: emulator.authUrl,
      targetSecret: emulator.clientSecret,
      secrets: SECRETS,
    });
    const base = {
      redisUrl: redis.url,
      authUrl: proxy.authUrl,
      baseUrl: emulator.baseUrl,
      clientId: emulator.clientId,
      // A loaded machine must never look like a Redis outage here.
      fleet: { rateLimit: BUDGET, commandTimeoutMs: 5_000 },
    };
    workers = await startFleetWorkers(2 * PER_SECRET, { ...base, clientSecret: '' }, (i) => ({
      ...skewed(i),
      clientSecret: i % 2 === 0 ? SECRETS.old : SECRETS.new,
    }));
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.exit()));
    await proxy?.close();
    await emulator?.close();
    await redis?.close();
  });

  it('each secret makes one token request for the whole fleet, nobody finds a token it cannot read, and the one budget holds', async () => {
    const arrivals = recordArrivals(emulator);
    for (const worker of workers) worker.run(2);
    await until(async () => arrivals.length >= 3 * BUDGET.limit);
    const tallies = await Promise.all(workers.map((worker) => worker.stop()));

    expect(tallies.flatMap((tally) => tally.errors)).toEqual([]);
    expect(proxy.requestsBySecret).toEqual({ old: 1, new: 1 });
    expect(emulator.stats.tokenRequests).toBe(2);
    expect(workers.flatMap((worker) => worker.events).map((event) => event.type)).toEqual([]);
    expect(emulator.stats.rateLimited).toBe(0);
  });

  it('a burst of 401s for both tokens costs one more token request per secret', async () => {
    emulator.revokeTokens();
    const results = await Promise.all(workers.map((worker) => worker.call(3)));

    expect(results.flatMap((result) => result.tally.errors)).toEqual([]);
    // At least one per secret: each stale token is refused, then cleared once.
    expect(emulator.stats.unauthorized).toBeGreaterThanOrEqual(2);
    expect(proxy.requestsBySecret).toEqual({ old: 2, new: 2 });
    // The processes of one secret share one token; the two secrets hold two.
    const bySecret = (parity: number) =>
      new Set(results.filter((_, i) => i % 2 === parity).flatMap((r) => r.tokenFingerprints));
    expect(bySecret(0).size).toBe(1);
    expect(bySecret(1).size).toBe(1);
    expect(bySecret(0)).not.toEqual(bySecret(1));
    expect(workers.flatMap((worker) => worker.events)).toEqual([]);
  });
});
