/**
 * A process that takes a store's refresh lock and holds it forever, for the test that kills it.
 * Reports `{ type: 'locked' }` over IPC once it holds the lock.
 */
import { createRedisSessionStore } from '../src/index.js';

export interface SessionLockChildOptions {
  redisUrl: string;
  clientId: string;
  clientSecret: string;
  storeName: string;
  lockLifetimeMs: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as SessionLockChildOptions;
const sessions = createRedisSessionStore(
  { url: options.redisUrl },
  { lockLifetimeMs: options.lockLifetimeMs },
);
const app = sessions.open({
  clientId: options.clientId,
  clientSecret: options.clientSecret,
  now: Date.now,
});
void app.withRefreshLock(options.storeName, async () => {
  process.send?.({ type: 'locked' });
  // A refresh that never ends: only the lock's lifetime frees the others.
  await new Promise(() => {});
});
