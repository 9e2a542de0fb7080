import { createHash } from 'node:crypto';
import type { AccessToken } from '@admin-api/auth';
import { ConfigurationError } from '@admin-api/auth';
import { createTokenCipher } from '@admin-api/auth/internal/node';
import { describe, expect, it } from 'vitest';
import { createRedisErrorCounts } from '../src/error-counts.js';
import { appTag, DEFAULT_KEY_PREFIX, fleetKeys, fleetTokenKeys, secretKeyId } from '../src/keys.js';
import { createRateBudget } from '../src/rate-budget.js';
import type { RedisHealth } from '../src/redis-health.js';
import { createRedisTokenStore } from '../src/redis-token-store.js';
import { createRefreshLock } from '../src/refresh-lock.js';
import { crc16, keySlot } from './cluster-slot.js';
import { type TestRedisClient, until, useRedisServer } from './redis-fixture.js';

const CLIENT_ID = 'store-client-id-7f3a91';
const SECRET = 'store-client-secret-d41d8cd98f00b204';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJhcHAiOiJzdG9yZS1jbGllbnQifQ.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';

interface ShortLifetimes {
  tokenMs: number;
  lockMs: number;
  windowMs: number;
  maxInFlightMs: number;
  pauseMs: number;
}

/** Uses every primitive once, as a fleet's processes would, and leaves what they leave. */
async function exerciseEverything(client: TestRedisClient, lifetimes: ShortLifetimes) {
  const keys = fleetKeys(CLIENT_ID);
  const secretKeys = fleetTokenKeys(CLIENT_ID, SECRET);
  const store = createRedisTokenStore({
    client,
    key: secretKeys.token,
    cipher: createTokenCipher(SECRET),
  });
  const token: AccessToken = {
    accessToken: TOKEN,
    tokenType: 'Bearer',
    expiresIn: lifetimes.tokenMs / 1000,
    expiresAt: Date.now() + lifetimes.tokenMs,
  };
  await store.set(token);
  expect((await store.get())?.accessToken).toBe(TOKEN);
  await store.compareAndDelete('some-other-token');
  await createRefreshLock({
    client,
    key: secretKeys.refreshLock,
    lifetimeMs: lifetimes.lockMs,
  }).tryAcquire();
  const budget = createRateBudget({
    client,
    keys,
    rateLimit: { limit: 5, windowMs: lifetimes.windowMs },
    maxInFlightMs: lifetimes.maxInFlightMs,
  });
  const attempt = await budget.tryAcquire();
  if (attempt.granted) await attempt.slot.release();
  await budget.tryAcquire(); // left in flight, as by a process that died
  await budget.pauseFor(lifetimes.pauseMs);
  const health = { run: (operation: () => Promise<unknown>) => operation() } as RedisHealth;
  await createRedisErrorCounts({ client, key: keys.errorCounts, health }).exchange(
    { requests: 3, errors: 1 },
    lifetimes.windowMs,
  );
}

/** Every key with everything it holds, as text. */
async function dump(client: TestRedisClient): Promise<Map<string, string>> {
  const contents = new Map<string, string>();
  for await (const batch of client.scanIterator({ COUNT: 100 })) {
    for (const key of batch) {
      const type = await client.type(key);
      const value =
        type === 'string'
          ? await client.get(key)
          : type === 'hash'
            ? JSON.stringify(await client.hGetAll(key))
            : type === 'zset'
              ? JSON.stringify(await client.zRangeWithScores(key, 0, -1))
              : `unexpected type ${type}`;
      contents.set(key, value ?? '');
    }
  }
  return contents;
}

describe('what the fleet leaves in Redis', () => {
  const redis = useRedisServer();

  it('holds no token, secret or client id in clear, in any key name or value', async () => {
    await exerciseEverything(redis.client, {
      tokenMs: 60_000,
      lockMs: 5_000,
      windowMs: 10_000,
      maxInFlightMs: 60_000,
      pauseMs: 5_000,
    });
    const contents = await dump(redis.client);
    // The probe's key is written only while a process is degraded, and holds `1`.
    const { probe: _, ...written } = fleetKeys(CLIENT_ID);
    const expected = [
      ...Object.values(written),
      ...Object.values(fleetTokenKeys(CLIENT_ID, SECRET)),
    ];
    expect([...contents.keys()].sort()).toEqual(expected.sort());
    for (const [key, value] of contents) {
      for (const secret of [TOKEN, SECRET, CLIENT_ID]) {
        expect(key).not.toContain(secret);
        expect(value).not.toContain(secret);
      }
    }
  });

  it('gives every key a TTL', async () => {
    await exerciseEverything(redis.client, {
      tokenMs: 60_000,
      lockMs: 5_000,
      windowMs: 10_000,
      maxInFlightMs: 60_000,
      pauseMs: 5_000,
    });
    const keys = [...(await dump(redis.client)).keys()];
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(await redis.client.pTTL(key)).toBeGreaterThan(0);
  });

  it("lets an abandoned app's keys vanish on their own", async () => {
    await exerciseEverything(redis.client, {
      tokenMs: 300,
      lockMs: 200,
      windowMs: 100,
      maxInFlightMs: 100,
      pauseMs: 150,
    });
    expect(await redis.client.dbSize()).toBe(6);
    await until(async () => (await redis.client.dbSize()) === 0);
  });
});

describe('key names', () => {
  it('computes Cluster slots as the specification does', () => {
    expect(crc16('123456789')).toBe(0x31c3);
    expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
    expect(keySlot('foo{}{bar}')).toBe(crc16('foo{}{bar}') % 16384);
  });

  it("put all of one app's keys in one Cluster slot, named by a short hash of the client id", () => {
    const keys = [
      ...Object.values(fleetKeys(CLIENT_ID, 'my-service:')),
      ...Object.values(fleetTokenKeys(CLIENT_ID, SECRET, 'my-service:')),
    ];
    const tag = appTag(CLIENT_ID);
    expect(tag).toMatch(/^[0-9a-f]{12}$/);
    for (const key of keys) {
      expect(key.startsWith(`my-service:{${tag}}:`)).toBe(true);
      expect(keySlot(key)).toBe(keySlot(`{${tag}}`));
    }
    expect(fleetTokenKeys(CLIENT_ID, SECRET).token).toBe(
      `${DEFAULT_KEY_PREFIX}{${tag}}:token:${secretKeyId(SECRET)}`,
    );
  });

  it("name each client secret's token by a key id that is neither the secret nor its plain hash", () => {
    const id = secretKeyId(SECRET);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(secretKeyId(SECRET)).toBe(id);
    expect(secretKeyId(`${SECRET}-rotated`)).not.toBe(id);
    expect(SECRET).not.toContain(id);
    expect(createHash('sha256').update(SECRET).digest('hex')).not.toContain(id);
    const rotated = fleetTokenKeys(CLIENT_ID, `${SECRET}-rotated`);
    expect(rotated.token).not.toBe(fleetTokenKeys(CLIENT_ID, SECRET).token);
    expect(rotated.refreshLock).not.toBe(fleetTokenKeys(CLIENT_ID, SECRET).refreshLock);
    expect(() => secretKeyId('')).toThrow(ConfigurationError);
  });

  it('give two apps two hash tags', () => {
    expect(appTag('app-one')).not.toBe(appTag('app-two'));
  });

  it('refuse a prefix with a brace, which would put every app in one slot', () => {
    expect(() => fleetKeys(CLIENT_ID, 'my{service}:')).toThrow(ConfigurationError);
  });
});
