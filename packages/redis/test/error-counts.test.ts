import { describe, expect, it } from 'vitest';
import { createRedisErrorCounts } from '../src/error-counts.js';
import type { RedisHealth } from '../src/redis-health.js';
import { redisTime, useRedisServer } from './redis-fixture.js';

const KEY = 'admin-api:{errors-test}:errors';
const WINDOW_MS = 60_000;
const BUCKET_MS = 1_000;
const health = { run: (operation: () => Promise<unknown>) => operation() } as RedisHealth;

describe("the fleet's error counts in Redis", () => {
  const redis = useRedisServer();
  const counts = () => createRedisErrorCounts({ client: redis.client, key: KEY, health });
  const totals = (buckets: readonly { requests: number; errors: number }[]) =>
    buckets.reduce(
      (sum, bucket) => ({
        requests: sum.requests + bucket.requests,
        errors: sum.errors + bucket.errors,
      }),
      { requests: 0, errors: 0 },
    );

  it('adds each exchange and answers the window, in buckets that began at most a window ago', async () => {
    await redis.client.del(KEY);
    await counts().exchange({ requests: 5, errors: 1 }, WINDOW_MS);
    const buckets = await counts().exchange({ requests: 2, errors: 2 }, WINDOW_MS);
    expect(totals(buckets)).toEqual({ requests: 7, errors: 3 });
    for (const bucket of buckets) expect(bucket.ageMs).toBeLessThanOrEqual(WINDOW_MS + BUCKET_MS);
    expect(await redis.client.pTTL(KEY)).toBeGreaterThan(WINDOW_MS);
  });

  it('drops what is not its own counts: a key of another type, foreign fields, future buckets, values that are not counts', async () => {
    await redis.client.del(KEY);
    await redis.client.set(KEY, 'not a hash');
    expect(totals(await counts().exchange({ requests: 1, errors: 0 }, WINDOW_MS))).toEqual({
      requests: 1,
      errors: 0,
    });
    const current = Math.floor((await redisTime(redis.client)) / BUCKET_MS);
    await redis.client.hSet(KEY, {
      rnan: '5',
      [`e:${WINDOW_MS}:${current + 100_000}`]: '1000000',
      [`r:${WINDOW_MS}:${current - 1}`]: 'abc',
      [`e:${WINDOW_MS}:${current - 2}`]: '-4',
      [`r:${WINDOW_MS}:${current - 3}`]: '1e400',
    });
    const buckets = await counts().exchange({ requests: 1, errors: 1 }, WINDOW_MS);
    expect(totals(buckets)).toEqual({ requests: 2, errors: 1 });
    expect(Object.keys(await redis.client.hGetAll(KEY)).sort()).toEqual(
      [`e:${WINDOW_MS}:${current}`, `r:${WINDOW_MS}:${current}`].sort(),
    );
  });

  it('keeps processes with different windows apart', async () => {
    await redis.client.del(KEY);
    await counts().exchange({ requests: 10, errors: 2 }, WINDOW_MS);
    await counts().exchange({ requests: 3, errors: 3 }, 6_000);
    expect(totals(await counts().exchange({ requests: 0, errors: 0 }, WINDOW_MS))).toEqual({
      requests: 10,
      errors: 2,
    });
    expect(totals(await counts().exchange({ requests: 0, errors: 0 }, 6_000))).toEqual({
      requests: 3,
      errors: 3,
    });
  });
});
