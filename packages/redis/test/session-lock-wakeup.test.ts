import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRedisSessionStore } from '../src/index.js';
import { appTag } from '../src/keys.js';
import { storeSessionKeys } from '../src/session-keys.js';
import { until, useRedisServer } from './redis-fixture.js';
import { countingClient, deferred, subscribers } from './session-store-fixture.js';

const APP = {
  clientId: 'wakeup-client',
  clientSecret: 'wakeup-secret-0123456789abcdef',
  now: Date.now,
};
/** Long enough that a waiter woken by the lease's expiry would time the test out. */
const LIFETIME_MS = 60_000;

describe('waiting for a store refresh lock', () => {
  const redis = useRedisServer();

  it('a waiter is woken by the release, and sends nothing while it waits', async () => {
    const storeName = 'wakeup-store';
    const keys = storeSessionKeys(appTag(APP.clientId), storeName, 'admin-api:');
    const holder = createRedisSessionStore(
      { url: redis.server.url },
      { lockLifetimeMs: LIFETIME_MS },
    );
    const counted = countingClient(await redis.connect());
    const waiter = createRedisSessionStore(
      { client: counted.client },
      { lockLifetimeMs: LIFETIME_MS },
    );
    try {
      const held = deferred();
      const inside = deferred();
      const holding = holder.open(APP).withRefreshLock(storeName, async () => {
        inside.resolve();
        await held.promise;
        return 'holder';
      });
      await inside.promise;
      const waiting = waiter.open(APP).withRefreshLock(storeName, async () => 'waiter');
      // One try, the subscription, one more try: then it waits.
      await until(async () => (await subscribers(redis.client, keys.lockReleased)) === 1);
      await until(async () => counted.sent() === 2);
      // A poller, even at 100 ms, would have sent several more by now.
      await delay(500);
      expect(counted.sent()).toBe(2);
      expect(await redis.client.pTTL(keys.refreshLock)).toBeGreaterThan(LIFETIME_MS / 2);

      held.resolve();
      expect(await holding).toBe('holder');
      expect(await waiting).toBe('waiter');
      // Woken by the message: one try that took the lock, then its release.
      expect(counted.sent()).toBe(4);
      await until(async () => (await subscribers(redis.client, keys.lockReleased)) === 0);
    } finally {
      await holder.close();
      await waiter.close();
    }
  });

  it('without pub/sub (a client with no duplicate()), a waiter polls and still gets the lock', async () => {
    const storeName = 'polling-store';
    const own = await redis.connect();
    const client = { evalSha: own.evalSha.bind(own), eval: own.eval.bind(own) };
    const one = createRedisSessionStore({ client }, { lockLifetimeMs: LIFETIME_MS });
    const two = createRedisSessionStore({ client }, { lockLifetimeMs: LIFETIME_MS });
    const order: string[] = [];
    const held = deferred();
    const inside = deferred();
    const holding = one.open(APP).withRefreshLock(storeName, async () => {
      inside.resolve();
      await held.promise;
      order.push('holder out');
    });
    await inside.promise;
    const waiting = two.open(APP).withRefreshLock(storeName, async () => {
      order.push('waiter in');
    });
    await delay(50);
    held.resolve();
    await Promise.all([holding, waiting]);
    expect(order).toEqual(['holder out', 'waiter in']);
    await one.close();
    await two.close();
  });

  it('close() stops the waits of its store; the holder keeps the lock', async () => {
    const storeName = 'closing-store';
    const holder = createRedisSessionStore({ url: redis.server.url });
    const waiter = createRedisSessionStore({ url: redis.server.url });
    const held = deferred();
    const inside = deferred();
    const holding = holder.open(APP).withRefreshLock(storeName, async () => {
      inside.resolve();
      await held.promise;
      return 'holder';
    });
    await inside.promise;
    const waiting = waiter.open(APP).withRefreshLock(storeName, async () => 'waiter');
    const keys = storeSessionKeys(appTag(APP.clientId), storeName, 'admin-api:');
    await until(async () => (await subscribers(redis.client, keys.lockReleased)) === 1);
    const stopped = expect(waiting).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await waiter.close();
    await stopped;
    expect(await redis.client.exists(keys.refreshLock)).toBe(1);
    held.resolve();
    expect(await holding).toBe('holder');
    await holder.close();
  });
});
