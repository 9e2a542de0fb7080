import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRedisSessionStore } from '../src/index.js';
import { appTag } from '../src/keys.js';
import { storeSessionKeys } from '../src/session-keys.js';
import { until, useRedisServer } from './redis-fixture.js';
import type { SessionLockChildOptions } from './session-lock-child.js';
import { countingClient, subscribers } from './session-store-fixture.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./session-lock-child.ts', import.meta.url));
const APP = {
  clientId: 'killed-holder-client',
  clientSecret: 'killed-holder-secret-0123456789',
  now: Date.now,
};
const LIFETIME_MS = 1_500;

describe('a process killed while holding a store refresh lock', () => {
  const redis = useRedisServer();

  it('delays the others by at most the lock lifetime and never blocks them', async () => {
    const storeName = 'killed-holder-store';
    const keys = storeSessionKeys(appTag(APP.clientId), storeName, 'admin-api:');
    const options: SessionLockChildOptions = {
      redisUrl: redis.server.url,
      ...APP,
      storeName,
      lockLifetimeMs: LIFETIME_MS,
    };
    // Ready before the child takes the lock, so the lifetime is spent waiting, not setting up.
    const counted = countingClient(await redis.connect());
    const sessions = createRedisSessionStore(
      { client: counted.client },
      { lockLifetimeMs: LIFETIME_MS },
    );
    const app = sessions.open(APP);
    const child = fork(CHILD, [JSON.stringify(options)], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = once(child, 'exit');
    const order: string[] = [];
    try {
      await once(child, 'message');
      order.push('child holds the lock');
      const childOwner = await redis.client.get(keys.refreshLock);
      expect(childOwner).toMatch(/^[0-9a-f]{32}$/);
      const waiting = app.withRefreshLock(storeName, async () => {
        order.push('waiter holds the lock');
        return redis.client.get(keys.refreshLock);
      });
      // The waiter tried, subscribed and tried again: it is now waiting for a message or expiry.
      await until(async () => (await subscribers(redis.client, keys.lockReleased)) === 1);
      await until(async () => counted.sent() >= 2);
      const leftWhenKilled = await redis.client.pTTL(keys.refreshLock);
      child.kill('SIGKILL');
      await exited;
      order.push('child killed');

      const waiterOwner = await waiting;
      expect(order).toEqual(['child holds the lock', 'child killed', 'waiter holds the lock']);
      expect(leftWhenKilled).toBeGreaterThan(0);
      expect(leftWhenKilled).toBeLessThanOrEqual(LIFETIME_MS);
      expect(waiterOwner).not.toBe(childOwner);
      // No spinning: a try, a try once subscribed, a try when the dead holder's lease ran out,
      // the release; one more try at most should Redis's expiry lag the waiter's timer.
      expect(counted.sent()).toBeLessThanOrEqual(5);
      expect(await redis.client.exists(keys.refreshLock)).toBe(0);
    } finally {
      await sessions.close();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
