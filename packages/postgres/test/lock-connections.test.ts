import type { AppSessionStore } from '@admin-api/app';
import { ConfigurationError } from '@admin-api/auth';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sampleSession } from '../../app/test/support/session-store-suite.js';
import { createPostgresSessionStore } from '../src/index.js';
import { lockConnectionLimit } from '../src/postgres-pool.js';
import { testPool, usePostgresServer } from './postgres-fixture.js';

// Not a literal at the call sites: the same value whether or not the app's clock is asked for.
const APP = {
  clientId: 'lock-connections-app',
  clientSecret: 'lock-connections-secret',
  now: Date.now,
};
/** More stores than either pool below has connections. */
const STORES = 24;
/** Far longer than the refreshes below take, far shorter than the test's timeout. */
const DEADLINE_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Installs {@link STORES} stores, then refreshes them all at once, each under its refresh lock
 * with a `get` and a compare-and-set `set` through `app` (what the app's refresh does), and
 * answers how many finished before the deadline.
 */
async function refreshAllAtOnce(app: AppSessionStore): Promise<number> {
  const sessions = Array.from({ length: STORES }, () => sampleSession());
  for (const session of sessions) await app.set(session);
  let completed = 0;
  const refreshes = sessions.map((session) =>
    app.withRefreshLock(session.storeName, async () => {
      const record = await app.get(session.storeName);
      if (record?.status !== 'installed') throw new Error(`${session.storeName} is not installed`);
      const next = { ...record.session, refreshToken: `${session.refreshToken}-next` };
      if (!(await app.set(next, { replacing: session.refreshToken }))) {
        throw new Error(`${session.storeName}: the refresh token was not replaced`);
      }
      completed++;
    }),
  );
  await Promise.race([Promise.all(refreshes), sleep(DEADLINE_MS)]);
  const stored =
    completed === STORES ? await Promise.all(sessions.map((s) => app.get(s.storeName))) : [];
  expect(
    stored.filter((record, i) => {
      return (
        record?.status === 'installed' &&
        record.session.refreshToken === `${sessions[i]?.refreshToken}-next`
      );
    }).length,
  ).toBe(completed);
  return completed;
}

/** Sessions of `pool` waiting for an advisory lock, and advisory locks held. */
async function advisoryLocks(pool: pg.Pool): Promise<{ held: number; waiting: number }> {
  const { rows } = await pool.query<{ held: number; waiting: number }>(
    `SELECT count(*) FILTER (WHERE granted)::int AS held, count(*) FILTER (WHERE NOT granted)::int AS waiting
     FROM pg_locks WHERE locktype = 'advisory'`,
  );
  return rows[0] ?? { held: 0, waiting: 0 };
}

/** Sessions waiting for a row lock. */
async function rowLockWaits(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype IN ('tuple', 'transactionid') AND NOT granted`,
  );
  return rows[0]?.waiting ?? 0;
}

describe('the connections the refresh locks hold', () => {
  const postgres = usePostgresServer();

  it('24 stores refreshing at once through a store with its own pool all read and write their sessions under their locks', async () => {
    const app = postgres.store().open(APP);
    expect(await refreshAllAtOnce(app)).toBe(STORES);
  }, 30_000);

  it('24 stores refreshing at once through a { pool } of 4 connections all read and write their sessions under their locks', async () => {
    const pool = testPool(postgres.server.connectionString, { max: 4 });
    try {
      const app = createPostgresSessionStore({ pool }).open(APP);
      expect(await refreshAllAtOnce(app)).toBe(STORES);
      expect(pool.totalCount).toBeLessThanOrEqual(4);
    } finally {
      await pool.end();
    }
  }, 30_000);

  it('a lock request beyond half the pool waits in the process without a connection, first come first served, and its signal stops that wait', async () => {
    const pool = testPool(postgres.server.connectionString, { max: 4 });
    const inspector = postgres.pool();
    try {
      const app = createPostgresSessionStore({ pool }).open(APP);
      await app.get('warm-up'); // the migration, out of the way
      const order: string[] = [];
      // Each holder's release, by name: under load the holders' own queries end in any order.
      const finish = new Map<string, () => void>();
      const hold = (storeName: string) =>
        app.withRefreshLock(storeName, async () => {
          order.push(storeName);
          // A holder's own queries find a connection while the others wait.
          expect(await app.get(storeName)).toBeUndefined();
          await new Promise<void>((resolve) => finish.set(storeName, resolve));
        });
      const release = async (storeName: string) => {
        while (!finish.has(storeName)) await sleep(10);
        finish.get(storeName)?.();
      };
      const first = hold('first');
      const second = hold('second');
      while (order.length < 2) await sleep(10);
      expect(await advisoryLocks(inspector)).toEqual({ held: 2, waiting: 0 });

      const controller = new AbortController();
      const abandoned = app.withRefreshLock('abandoned', async () => 'ran', {
        signal: controller.signal,
      });
      const third = hold('third');
      const fourth = hold('fourth');
      await sleep(100);
      // Queued in the process: no third connection, no session waiting on the server.
      expect(order).toEqual(['first', 'second']);
      expect(await advisoryLocks(inspector)).toEqual({ held: 2, waiting: 0 });
      controller.abort(new Error('gave up'));
      await expect(abandoned).rejects.toThrow('gave up');

      await release('first');
      await first;
      while (order.length < 3) await sleep(10);
      await release('second');
      await second;
      while (order.length < 4) await sleep(10);
      expect(order).toEqual(['first', 'second', 'third', 'fourth']);
      await release('third');
      await release('fourth');
      await Promise.all([third, fourth]);
      expect(await advisoryLocks(inspector)).toEqual({ held: 0, waiting: 0 });
    } finally {
      await pool.end();
    }
  });

  it('a call that finds no free connection in the store’s own pool within lockLifetimeMs rejects, and frees what it took', async () => {
    const lockLifetimeMs = 1_000;
    const app = postgres.store({ lockLifetimeMs }).open(APP);
    const session = sampleSession();
    await app.set(session);
    // Another session locks the row, so every write to it waits on the server with a connection.
    const inspector = postgres.pool();
    const blocker = await inspector.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(
        `SELECT 1 FROM admin_api_sessions WHERE client_id = $1 AND store_name = $2 FOR UPDATE`,
        [APP.clientId, session.storeName],
      );
      const writes = Array.from({ length: 10 }, (_, i) =>
        app.set(
          { ...session, refreshToken: `${session.refreshToken}-${i}` },
          { replacing: session.refreshToken },
        ),
      );
      // Every connection of the pool is taken once all 10 wait for the row on the server.
      while ((await rowLockWaits(inspector)) < 10) await sleep(10);
      const started = Date.now();
      await expect(app.get(session.storeName)).rejects.toThrow(/timeout/);
      await expect(app.withRefreshLock(session.storeName, async () => 'ran')).rejects.toThrow(
        /timeout/,
      );
      expect(Date.now() - started).toBeLessThan(lockLifetimeMs * 4);
      await blocker.query('ROLLBACK');
      // One write replaced the token; the others found it replaced.
      expect((await Promise.all(writes)).filter(Boolean)).toHaveLength(1);
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
    }
    // The lock's slot and connection came back: the lock and its task's queries work again.
    await expect(
      app.withRefreshLock(
        session.storeName,
        async () => (await app.get(session.storeName))?.status,
      ),
    ).resolves.toBe('installed');
  }, 30_000);

  it('take at most half the pool by default, at least 1, and always fewer than it has', () => {
    expect(lockConnectionLimit(10, undefined)).toBe(5);
    expect(lockConnectionLimit(4, undefined)).toBe(2);
    expect(lockConnectionLimit(3, undefined)).toBe(1);
    expect(lockConnectionLimit(2, undefined)).toBe(1);
    // A pool that does not say its size is taken for node-postgres' default of 10.
    expect(lockConnectionLimit(undefined, undefined)).toBe(5);
    expect(lockConnectionLimit(undefined, 50)).toBe(50);
    expect(lockConnectionLimit(10, 9)).toBe(9);
    expect(() => lockConnectionLimit(10, 10)).toThrow(ConfigurationError);
    expect(() => lockConnectionLimit(1, undefined)).toThrow(ConfigurationError);
  });

  it('a { pool } too small to leave its lock holders a connection is refused at creation', async () => {
    const tiny = testPool(postgres.server.connectionString, { max: 1 });
    const small = testPool(postgres.server.connectionString, { max: 4 });
    try {
      for (const create of [
        () => createPostgresSessionStore({ pool: tiny }),
        () => createPostgresSessionStore({ pool: small }, { maxLockConnections: 4 }),
      ]) {
        expect(create).toThrow(ConfigurationError);
        expect(create).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
      }
      expect(() =>
        createPostgresSessionStore({ pool: small }, { maxLockConnections: 3 }),
      ).not.toThrow();
      // The store's own pool grows with the option: twice as many connections.
      expect(() =>
        createPostgresSessionStore(
          { connectionString: postgres.server.connectionString },
          { maxLockConnections: 40 },
        ).close(),
      ).not.toThrow();
    } finally {
      await Promise.all([tiny.end(), small.end()]);
    }
  });
});
