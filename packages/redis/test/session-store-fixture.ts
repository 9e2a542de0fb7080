import type { SessionStoreHarness } from '../../app/test/support/session-store-suite.js';
import { createRedisSessionStore, type RedisSessionStoreOptions } from '../src/index.js';
import type { TestRedisClient } from './redis-fixture.js';

/** Every key with its type, TTL and everything it holds, as text. */
export async function dumpRedis(client: TestRedisClient): Promise<string> {
  const lines: string[] = [];
  for await (const batch of client.scanIterator({ COUNT: 100 })) {
    for (const key of batch) {
      const type = await client.type(key);
      let value: unknown;
      if (type === 'string') value = await client.get(key);
      else if (type === 'hash') value = await client.hGetAll(key);
      else if (type === 'zset') value = await client.zRangeWithScores(key, 0, -1);
      else if (type === 'set') value = await client.sMembers(key);
      else if (type === 'list') value = await client.lRange(key, 0, -1);
      else if (type === 'stream') value = await client.xRange(key, '-', '+');
      else value = `unexpected type ${type}`;
      lines.push(`${key} ${type} ${JSON.stringify(value)}`);
    }
  }
  return lines.sort().join('\n');
}

/** A harness for the shared suite: each `connect()` is a new store with its own connection. */
export function redisSessionHarness(
  url: string,
  admin: TestRedisClient,
  options: RedisSessionStoreOptions = {},
): SessionStoreHarness {
  return {
    async connect() {
      const store = createRedisSessionStore({ url }, options);
      return { store, close: () => store.close() };
    },
    dumpAtRest: () => dumpRedis(admin),
  };
}

/**
 * `client` with a count of the scripts sent through it (EVALSHA and EVAL: everything the store
 * sends on its command connection). `duplicate()` passes through, so the store still subscribes.
 */
export function countingClient(client: TestRedisClient) {
  let sent = 0;
  const counted = {
    evalSha: (...args: Parameters<TestRedisClient['evalSha']>) => {
      sent++;
      return client.evalSha(...args);
    },
    eval: (...args: Parameters<TestRedisClient['eval']>) => {
      sent++;
      return client.eval(...args);
    },
    duplicate: () => client.duplicate(),
  };
  return { client: counted, sent: () => sent };
}

/** How many clients subscribe to `channel`. */
export async function subscribers(admin: TestRedisClient, channel: string): Promise<number> {
  const reply = (await admin.sendCommand(['PUBSUB', 'NUMSUB', channel])) as [string, number];
  return Number(reply[1]);
}

/** A promise with its resolve, for a task the test ends when it chooses. */
export function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
