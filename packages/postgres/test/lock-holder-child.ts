/**
 * A process that takes a store's refresh lock and keeps it until it is killed, for the tests of
 * what a dead holder does to the others. argv[2]: JSON {@link LockHolderOptions}. Sends
 * `'holding'` once it holds the lock.
 */
import { createPostgresSessionStore } from '../src/index.js';

export interface LockHolderOptions {
  connectionString: string;
  clientId: string;
  clientSecret: string;
  storeName: string;
  lockLifetimeMs: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LockHolderOptions;
const store = createPostgresSessionStore(
  { connectionString: options.connectionString },
  { lockLifetimeMs: options.lockLifetimeMs },
).open({ clientId: options.clientId, clientSecret: options.clientSecret, now: Date.now });

await store.withRefreshLock(options.storeName, async () => {
  process.send?.('holding');
  // Holds until killed; the interval keeps the process alive.
  await new Promise(() => setInterval(() => {}, 60_000));
});
