import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LockHolderOptions } from './lock-holder-child.js';
import { usePostgresServer, waitingForLocks } from './postgres-fixture.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./lock-holder-child.ts', import.meta.url));
const APP = { clientId: 'dead-holder-app', clientSecret: 'dead-holder-secret', now: Date.now };
// Far longer than the test: only the dropped connection can free the lock in time.
const LONG_LIFETIME_MS = 600_000;

describe('a refresh lock holder that dies', () => {
  const postgres = usePostgresServer();

  it('a process killed while holding a store’s refresh lock delays the others, never blocks them', async () => {
    const options: LockHolderOptions = {
      connectionString: postgres.server.connectionString,
      ...APP,
      storeName: 'killed-holder-store',
      lockLifetimeMs: LONG_LIFETIME_MS,
    };
    const child = fork(CHILD, [JSON.stringify(options)], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    const exited = once(child, 'exit');
    try {
      const [message] = await once(child, 'message');
      expect(message).toBe('holding');

      const waiter = postgres.store({ lockLifetimeMs: LONG_LIFETIME_MS }).open(APP);
      let entered = 0;
      const waiting = waiter.withRefreshLock('killed-holder-store', async () => {
        entered++;
        return 'waiter';
      });
      const inspector = postgres.pool();
      await waitingForLocks(inspector, 1);
      expect(entered).toBe(0);

      child.kill('SIGKILL');
      await exited;
      await expect(waiting).resolves.toBe('waiter');
      expect(entered).toBe(1);
      expect(await waitingForLocks(inspector, 0)).toBe(0);
    } finally {
      process.removeListener('exit', killOnExit);
      child.kill('SIGKILL');
    }
  });
});
