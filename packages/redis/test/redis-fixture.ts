import { createClient, type RedisClientType } from '@redis/client';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  type RedisServerProcess,
  startRedisServer,
} from '../../../test/support/redis-server-process.js';

export type TestRedisClient = RedisClientType;

/** A connected node-redis client; stands for one process of a fleet. */
export async function connectRedis(url: string): Promise<TestRedisClient> {
  const client = createClient({ url });
  await client.connect();
  return client;
}

/**
 * One real redis-server for the test file, emptied before each test. `client` is connected;
 * `connect()` opens more connections (more "processes"), all closed after the file.
 */
export function useRedisServer() {
  let server: RedisServerProcess | undefined;
  const clients: TestRedisClient[] = [];
  const fixture = {
    get server(): RedisServerProcess {
      if (!server) throw new Error('useRedisServer: the server starts in beforeAll');
      return server;
    },
    get client(): TestRedisClient {
      const [first] = clients;
      if (!first) throw new Error('useRedisServer: the client connects in beforeAll');
      return first;
    },
    async connect(): Promise<TestRedisClient> {
      const client = await connectRedis(fixture.server.url);
      clients.push(client);
      return client;
    },
  };
  beforeAll(async () => {
    server = await startRedisServer();
    await fixture.connect();
  });
  beforeEach(async () => {
    await fixture.client.flushAll();
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await server?.close();
  });
  return fixture;
}

/** Redis's clock in epoch ms, for comparing with the times the scripts return. */
export async function redisTime(client: TestRedisClient): Promise<number> {
  const [seconds, micros] = (await client.sendCommand(['TIME'])) as [string, string];
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/** Polls `condition` every 10 ms until it holds; the test's timeout is the only bound. */
export async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
