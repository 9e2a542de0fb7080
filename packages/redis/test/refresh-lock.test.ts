import { ConfigurationError } from '@admin-api/auth';
import { describe, expect, it } from 'vitest';
import { fleetTokenKeys } from '../src/keys.js';
import { createRefreshLock, DEFAULT_LOCK_LIFETIME_MS } from '../src/refresh-lock.js';
import { awaitRefreshTurn } from '../src/refresh-turn.js';
import { until, useRedisServer } from './redis-fixture.js';

const KEY = fleetTokenKeys('test-client-id', 'test-client-secret').refreshLock;

describe('the refresh lock', () => {
  const redis = useRedisServer();
  const lockFor = async (lifetimeMs?: number) =>
    createRefreshLock({
      client: await redis.connect(),
      key: KEY,
      ...(lifetimeMs === undefined ? {} : { lifetimeMs }),
    });

  it('of many processes trying at once, exactly one gets it', async () => {
    const locks = await Promise.all(Array.from({ length: 12 }, () => lockFor()));
    const leases = await Promise.all(locks.map((lock) => lock.tryAcquire()));
    expect(leases.filter(Boolean)).toHaveLength(1);
  });

  it('lives a few seconds by default, counted by Redis', async () => {
    const lock = await lockFor();
    expect(lock.lifetimeMs).toBe(DEFAULT_LOCK_LIFETIME_MS);
    await lock.tryAcquire();
    const ttl = await redis.client.pTTL(KEY);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DEFAULT_LOCK_LIFETIME_MS);
  });

  it('stays exclusive until it expires, then another process gets it', async () => {
    const holder = await lockFor(200);
    const other = await lockFor(200);
    expect(await holder.tryAcquire()).toBeDefined();
    expect(await other.tryAcquire()).toBeUndefined();
    await until(async () => (await redis.client.pTTL(KEY)) === -2);
    expect(await other.tryAcquire()).toBeDefined();
  });

  it('a release by a process that does not hold it does nothing', async () => {
    const lease = await (await lockFor()).tryAcquire();
    // The lease expired and another process took the lock over.
    await redis.client.set(KEY, 'another-owner', { PX: 10_000 });
    expect(await lease?.release()).toBe(false);
    expect(await redis.client.get(KEY)).toBe('another-owner');
  });

  it('the owner can release it, and then another process gets it', async () => {
    const lease = await (await lockFor()).tryAcquire();
    expect(await lease?.release()).toBe(true);
    expect(await (await lockFor()).tryAcquire()).toBeDefined();
  });

  it('only the owner can extend it', async () => {
    const lease = await (await lockFor(10_000)).tryAcquire();
    await redis.client.pExpire(KEY, 500);
    expect(await lease?.extend()).toBe(true);
    expect(await redis.client.pTTL(KEY)).toBeGreaterThan(500);

    await redis.client.set(KEY, 'another-owner', { PX: 500 });
    expect(await lease?.extend()).toBe(false);
    expect(await redis.client.pTTL(KEY)).toBeLessThanOrEqual(500);
  });

  it('a lifetime that is not a positive integer is a configuration error', () => {
    for (const lifetimeMs of [0, -1, 1.5, Number.NaN]) {
      expect(() => createRefreshLock({ client: redis.client, key: KEY, lifetimeMs })).toThrow(
        ConfigurationError,
      );
    }
  });
});

describe('waiting for a refresh turn', () => {
  const redis = useRedisServer();
  const lockFor = async (lifetimeMs = 5_000) =>
    createRefreshLock({ client: await redis.connect(), key: KEY, lifetimeMs });
  const stored = async () => (await redis.client.get('refreshed')) ?? undefined;

  it('while one process refreshes, the others wait and get its result', async () => {
    const holder = await (await lockFor()).tryAcquire();
    const locks = await Promise.all(Array.from({ length: 5 }, () => lockFor()));
    const turns = Promise.all(locks.map((lock) => awaitRefreshTurn({ lock, check: stored })));
    await redis.client.set('refreshed', 'new-token');
    await holder?.release();
    const results = await turns;
    expect(results).toEqual(Array(5).fill({ kind: 'ready', value: 'new-token' }));
  });

  it('with nothing to wait for, the first process takes the lock', async () => {
    const lock = await lockFor();
    const turn = await awaitRefreshTurn({ lock, check: stored });
    expect(turn.kind).toBe('lease');
    expect(await redis.client.get(KEY)).toBe(turn.kind === 'lease' ? turn.lease.owner : null);
  });

  it('a holder that dies without releasing blocks the others only until the lock expires', async () => {
    const dead = await (await lockFor(300)).tryAcquire();
    const turn = await awaitRefreshTurn({ lock: await lockFor(), check: stored });
    expect(turn.kind).toBe('lease');
    expect(await dead?.release()).toBe(false);
  });

  it('a result stored just as the lock came free is used, not fetched again', async () => {
    const holder = await (await lockFor()).tryAcquire();
    let checks = 0;
    const turn = await awaitRefreshTurn({
      lock: await lockFor(),
      check: async () => {
        checks++;
        if (checks > 1) return stored();
        // The holder stores its result and releases between this check and the next acquire.
        await redis.client.set('refreshed', 'new-token');
        await holder?.release();
        return undefined;
      },
    });
    expect(turn).toEqual({ kind: 'ready', value: 'new-token' });
    expect(await redis.client.exists(KEY)).toBe(0);
  });

  it('an aborted wait rejects with the reason and leaves the lock alone', async () => {
    const holder = await (await lockFor()).tryAcquire();
    const controller = new AbortController();
    const turn = awaitRefreshTurn({
      lock: await lockFor(),
      check: stored,
      signal: controller.signal,
    });
    controller.abort(new Error('caller gave up'));
    await expect(turn).rejects.toThrow('caller gave up');
    expect(await redis.client.get(KEY)).toBe(holder?.owner);
  });
});
