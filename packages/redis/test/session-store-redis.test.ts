import { randomBytes } from 'node:crypto';
import { ConfigurationError } from '@admin-api/auth';
import { describe, expect, it } from 'vitest';
import { sampleSession } from '../../app/test/support/session-store-suite.js';
import { createRedisSessionStore, DEFAULT_SESSION_TTL_MS } from '../src/index.js';
import { appTag } from '../src/keys.js';
import { installStateKey, storeSessionKeys } from '../src/session-keys.js';
import { type TestRedisClient, until, useRedisServer } from './redis-fixture.js';
import { deferred, subscribers } from './session-store-fixture.js';

const APP = {
  clientId: 'ttl-client',
  clientSecret: 'ttl-secret-0123456789abcdef',
  now: Date.now,
};
const TAG = appTag(APP.clientId);
const TTL_MS = 600_000;

async function connectedClients(admin: TestRedisClient): Promise<number> {
  const list = (await admin.sendCommand(['CLIENT', 'LIST'])) as string;
  return list.trim().split('\n').length;
}

describe('the Redis session store', () => {
  const redis = useRedisServer();

  it("the TTL of a store's entry is set by every write and not by a read", async () => {
    const sessions = createRedisSessionStore({ url: redis.server.url }, { sessionTtlMs: TTL_MS });
    const app = sessions.open(APP);
    const session = sampleSession();
    const key = storeSessionKeys(TAG, session.storeName, 'admin-api:').session;
    const ttl = () => redis.client.pTTL(key);
    try {
      await app.set(session);
      expect(await ttl()).toBeGreaterThan(TTL_MS - 60_000);
      expect(await ttl()).toBeLessThanOrEqual(TTL_MS);

      await redis.client.pExpire(key, 5_000);
      await app.get(session.storeName);
      expect(await ttl()).toBeLessThanOrEqual(5_000);

      const rotated = sampleSession({ storeName: session.storeName });
      expect(await app.set(rotated, { replacing: session.refreshToken })).toBe(true);
      expect(await ttl()).toBeGreaterThan(TTL_MS - 60_000);

      await redis.client.pExpire(key, 5_000);
      expect(
        await app.set(sampleSession({ storeName: session.storeName }), { replacing: 'x' }),
      ).toBe(false);
      expect(await ttl()).toBeLessThanOrEqual(5_000);

      expect(await app.markNeedsReinstall(session.storeName, rotated.refreshToken, 7)).toBe(true);
      expect(await ttl()).toBeGreaterThan(TTL_MS - 60_000);
    } finally {
      await sessions.close();
    }
  });

  it('keeps 90 days by default', async () => {
    const sessions = createRedisSessionStore({ url: redis.server.url });
    const session = sampleSession();
    await sessions.open(APP).set(session);
    const ttl = await redis.client.pTTL(
      storeSessionKeys(TAG, session.storeName, 'admin-api:').session,
    );
    expect(DEFAULT_SESSION_TTL_MS).toBe(90 * 24 * 60 * 60 * 1000);
    expect(ttl).toBeGreaterThan(DEFAULT_SESSION_TTL_MS - 60_000);
    await sessions.close();
  });

  it('keeps an install state an hour past its expiry, under a hash of the state', async () => {
    const sessions = createRedisSessionStore({ url: redis.server.url });
    const app = sessions.open(APP);
    const state = randomBytes(32).toString('base64url');
    const expiresAt = Date.now() + 600_000;
    await app.saveState({ state, storeName: 'acme', expiresAt });
    const keys = await redis.client.keys('*');
    expect(keys).toEqual([installStateKey(TAG, state, 'admin-api:')]);
    expect(keys[0]).not.toContain(state);
    const ttl = await redis.client.pTTL(keys[0] ?? '');
    expect(ttl).toBeGreaterThan(600_000 + 3_600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(600_000 + 3_600_000);
    // A state whose grace is over is not kept: it reads as unknown, as after expiry.
    const stale = randomBytes(32).toString('base64url');
    await app.saveState({ state: stale, storeName: 'acme', expiresAt: Date.now() - 3_700_000 });
    expect(await app.consumeState(stale)).toBeUndefined();
    await sessions.close();
  });

  it("puts one store's keys in one hash tag, with the store's name encoded", async () => {
    const sessions = createRedisSessionStore({ url: redis.server.url }, { keyPrefix: 'my-app:' });
    const app = sessions.open(APP);
    const plain = sampleSession({ storeName: 'acme' });
    const odd = sampleSession({ storeName: 'we}ird:{name' });
    await app.set(plain);
    await app.set(odd);
    expect((await redis.client.keys('*')).sort()).toEqual([
      `my-app:{${TAG}:acme}:session`,
      `my-app:{${TAG}:we%7Dird%3A%7Bname}:session`,
    ]);
    expect(await app.get(odd.storeName)).toEqual({ status: 'installed', session: odd });
    await sessions.close();
  });

  it('a session sealed under another key name or another secret reads as not installed', async () => {
    const sessions = createRedisSessionStore({ url: redis.server.url });
    const app = sessions.open(APP);
    const one = sampleSession();
    const two = sampleSession();
    await app.set(one);
    await app.set(two);
    const keyOne = storeSessionKeys(TAG, one.storeName, 'admin-api:').session;
    const keyTwo = storeSessionKeys(TAG, two.storeName, 'admin-api:').session;
    await redis.client.hSet(keyTwo, 'sealed', (await redis.client.hGet(keyOne, 'sealed')) ?? '');
    expect(await app.get(two.storeName)).toBeUndefined();
    const rotatedSecret = sessions.open({ ...APP, clientSecret: 'another-secret-0123456789' });
    expect(await rotatedSecret.get(one.storeName)).toBeUndefined();
    await sessions.close();
  });

  it("close() leaves a user's client open and closes only the subscriber it duplicated", async () => {
    const client = await redis.connect();
    const before = await connectedClients(redis.client);
    const sessions = createRedisSessionStore({ client });
    const app = sessions.open(APP);
    const held = deferred();
    const inside = deferred();
    const holding = app.withRefreshLock('user-client-store', async () => {
      inside.resolve();
      await held.promise;
    });
    await inside.promise;
    // A second caller waits, which opens the subscriber.
    const waiting = app.withRefreshLock('user-client-store', async () => 'second');
    const channel = storeSessionKeys(TAG, 'user-client-store', 'admin-api:').lockReleased;
    await until(async () => (await subscribers(redis.client, channel)) === 1);
    expect(await connectedClients(redis.client)).toBe(before + 1);
    held.resolve();
    await holding;
    expect(await waiting).toBe('second');
    await sessions.close();
    expect(client.isOpen).toBe(true);
    expect(await client.ping()).toBe('PONG');
    await until(async () => (await connectedClients(redis.client)) === before);
  });

  it('close() ends the connections a { url } store opened', async () => {
    const before = await connectedClients(redis.client);
    const sessions = createRedisSessionStore({ url: redis.server.url });
    await sessions.open(APP).set(sampleSession());
    expect(await connectedClients(redis.client)).toBe(before + 1);
    await sessions.close();
    await until(async () => (await connectedClients(redis.client)) === before);
    expect(() => sessions.open(APP)).toThrow(ConfigurationError);
  });

  it('options that cannot work are configuration errors naming the option', () => {
    const bad = [
      { keyPrefix: 'has{brace' },
      { sessionTtlMs: 0 },
      { sessionTtlMs: 1.5 },
      { lockLifetimeMs: -1 },
      { lockLifetimeMs: 2 ** 31 },
    ];
    for (const options of bad) {
      const name = Object.keys(options)[0] ?? '';
      expect(() => createRedisSessionStore({ url: redis.server.url }, options)).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining(name) }),
      );
    }
  });
});
