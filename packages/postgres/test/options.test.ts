import { ConfigurationError } from '@admin-api/auth';
import { describe, expect, it } from 'vitest';
import {
  createPostgresSessionStore,
  DEFAULT_SCHEMA,
  DEFAULT_TABLE_NAME,
  type PostgresSessionStoreOptions,
} from '../src/index.js';
import { resolvePostgresSessionStoreConfig } from '../src/postgres-session-store-options.js';

const CONNECTION = { connectionString: 'postgres://127.0.0.1:1/none' };

describe('the options', () => {
  it('default to the public schema, the admin_api_sessions table, a 10 s lock and lock connections sized from the pool', () => {
    expect(resolvePostgresSessionStoreConfig()).toEqual({
      schema: DEFAULT_SCHEMA,
      tableName: DEFAULT_TABLE_NAME,
      lockLifetimeMs: 10_000,
      maxLockConnections: undefined,
    });
    expect(resolvePostgresSessionStoreConfig({ maxLockConnections: 3 }).maxLockConnections).toBe(3);
    expect([DEFAULT_SCHEMA, DEFAULT_TABLE_NAME]).toEqual(['public', 'admin_api_sessions']);
  });

  it.each<[string, PostgresSessionStoreOptions]>([
    ['a schema that is not a plain identifier', { schema: 'shop-app' }],
    ['a quoted schema', { schema: '"public"' }],
    ['a table name with a dot', { tableName: 'public.sessions' }],
    ['a table name starting with a digit', { tableName: '1sessions' }],
    ['a table name over 45 characters', { tableName: 's'.repeat(46) }],
    ['a lock lifetime of 0', { lockLifetimeMs: 0 }],
    ['a fractional lock lifetime', { lockLifetimeMs: 1.5 }],
    ['a lock lifetime over 2^31 − 1 ms', { lockLifetimeMs: 2 ** 31 }],
    ['no lock connections', { maxLockConnections: 0 }],
    ['a fractional number of lock connections', { maxLockConnections: 2.5 }],
    ['lock connections as a string', { maxLockConnections: '4' as unknown as number }],
  ])('refuse %s at creation', (_, options) => {
    const create = () => createPostgresSessionStore(CONNECTION, options);
    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});
