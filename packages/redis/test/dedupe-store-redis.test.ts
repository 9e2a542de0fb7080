import { AdminApiError, ConfigurationError } from '@admin-api/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../test/support/free-port.js';
import {
  KEEP_MS,
  LEASE_MS,
  resume,
  STALL_TEST_TIMEOUT_MS,
  stop,
  tokenOf,
} from '../../app/test/support/dedupe-store-engines.js';
import { steppedClock } from '../../app/test/support/dedupe-store-suite.js';
import { createRedisDedupeStore, DEFAULT_DEDUPE_KEY_PREFIX } from '../src/index.js';
import { DEDUPE_EXPIRY_MARGIN_MS } from '../src/redis-dedupe-store.js';
import { DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS } from '../src/redis-dedupe-store-options.js';
import { type TestRedisClient, until, useRedisServer } from './redis-fixture.js';

async function connectedClients(admin: TestRedisClient): Promise<number> {
  const list = (await admin.sendCommand(['CLIENT', 'LIST'])) as string;
  return list.trim().split('\n').length;
}

describe('the Redis dedupe store', () => {
  const redis = useRedisServer();
  afterEach(resume);
  const open = (options: Parameters<typeof createRedisDedupeStore>[1] = {}) =>
    createRedisDedupeStore({ client: redis.client }, options);

  it('keeps one string key per id, the prefix and the id percent-encoded, expiring a minute past its deadline', async () => {
    const clock = steppedClock();
    const store = open({ now: clock.now });
    const id = 'order:{42}/é';
    const key = `${DEFAULT_DEDUPE_KEY_PREFIX}order%3A%7B42%7D%2F%C3%A9`;
    expect(DEFAULT_DEDUPE_KEY_PREFIX).toBe('admin-api:webhook:');
    const token = await tokenOf(store, id);
    expect(await redis.client.keys('*')).toEqual([key]);
    expect(await redis.client.get(key)).toBe(`lease:${clock.now() + LEASE_MS}:${token}`);
    const leaseTtl = await redis.client.pTTL(key);
    expect(leaseTtl).toBeGreaterThan(LEASE_MS + DEDUPE_EXPIRY_MARGIN_MS - 10_000);
    expect(leaseTtl).toBeLessThanOrEqual(LEASE_MS + DEDUPE_EXPIRY_MARGIN_MS);
    await store.complete(id, token, KEEP_MS);
    expect(await redis.client.get(key)).toBe(`done:${clock.now() + KEEP_MS}`);
    const keepTtl = await redis.client.pTTL(key);
    expect(keepTtl).toBeGreaterThan(KEEP_MS + DEDUPE_EXPIRY_MARGIN_MS - 10_000);
    expect(keepTtl).toBeLessThanOrEqual(KEEP_MS + DEDUPE_EXPIRY_MARGIN_MS);
  });

  it('an extend rewrites the lease with its new deadline and moves the key’s expiry with it', async () => {
    const clock = steppedClock();
    const store = open({ now: clock.now });
    const key = `${DEFAULT_DEDUPE_KEY_PREFIX}extended`;
    const claim = await store.claim('extended', 1_000);
    if (claim.outcome !== 'claimed') throw new Error(`extended was ${claim.outcome}`);
    expect(await redis.client.pTTL(key)).toBeLessThanOrEqual(1_000 + DEDUPE_EXPIRY_MARGIN_MS);
    clock.step(500);
    expect(await store.extend('extended', claim.token, LEASE_MS)).toBe(true);
    expect(await redis.client.get(key)).toBe(`lease:${clock.now() + LEASE_MS}:${claim.token}`);
    const ttl = await redis.client.pTTL(key);
    expect(ttl).toBeGreaterThan(LEASE_MS + DEDUPE_EXPIRY_MARGIN_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(LEASE_MS + DEDUPE_EXPIRY_MARGIN_MS);
  });

  it('a prefix that starts another prefix does not let their ids meet', async () => {
    const short = open({ keyPrefix: 'app:' });
    const long = open({ keyPrefix: 'app:x:' });
    // Unencoded, both would be the key app:x:y.
    await tokenOf(short, 'x:y');
    await tokenOf(long, 'y');
    expect((await redis.client.keys('*')).sort()).toEqual(['app:x%3Ay', 'app:x:y']);
  });

  it.each<[string, (key: string) => Promise<unknown>]>([
    ['a hash', (key) => redis.client.hSet(key, 'state', 'done')],
    ['a string of another form', (key) => redis.client.set(key, 'handled')],
    ['a lease without its token', (key) => redis.client.set(key, 'lease:99999999999999:')],
    ['a long string of the right form', (key) => redis.client.set(key, `done:${'9'.repeat(200)}`)],
  ])(
    'a key holding %s fails claim and complete with INVALID_RESPONSE, is not extended, and is left as it was',
    async (_, plant) => {
      const store = open();
      const id = 'planted';
      const key = `${DEFAULT_DEDUPE_KEY_PREFIX}${id}`;
      await plant(key);
      const before = await redis.client.dump(key);
      for (const call of [
        () => store.claim(id, LEASE_MS),
        () => store.complete(id, 'A'.repeat(24), KEEP_MS),
      ]) {
        const error = await call().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AdminApiError);
        expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
        expect((error as Error).message).toContain(key);
      }
      await store.release(id, 'A'.repeat(24));
      expect(await store.extend(id, 'A'.repeat(24), LEASE_MS)).toBe(false);
      expect(await redis.client.dump(key)).toEqual(before);
      expect(await redis.client.pTTL(key)).toBe(-1);
    },
  );

  it(
    'a Redis that stops answering fails each call with TIMEOUT after commandTimeoutMs, and the store works again once it answers',
    async () => {
      expect(DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS).toBe(2_000);
      const info = await redis.client.info('server');
      const pid = Number(/^process_id:(\d+)/m.exec(info)?.[1]);
      expect(pid).toBeGreaterThan(0);
      const store = createRedisDedupeStore({ url: redis.server.url }, { commandTimeoutMs: 200 });
      try {
        const token = await tokenOf(store, 'before');
        stop([pid]);
        try {
          for (const call of [
            () => store.claim('stalled', LEASE_MS),
            () => store.complete('before', token, KEEP_MS),
            () => store.release('before', token),
            () => store.extend('before', token, LEASE_MS),
          ]) {
            const error = await call().catch((caught: unknown) => caught);
            expect(error).toBeInstanceOf(AdminApiError);
            // Sent, so it may run once Redis answers again.
            expect(error).toMatchObject({ code: 'TIMEOUT', mayHaveBeenApplied: true });
          }
        } finally {
          resume();
        }
        // Once the woken server has caught up: on a loaded machine its first answers can still
        // take longer than the 200 ms this store allows, and those calls fail with TIMEOUT.
        const caughtUp = { timeout: 60_000, interval: 50 };
        await vi.waitFor(() => tokenOf(store, 'after'), caughtUp);
        await vi.waitFor(
          async () => expect(await store.extend('before', token, LEASE_MS)).toBe(false),
          caughtUp,
        );
      } finally {
        await store.close();
      }
    },
    STALL_TEST_TIMEOUT_MS,
  );

  it(
    'a Redis that cannot be reached fails a call with TIMEOUT after commandTimeoutMs, having sent nothing',
    async () => {
      const store = createRedisDedupeStore(
        { url: `redis://127.0.0.1:${await freePort()}` },
        { commandTimeoutMs: 200 },
      );
      try {
        await expect(store.claim('unreachable', LEASE_MS)).rejects.toMatchObject({
          code: 'TIMEOUT',
          mayHaveBeenApplied: false,
        });
      } finally {
        await store.close();
      }
    },
    STALL_TEST_TIMEOUT_MS,
  );

  it('close() leaves a client passed in open', async () => {
    const client = await redis.connect();
    const store = createRedisDedupeStore({ client });
    await tokenOf(store, 'given');
    await store.close();
    expect(client.isOpen).toBe(true);
    expect(await client.ping()).toBe('PONG');
    await expect(store.claim('after-close', LEASE_MS)).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('close() ends the connection a { url } store opened, once', async () => {
    const before = await connectedClients(redis.client);
    const store = createRedisDedupeStore({ url: redis.server.url });
    await tokenOf(store, 'owned');
    expect(await connectedClients(redis.client)).toBe(before + 1);
    await Promise.all([store.close(), store.close()]);
    await until(async () => (await connectedClients(redis.client)) === before);
    await expect(store.claim('after-close', LEASE_MS)).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
  });

  it('options and connections that cannot work are configuration errors naming them', () => {
    const url = redis.server.url;
    for (const [options, name] of [
      [{ keyPrefix: 'has{brace:' }, 'keyPrefix'],
      [{ keyPrefix: 7 as unknown as string }, 'keyPrefix'],
      [{ now: 'soon' as unknown as () => number }, 'now'],
      [{ commandTimeoutMs: 0 }, 'commandTimeoutMs'],
      [{ commandTimeoutMs: -1 }, 'commandTimeoutMs'],
      [{ commandTimeoutMs: '200' as unknown as number }, 'commandTimeoutMs'],
    ] as const) {
      expect(() => createRedisDedupeStore({ url }, options)).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining(name) }),
      );
    }
    for (const connection of [undefined, {}, { client: {} }, { url: '' }]) {
      expect(() =>
        createRedisDedupeStore(
          connection as unknown as Parameters<typeof createRedisDedupeStore>[0],
        ),
      ).toThrow(ConfigurationError);
    }
  });
});
