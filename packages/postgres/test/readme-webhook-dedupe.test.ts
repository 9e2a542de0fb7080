import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signedDelivery } from '../../app/test/support/webhook-fixture.js';
import { usePostgresServer } from './postgres-fixture.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));
const SECRET = 'readme-webhook-secret';

/** The first TypeScript block after the "Webhook dedupe" heading. */
async function section(): Promise<string> {
  const readme = await readFile(README, 'utf8');
  const match = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Webhook dedupe')));
  if (!match?.[1]) throw new Error('no ts block under "## Webhook dedupe"');
  return match[1];
}

/** Posts the delivery twice, as the service's retry would, then shuts down as the README says. */
const TAIL = `
for (let i = 0; i < 2; i++) {
  const request = new Request('http://127.0.0.1/webhooks', { method: 'POST', body: process.env.DELIVERY });
  console.log((await handleWebhook(request)).status);
}
await dedupe.close();
`;

describe('the README webhook dedupe section', () => {
  const postgres = usePostgresServer();

  it('runs as written against a real PostgreSQL: a delivery sent twice reaches onEvent once', async () => {
    const delivery = signedDelivery({}, SECRET);
    const dir = await mkdtemp(join(tmpdir(), 'admin-api-postgres-dedupe-readme-'));
    try {
      const file = join(dir, 'webhook-dedupe.mts');
      await writeFile(file, `${await section()}${TAIL}`);
      // From the repo root, tsx maps the packages' names to their sources (tsconfig paths).
      const { stdout } = await run('node', ['--import', 'tsx', file], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: postgres.server.connectionString,
          APP_CLIENT_SECRET: SECRET,
          DELIVERY: delivery.body,
        },
      });
      expect(stdout.trim().split('\n')).toEqual([`${delivery.scope} ${delivery.id}`, '200', '200']);
      const { rows } = await postgres
        .pool()
        .query('SELECT namespace, id, state, token FROM admin_api_webhook_deliveries');
      expect(rows).toEqual([{ namespace: '', id: delivery.id, state: 'done', token: null }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
