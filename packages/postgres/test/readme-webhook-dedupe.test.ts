import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runWebhookDedupeSection } from '../../app/test/support/readme-webhook-dedupe.js';
import { usePostgresServer } from './postgres-fixture.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));

describe('the README webhook dedupe section', () => {
  const postgres = usePostgresServer();

  it('runs as written against a real PostgreSQL: a delivery sent twice reaches onEvent once', async () => {
    const { delivery, lines } = await runWebhookDedupeSection(README, {
      DATABASE_URL: postgres.server.connectionString,
    });
    expect(lines).toEqual([`${delivery.scope} ${delivery.id}`, '200', '200']);
    const { rows } = await postgres
      .pool()
      .query('SELECT namespace, id, state, token FROM admin_api_webhook_deliveries');
    expect(rows).toEqual([{ namespace: '', id: delivery.id, state: 'done', token: null }]);
  });
});
