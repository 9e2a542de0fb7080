import { describe, expect, it } from 'vitest';
import { usePostgresServer } from './postgres-fixture.js';

const APP = { clientId: 'migration-app', clientSecret: 'migration-secret', now: Date.now };

describe('the migration', () => {
  const postgres = usePostgresServer();

  it('runs on first use, not at creation', async () => {
    const store = postgres.store({ tableName: 'lazy_sessions' });
    const app = store.open(APP);
    expect(await postgres.tablesNamed('public', 'lazy_sessions')).toEqual([]);
    expect(await app.get('acme')).toBeUndefined();
    expect(await postgres.tablesNamed('public', 'lazy_sessions')).toEqual([
      'lazy_sessions',
      'lazy_sessions_states',
    ]);
    expect(await postgres.migrationRuns('public', 'lazy_sessions_v1')).toBe(1);
  });

  it('two store objects started at once both migrate without error, and it is recorded once', async () => {
    const stores = Array.from({ length: 6 }, () =>
      postgres.store({ tableName: 'concurrent_sessions' }).open(APP),
    );
    const results = await Promise.allSettled(stores.map((store) => store.get('acme')));
    expect(results.map((result) => result.status)).toEqual(Array(6).fill('fulfilled'));
    expect(await postgres.migrationRuns('public', 'concurrent_sessions_v1')).toBe(1);
    expect(await postgres.tablesNamed('public', 'concurrent_sessions')).toEqual([
      'concurrent_sessions',
      'concurrent_sessions_states',
    ]);
  });

  it('a store started later finds it done and keeps the rows', async () => {
    const session = {
      storeName: 'acme',
      merchantId: 'm',
      authorizedAppId: 'a',
      scope: 'read_products',
      accessToken: 'at_later',
      refreshToken: 'rt_later',
      expiresAt: 1_900_000_000_000,
      expiresIn: 14_400,
    };
    await postgres.store({ tableName: 'later_sessions' }).open(APP).set(session);
    const later = postgres.store({ tableName: 'later_sessions' }).open(APP);
    expect(await later.get('acme')).toEqual({ status: 'installed', session });
    expect(await postgres.migrationRuns('public', 'later_sessions_v1')).toBe(1);
  });

  it('creates its tables in the schema it is given', async () => {
    await postgres.pool().query('CREATE SCHEMA shop_app');
    const store = postgres.store({ schema: 'shop_app' }).open(APP);
    await store.saveState({ state: 's'.repeat(32), storeName: 'acme', expiresAt: Date.now() });
    expect(await postgres.tablesNamed('shop_app', 'admin_api_')).toEqual([
      'admin_api_migrations',
      'admin_api_sessions',
      'admin_api_sessions_states',
    ]);
    expect(await postgres.migrationRuns('shop_app', 'admin_api_sessions_v1')).toBe(1);
  });
});
