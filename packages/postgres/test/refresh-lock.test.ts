import { describe, expect, it, onTestFinished } from 'vitest';
import { createPostgresSessionStore, DEFAULT_LOCK_LIFETIME_MS } from '../src/index.js';
import { testPool, usePostgresServer, waitingForLocks } from './postgres-fixture.js';

const APP = { clientId: 'lock-app', clientSecret: 'lock-secret', now: Date.now };

describe('the refresh lock in PostgreSQL', () => {
  const postgres = usePostgresServer();

  it('lives 10 s by default, and as long as lockLifetimeMs says', () => {
    expect(DEFAULT_LOCK_LIFETIME_MS).toBe(10_000);
    expect(postgres.store().open(APP).lockLifetimeMs).toBe(DEFAULT_LOCK_LIFETIME_MS);
    expect(postgres.store({ lockLifetimeMs: 2_500 }).open(APP).lockLifetimeMs).toBe(2_500);
  });

  it('a holder that hangs past lockLifetimeMs loses the lock to a waiter, and its own call still settles', async () => {
    // Its own pool: the store's would also give up on a connection after lockLifetimeMs, which a
    // loaded machine can take to open one, and this test is about the lock, not the checkout.
    const holderPool = testPool(postgres.server.connectionString, { max: 4 });
    const holderStore = createPostgresSessionStore({ pool: holderPool }, { lockLifetimeMs: 200 });
    onTestFinished(async () => {
      await holderStore.close();
      await holderPool.end();
    });
    const holder = holderStore.open(APP);
    const waiter = postgres.store().open(APP);
    let finishHolder: () => void = () => {};
    let entered: () => void = () => {};
    const holderEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const holding = holder.withRefreshLock('hung-store', async () => {
      entered();
      await new Promise<void>((resolve) => {
        finishHolder = resolve;
      });
      return 'holder';
    });
    await Promise.race([holderEntered, holding]);
    // The holder's session is ended by the server once idle for lockLifetimeMs.
    await expect(waiter.withRefreshLock('hung-store', async () => 'waiter')).resolves.toBe(
      'waiter',
    );
    finishHolder();
    await expect(holding).resolves.toBe('holder');
    // Its broken connection was dropped, not handed out again.
    expect(await holder.get('hung-store')).toBeUndefined();
    await expect(holder.withRefreshLock('hung-store', async () => 'again')).resolves.toBe('again');
  });

  it('a released lock leaves its pooled connection as it found it', async () => {
    const pool = testPool(postgres.server.connectionString, { max: 2 });
    try {
      const store = createPostgresSessionStore({ pool }, { lockLifetimeMs: 1_234 }).open(APP);
      await store.withRefreshLock('clean-store', async () => {
        const { rows } = await postgres
          .pool()
          .query(`SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory'`);
        expect(rows[0]?.held).toBe(1);
      });
      const { rows } = await pool.query(
        `SELECT current_setting('idle_in_transaction_session_timeout') AS timeout,
           (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory') AS held`,
      );
      expect(rows[0]).toEqual({ timeout: '0', held: 0 });
      await expect(
        store.withRefreshLock('clean-store', async () => {
          throw new Error('task failed');
        }),
      ).rejects.toThrow('task failed');
      const after = await pool.query(
        `SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory'`,
      );
      expect(after.rows[0]?.held).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('an aborted waiter leaves no session waiting on the lock', async () => {
    const holder = postgres.store().open(APP);
    const waiter = postgres.store().open(APP);
    const inspector = postgres.pool();
    let finishHolder: () => void = () => {};
    let holderEntered = 0;
    const holding = holder.withRefreshLock('abandoned-store', async () => {
      holderEntered++;
      await new Promise<void>((resolve) => {
        finishHolder = resolve;
      });
    });
    while (holderEntered === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const controller = new AbortController();
    const waiting = waiter.withRefreshLock('abandoned-store', async () => 'waiter', {
      signal: controller.signal,
    });
    await waitingForLocks(inspector, 1);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    expect(await waitingForLocks(inspector, 0)).toBe(0);
    finishHolder();
    await holding;
  });

  it('a waiter already aborted never waits', async () => {
    const store = postgres.store().open(APP);
    await expect(
      store.withRefreshLock('aborted-store', async () => 'ran', {
        signal: AbortSignal.abort(new Error('already')),
      }),
    ).rejects.toThrow('already');
  });

  it('each store of each app has a lock of its own', async () => {
    const one = postgres.store().open(APP);
    const other = postgres
      .store()
      .open({ clientId: 'other-app', clientSecret: 'x', now: Date.now });
    const ran = await one.withRefreshLock('shared-name', () =>
      other.withRefreshLock('shared-name', async () =>
        one.withRefreshLock('another-name', async () => 'nested'),
      ),
    );
    expect(ran).toBe('nested');
  });
});
