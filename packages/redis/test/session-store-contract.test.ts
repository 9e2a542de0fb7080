import { afterAll } from 'vitest';
import { startRedisServer } from '../../../test/support/redis-server-process.js';
import { describeSessionStore } from '../../app/test/support/session-store-suite.js';
import { connectRedis, type TestRedisClient } from './redis-fixture.js';
import { redisSessionHarness } from './session-store-fixture.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describeSessionStore(
  'createRedisSessionStore',
  async () => {
    const server = await startRedisServer();
    cleanup.push(() => server.close());
    const admin: TestRedisClient = await connectRedis(server.url);
    cleanup.push(() => admin.close());
    return redisSessionHarness(server.url, admin);
  },
  { restsOutsideProcess: true },
);
