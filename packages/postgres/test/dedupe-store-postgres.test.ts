import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { AdminApiError, ConfigurationError } from '@admin-api/auth';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  KEEP_MS,
  LEASE_MS,
  resume,
  STALL_TEST_TIMEOUT_MS,
  stop,
  tokenOf,
} from '../../app/test/support/dedupe-store-engines.js';
import { steppedClock } from '../../app/test/support/dedupe-store-suite.js';
import { dedupeTable } from '../src/dedupe-table.js';
import {
  createPostgresDedupeStore,
  createPostgresSessionStore,
  DEFAULT_DEDUPE_TABLE_NAME,
  type PostgresConnection,
  type PostgresDedupeStore,
} from '../src/index.js';
import { runMigration } from '../src/migration-runner.js';
import { DEDUPE_SWEEP_LIMIT, DEDUPE_SWEEP_MARGIN_MS } from '../src/postgres-dedupe-store.js';
import {
  DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS,
  resolvePostgresDedupeStoreConfig,
} from '../src/postgres-dedupe-store-options.js';
import { testPool, usePostgresServer } from './postgres-fixture.js';

const APP = { clientId: 'dedupe-app', clientSecret: 'dedupe-secret', now: Date.now };

/**
 * The server's processes: the postmaster (from `postmaster.pid` in its data directory) and every
 * process it started that `pg_stat_activity` lists, the backends of open connections included.
 */
async function serverProcesses(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ dir: string; pids: number[] }>(
    `SELECT current_setting('data_directory') AS dir, array_agg(pid) AS pids FROM pg_stat_activity`,
  );
  const { dir = '', pids = [] } = rows[0] ?? {};
  const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(postmaster).toBeGreaterThan(0);
  return [postmaster, ...pids];
}

/** A TCP server that takes connections and never answers, as a hung PostgreSQL would. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port from listen(0)');
  return {
    connectionString: `postgres://postgres@127.0.0.1:${address.port}/none`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the PostgreSQL dedupe store', () => {
  const postgres = usePostgresServer();
  afterEach(resume);
  const stores: PostgresDedupeStore[] = [];
  const open = (options: Parameters<typeof createPostgresDedupeStore>[1] = {}) => {
    const store = createPostgresDedupeStore(
      { connectionString: postgres.server.connectionString },
      options,
    );
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  it('creates its table on first use, not at creation, and records the migration once', async () => {
    const store = open({ tableName: 'lazy_deliveries' });
    expect(await postgres.tablesNamed('public', 'lazy_deliveries')).toEqual([]);
    await tokenOf(store, 'first');
    expect(await postgres.tablesNamed('public', 'lazy_deliveries')).toEqual(['lazy_deliveries']);
    expect(await postgres.migrationRuns('public', 'lazy_deliveries_v1')).toBe(1);
    const { rows } = await postgres
      .pool()
      .query(`SELECT indexname FROM pg_indexes WHERE tablename = 'lazy_deliveries' ORDER BY 1`);
    expect(rows.map((row) => row.indexname)).toEqual([
      'lazy_deliveries_pkey',
      'lazy_deliveries_until_ms',
    ]);
  });

  it('the migration run again, or by a store started later, changes nothing and keeps the rows', async () => {
    const first = open({ tableName: 'again_deliveries' });
    const token = await tokenOf(first, 'kept');
    await first.complete('kept', token, KEEP_MS);
    const pool = postgres.pool();
    const { migration } = dedupeTable(
      resolvePostgresDedupeStoreConfig({ tableName: 'again_deliveries' }),
    );
    await runMigration(pool, migration);
    await runMigration(pool, migration);
    expect(await postgres.migrationRuns('public', 'again_deliveries_v1')).toBe(1);
    const later = open({ tableName: 'again_deliveries' });
    expect(await later.claim('kept', LEASE_MS)).toEqual({ outcome: 'done' });
  });

  it('stores with their own pools migrating at once, beside a session store, all succeed and each migration is recorded once', async () => {
    await postgres.pool().query('CREATE SCHEMA racing');
    const racers = Array.from({ length: 6 }, () => open({ schema: 'racing' }));
    const sessions = createPostgresSessionStore(
      { connectionString: postgres.server.connectionString },
      { schema: 'racing' },
    );
    try {
      const results = await Promise.allSettled([
        ...racers.map((store, i) => store.claim(`race-${i}`, LEASE_MS)),
        sessions.open(APP).get('acme'),
      ]);
      expect(results.map((result) => result.status)).toEqual(Array(7).fill('fulfilled'));
    } finally {
      await sessions.close();
    }
    expect(await postgres.migrationRuns('racing', `${DEFAULT_DEDUPE_TABLE_NAME}_v1`)).toBe(1);
    expect(await postgres.migrationRuns('racing', 'admin_api_sessions_v1')).toBe(1);
    expect(await postgres.tablesNamed('racing', 'admin_api_')).toEqual([
      'admin_api_migrations',
      'admin_api_sessions',
      'admin_api_sessions_states',
      'admin_api_webhook_deliveries',
    ]);
  });

  it(`each complete deletes at most ${DEDUPE_SWEEP_LIMIT} rows whose deadline passed a minute ago, of any namespace, and no other`, async () => {
    const clock = steppedClock();
    const tableName = 'swept_deliveries';
    const store = open({ tableName, namespace: 'sweeper', now: clock.now });
    await tokenOf(store, 'warm-up');
    const pool = postgres.pool();
    const at = clock.now();
    const insert = (namespace: string, prefix: string, count: number, untilMs: number) =>
      pool.query(
        `INSERT INTO ${tableName} (namespace, id, state, token, until_ms)
         SELECT $1, $2 || n, 'done', NULL, $3 FROM generate_series(1, $4) AS n`,
        [namespace, prefix, untilMs, count],
      );
    await insert('sweeper', 'expired-', 150, at - DEDUPE_SWEEP_MARGIN_MS - 1);
    await insert('other-app', 'expired-', 100, at - DEDUPE_SWEEP_MARGIN_MS - 5_000);
    await insert('sweeper', 'in-margin-', 10, at - DEDUPE_SWEEP_MARGIN_MS);
    await insert('sweeper', 'live-', 10, at + 1);
    const count = async (where: string) => {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM ${tableName} WHERE ${where}`,
      );
      return rows[0]?.n;
    };
    const expired = () => count("id LIKE 'expired-%'");

    expect(await expired()).toBe(250);
    await store.complete('done-1', 'token', KEEP_MS);
    expect(await expired()).toBe(250 - DEDUPE_SWEEP_LIMIT);
    await store.complete('done-2', 'token', KEEP_MS);
    expect(await expired()).toBe(250 - 2 * DEDUPE_SWEEP_LIMIT);
    await store.complete('done-3', 'token', KEEP_MS);
    await store.complete('done-4', 'token', KEEP_MS);
    expect(await expired()).toBe(0);
    expect(await count("id LIKE 'in-margin-%'")).toBe(10);
    expect(await count("id LIKE 'live-%'")).toBe(10);
    expect(await count("id = 'warm-up' OR id LIKE 'done-%'")).toBe(5);
  });

  it('a complete of an id whose own row is long expired marks it done rather than sweeping it', async () => {
    const clock = steppedClock();
    const store = open({ tableName: 'own_row_deliveries', now: clock.now });
    const token = await tokenOf(store, 'slow');
    clock.step(LEASE_MS + DEDUPE_SWEEP_MARGIN_MS + 1);
    await store.complete('slow', token, KEEP_MS);
    expect(await store.claim('slow', LEASE_MS)).toEqual({ outcome: 'done' });
  });

  it('rows hold the lease and its token, then done and no token', async () => {
    const clock = steppedClock();
    const store = open({ tableName: 'rows_deliveries', namespace: 'ns', now: clock.now });
    const token = await tokenOf(store, 'row');
    const read = async () =>
      (
        await postgres
          .pool()
          .query('SELECT namespace, id, state, token, until_ms FROM rows_deliveries')
      ).rows;
    expect(await read()).toEqual([
      {
        namespace: 'ns',
        id: 'row',
        state: 'leased',
        token,
        until_ms: String(clock.now() + LEASE_MS),
      },
    ]);
    clock.step(1_000);
    expect(await store.extend('row', token, LEASE_MS)).toBe(true);
    expect(await read()).toEqual([
      {
        namespace: 'ns',
        id: 'row',
        state: 'leased',
        token,
        until_ms: String(clock.now() + LEASE_MS),
      },
    ]);
    await store.complete('row', token, KEEP_MS);
    expect(await read()).toEqual([
      {
        namespace: 'ns',
        id: 'row',
        state: 'done',
        token: null,
        until_ms: String(clock.now() + KEEP_MS),
      },
    ]);
  });

  it(
    'a PostgreSQL that stops answering fails each call with TIMEOUT after commandTimeoutMs, and the store works again once it answers',
    async () => {
      expect(DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS).toBe(2_000);
      const store = open({ tableName: 'stalled_deliveries', commandTimeoutMs: 200 });
      const token = await tokenOf(store, 'before');
      const pids = await serverProcesses(postgres.pool());
      stop(pids);
      try {
        const errors = [];
        for (const call of [
          () => store.claim('stalled', LEASE_MS),
          () => store.complete('before', token, KEEP_MS),
          () => store.release('before', token),
          () => store.extend('before', token, LEASE_MS),
        ]) {
          errors.push(await call().catch((caught: unknown) => caught));
        }
        for (const error of errors) {
          expect(error).toBeInstanceOf(AdminApiError);
          expect(error).toMatchObject({ code: 'TIMEOUT' });
        }
        // The first went out on the pooled connection; the others found no connection in time.
        expect(errors.map((error) => (error as AdminApiError).mayHaveBeenApplied)).toEqual([
          true,
          false,
          false,
          false,
        ]);
      } finally {
        resume();
      }
      // Once the woken server has caught up: on a loaded machine its first answers can still
      // take longer than the 200 ms this store allows, and those calls fail with TIMEOUT.
      const caughtUp = { timeout: 60_000, interval: 50 };
      await vi.waitFor(() => tokenOf(store, 'after'), caughtUp);
      await vi.waitFor(
        async () => expect(await store.extend('before', token, LEASE_MS)).toBe(true),
        caughtUp,
      );
    },
    STALL_TEST_TIMEOUT_MS,
  );

  it(
    'a server that never answers fails the first call with TIMEOUT, with its own pool or a { pool } that would wait forever',
    async () => {
      const silent = await silentServer();
      const given = testPool(silent.connectionString);
      const stores = [
        createPostgresDedupeStore(
          { connectionString: silent.connectionString },
          { commandTimeoutMs: 200 },
        ),
        createPostgresDedupeStore({ pool: given }, { commandTimeoutMs: 200 }),
      ];
      try {
        for (const store of stores) {
          await expect(store.claim('unanswered', LEASE_MS)).rejects.toMatchObject({
            code: 'TIMEOUT',
            mayHaveBeenApplied: false,
          });
        }
      } finally {
        await silent.close();
        for (const store of stores) await store.close();
        await given.end();
      }
    },
    STALL_TEST_TIMEOUT_MS,
  );

  it('a { pool } given by the user is not ended by close()', async () => {
    const pool = testPool(postgres.server.connectionString);
    try {
      const store = createPostgresDedupeStore({ pool }, { tableName: 'given_deliveries' });
      await tokenOf(store, 'given');
      await store.close();
      expect(pool.ended).toBe(false);
      expect((await pool.query('SELECT count(*)::int AS n FROM given_deliveries')).rows).toEqual([
        { n: 1 },
      ]);
      await expect(store.claim('after-close', LEASE_MS)).rejects.toBeInstanceOf(ConfigurationError);
    } finally {
      await pool.end();
    }
  });

  it('a pool the store opened from { connectionString } is ended by close(), once', async () => {
    const inspector = postgres.pool();
    const backends = async () =>
      (
        await inspector.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`,
        )
      ).rows[0]?.n;
    const before = await backends();
    const end = vi.spyOn(pg.Pool.prototype, 'end');
    const store = open({ tableName: 'owned_deliveries' });
    await tokenOf(store, 'owned');
    expect(await backends()).toBeGreaterThan(before);
    await Promise.all([store.close(), store.close()]);
    expect(end).toHaveBeenCalledTimes(1);
    while ((await backends()) !== before) await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(store.claim('after-close', LEASE_MS)).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
  });

  it('no connection is opened before first use', async () => {
    // Nothing listens on port 1: a store that connected at creation would fail here.
    const store = createPostgresDedupeStore({ connectionString: 'postgres://127.0.0.1:1/none' });
    await store.close();
  });

  it('options and connections that cannot work are configuration errors naming them', () => {
    const connectionString = 'postgres://user:hunter2@db/app';
    for (const [options, name] of [
      [{ tableName: 'bad name' }, 'tableName'],
      [{ tableName: 'x'.repeat(55) }, 'tableName'],
      [{ schema: 'a"b' }, 'schema'],
      [{ namespace: 'x'.repeat(257) }, 'namespace'],
      [{ namespace: 'a\u0000b' }, 'namespace'],
      [{ now: 1 as unknown as () => number }, 'now'],
      [{ commandTimeoutMs: 0 }, 'commandTimeoutMs'],
      [{ commandTimeoutMs: Number.NaN }, 'commandTimeoutMs'],
      [{ commandTimeoutMs: '200' as unknown as number }, 'commandTimeoutMs'],
    ] as const) {
      const create = () => createPostgresDedupeStore({ connectionString }, options);
      expect(create).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining(name) }),
      );
      expect(create).toThrow(
        expect.not.objectContaining({ message: expect.stringContaining('hunter2') }),
      );
    }
    for (const connection of [undefined, { connectionString: '' }, { pool: {} }]) {
      expect(() => createPostgresDedupeStore(connection as unknown as PostgresConnection)).toThrow(
        ConfigurationError,
      );
    }
  });
});
