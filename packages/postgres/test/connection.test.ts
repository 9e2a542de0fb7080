import { ConfigurationError } from '@admin-api/auth';
import { describe, expect, it } from 'vitest';
import { createPostgresSessionStore, type PostgresConnection } from '../src/index.js';
import { testPool, usePostgresServer, waitingForLocks } from './postgres-fixture.js';

const APP = { clientId: 'connection-app', clientSecret: 'connection-secret', now: Date.now };

describe('the connection', () => {
  const postgres = usePostgresServer();

  it('a { pool } given by the user is not ended by close()', async () => {
    const pool = testPool(postgres.server.connectionString);
    try {
      const store = createPostgresSessionStore({ pool });
      expect(await store.open(APP).get('acme')).toBeUndefined();
      await store.close();
      expect(pool.ended).toBe(false);
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('a pool the store opened from { connectionString } is ended by close(), once', async () => {
    const store = createPostgresSessionStore({
      connectionString: postgres.server.connectionString,
    });
    const app = store.open(APP);
    expect(await app.get('acme')).toBeUndefined();
    await Promise.all([store.close(), store.close()]);
    await expect(app.get('acme')).rejects.toThrow();
  });

  it('close() stops every wait for a refresh lock, and a closed store opens no more apps', async () => {
    const holderStore = postgres.store();
    const holder = holderStore.open(APP);
    const store = createPostgresSessionStore({
      connectionString: postgres.server.connectionString,
    });
    const waiter = store.open(APP);
    let finishHolder: () => void = () => {};
    let holderEntered = 0;
    const holding = holder.withRefreshLock('closing-store', async () => {
      holderEntered++;
      await new Promise<void>((resolve) => {
        finishHolder = resolve;
      });
    });
    while (holderEntered === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const waiting = waiter.withRefreshLock('closing-store', async () => 'waiter');
    const queued = waiter.withRefreshLock('closing-store', async () => 'queued');
    await waitingForLocks(postgres.pool(), 1);
    const outcomes = Promise.allSettled([waiting, queued]);
    await store.close();
    const [first, second] = await outcomes;
    expect(first).toMatchObject({ status: 'rejected', reason: { code: 'INVALID_OPTION' } });
    expect(second).toMatchObject({ status: 'rejected' });
    expect(second?.status === 'rejected' && second.reason).toBeInstanceOf(ConfigurationError);
    expect(() => store.open(APP)).toThrow(ConfigurationError);
    expect(await waitingForLocks(postgres.pool(), 0)).toBe(0);
    finishHolder();
    await holding;
  });

  it('no connection is opened before first use', async () => {
    // Nothing listens on port 1: a store that connected at creation would fail here.
    const store = createPostgresSessionStore({ connectionString: 'postgres://127.0.0.1:1/none' });
    store.open(APP);
    await store.close();
  });

  it.each<[string, unknown]>([
    ['no connection', undefined],
    ['an empty connection string', { connectionString: '' }],
    ['a pool without connect()', { pool: { query: async () => ({}) } }],
  ])('refuses %s with a ConfigurationError', (_, connection) => {
    const create = () => createPostgresSessionStore(connection as PostgresConnection);
    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it('never quotes a connection string in its errors', () => {
    try {
      createPostgresSessionStore({ connectionString: 42 as unknown as string });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
    }
    const secret = 'postgres://user:hunter2@db/app';
    expect(() =>
      createPostgresSessionStore({ connectionString: secret }, { tableName: 'bad name' }),
    ).toThrow(expect.not.objectContaining({ message: expect.stringContaining('hunter2') }));
  });
});
