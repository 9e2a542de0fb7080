import type { AccessToken } from '@admin-api/auth';
import { createTokenCipher } from '@admin-api/auth/internal/node';
import { describe, expect, it } from 'vitest';
import { fleetTokenKeys } from '../src/keys.js';
import {
  createRedisTokenStore,
  type RedisTokenStoreOptions,
  type TokenUnreadableReason,
} from '../src/redis-token-store.js';
import { useRedisServer } from './redis-fixture.js';

const SECRET = 'test-client-secret-0123456789';
const KEY = fleetTokenKeys('test-client-id', 'test-client-secret').token;

function tokenFor(accessToken: string, lifetimeMs = 60_000): AccessToken {
  return {
    accessToken,
    tokenType: 'Bearer',
    expiresIn: lifetimeMs / 1000,
    expiresAt: Date.now() + lifetimeMs,
  };
}

describe('the Redis token store', () => {
  const redis = useRedisServer();
  const storeFor = (options: Partial<RedisTokenStoreOptions> = {}) =>
    createRedisTokenStore({
      client: redis.client,
      key: KEY,
      cipher: createTokenCipher(SECRET),
      ...options,
    });

  it('gives back the token another process stored, expiring when it does', async () => {
    const token = tokenFor('token-one', 60_000);
    const before = Date.now();
    await storeFor().set(token);
    const writeLatencyMs = Date.now() - before;
    const other = storeFor({ client: await redis.connect() });
    const read = await other.get();
    expect(read).toMatchObject({ accessToken: 'token-one', tokenType: 'Bearer', expiresIn: 60 });
    // The expiry travels as the key's TTL: Redis starts counting when the write arrives.
    expect(read?.expiresAt).toBeLessThanOrEqual(token.expiresAt + writeLatencyMs);
    expect(read?.expiresAt).toBeGreaterThan(token.expiresAt - 5_000);
  });

  it("translates the expiry into the reader's clock, so skewed hosts agree", async () => {
    const skewMs = 3_600_000;
    await storeFor().set(tokenFor('token-one', 60_000));
    const read = await storeFor({ now: () => Date.now() + skewMs }).get();
    expect(read?.expiresAt).toBeGreaterThan(Date.now() + skewMs + 55_000);
  });

  it('keeps the token exactly as long as it lives', async () => {
    await storeFor().set(tokenFor('token-one', 30_000));
    const ttl = await redis.client.pTTL(KEY);
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  it('has nothing before a token is stored', async () => {
    expect(await storeFor().get()).toBeUndefined();
  });

  it('storing undefined or an expired token clears the store', async () => {
    const store = storeFor();
    await store.set(tokenFor('token-one'));
    await store.set(undefined);
    expect(await store.get()).toBeUndefined();
    await store.set(tokenFor('token-two'));
    await store.set({ ...tokenFor('token-three'), expiresAt: Date.now() - 1 });
    expect(await store.get()).toBeUndefined();
  });

  it('a token written with another client secret reads as absent and is reported', async () => {
    await storeFor({ cipher: createTokenCipher('another-secret') }).set(tokenFor('token-one'));
    const reasons: TokenUnreadableReason[] = [];
    expect(
      await storeFor({ onUnreadable: (reason) => reasons.push(reason) }).get(),
    ).toBeUndefined();
    expect(reasons).toEqual(['wrong_secret_or_corrupted']);
  });

  it('a corrupted value reads as absent and is reported', async () => {
    await storeFor().set(tokenFor('token-one'));
    await redis.client.hSet(KEY, 'ciphertext', 'garbage');
    const reasons: TokenUnreadableReason[] = [];
    expect(
      await storeFor({ onUnreadable: (reason) => reasons.push(reason) }).get(),
    ).toBeUndefined();
    expect(reasons).toEqual(['malformed']);
  });

  it('a value that decrypts to something other than a token reads as absent and is reported', async () => {
    const cipher = createTokenCipher(SECRET);
    await redis.client.hSet(KEY, {
      ciphertext: cipher.encrypt('{"nope":1}', KEY),
      fingerprint: 'x',
    });
    await redis.client.pExpire(KEY, 10_000);
    const reasons: TokenUnreadableReason[] = [];
    expect(
      await storeFor({ onUnreadable: (reason) => reasons.push(reason) }).get(),
    ).toBeUndefined();
    expect(reasons).toEqual(['invalid_contents']);
  });

  it('compareAndDelete deletes the stored token only when it is the rejected one', async () => {
    const store = storeFor();
    await store.set(tokenFor('token-new'));
    expect(await store.compareAndDelete('token-old')).toBe(false);
    expect((await store.get())?.accessToken).toBe('token-new');
    expect(await store.compareAndDelete('token-new')).toBe(true);
    expect(await store.get()).toBeUndefined();
  });

  it('a burst of rejections of one stale token, from many processes, clears it once', async () => {
    await storeFor().set(tokenFor('token-stale'));
    const clients = await Promise.all(Array.from({ length: 8 }, () => redis.connect()));
    const results = await Promise.all(
      clients.map((client) => storeFor({ client }).compareAndDelete('token-stale')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("a rejection of a stale token leaves a newer process's token alone", async () => {
    const store = storeFor();
    await store.set(tokenFor('token-stale'));
    expect(await store.compareAndDelete('token-stale')).toBe(true);
    await store.set(tokenFor('token-fresh'));
    expect(await store.compareAndDelete('token-stale')).toBe(false);
    expect((await store.get())?.accessToken).toBe('token-fresh');
  });
});
