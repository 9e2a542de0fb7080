import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findPostgresBin,
  startPostgresServer,
} from '../../../test/support/postgres-server-process.js';
import { testPool } from './postgres-fixture.js';

describe('the test PostgreSQL server', () => {
  it('starts a fresh cluster on a loopback port that answers queries, and stops it', async () => {
    const server = await startPostgresServer();
    const pool = testPool(server.connectionString);
    try {
      expect(server.connectionString).toBe(`postgres://postgres@127.0.0.1:${server.port}/postgres`);
      const { rows } = await pool.query(
        `SELECT current_setting('fsync') AS fsync, inet_server_addr()::text AS address,
           (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables`,
      );
      expect(rows[0]).toEqual({ fsync: 'off', address: '127.0.0.1/32', tables: 0 });
      await server.stop();
      await expect(pool.query('SELECT 1')).rejects.toThrow();
    } finally {
      await pool.end();
      await server.close();
    }
  });

  it('two servers get two ports', async () => {
    const [one, two] = await Promise.all([startPostgresServer(), startPostgresServer()]);
    try {
      expect(one.port).not.toBe(two.port);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('says how to install PostgreSQL when its server is nowhere to be found', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-postgres-'));
    try {
      expect(() => findPostgresBin(empty, empty)).toThrow(
        'apt-get update && apt-get install -y postgresql',
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
