import { afterAll } from 'vitest';
import { startRedisServer } from '../../../test/support/redis-server-process.js';
import { describeDedupeStore } from '../../app/test/support/dedupe-store-suite.js';
import { createRedisDedupeStore } from '../src/index.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

// Each "process" is a store with its own connection to one real redis-server; a namespace is a
// key prefix.
describeDedupeStore('createRedisDedupeStore', async () => {
  const server = await startRedisServer();
  cleanup.push(() => server.close());
  return {
    async connect({ now, namespace }) {
      const store = createRedisDedupeStore(
        { url: server.url },
        { keyPrefix: `suite:${namespace}:`, now },
      );
      return { store, close: () => store.close() };
    },
  };
});
