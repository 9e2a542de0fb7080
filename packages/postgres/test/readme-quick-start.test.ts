import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { usePostgresServer } from './postgres-fixture.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));

/** The first TypeScript block after the "Quick start" heading. */
async function quickStart(): Promise<string> {
  const readme = await readFile(README, 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error('no ts block under "## Quick start"');
  return match[1];
}

describe('the README quick start', () => {
  const postgres = usePostgresServer();

  it('runs as written against a real PostgreSQL, and the app it makes uses the store', async () => {
    const code = await quickStart();
    const dir = await mkdtemp(join(tmpdir(), 'admin-api-postgres-quick-start-'));
    try {
      const file = join(dir, 'quick-start.mts');
      // The quick start ends at "on shutdown"; this tail starts an install, then shuts down.
      await writeFile(
        file,
        `${code}\nconst { url } = await app.installUrl({ storeName: 'acme' });\nconsole.log(new URL(url).searchParams.has('state'));\nawait sessions.close();\n`,
      );
      // From the repo root, tsx maps the packages' names to their sources (tsconfig paths).
      const { stdout } = await run('node', ['--import', 'tsx', file], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: postgres.server.connectionString,
          APP_CLIENT_ID: 'quick-start-app',
          APP_CLIENT_SECRET: 'quick-start-secret',
        },
      });
      expect(stdout.trim()).toBe('true');
      const { rows } = await postgres
        .pool()
        .query(`SELECT client_id, store_name, used FROM admin_api_sessions_states`);
      expect(rows).toEqual([{ client_id: 'quick-start-app', store_name: 'acme', used: false }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
