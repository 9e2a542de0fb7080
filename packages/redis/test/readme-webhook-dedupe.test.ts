import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runWebhookDedupeSection } from '../../app/test/support/readme-webhook-dedupe.js';
import { useRedisServer } from './redis-fixture.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));

describe('the README webhook dedupe section', () => {
  const redis = useRedisServer();

  it('runs as written against a real Redis: a delivery sent twice reaches onEvent once', async () => {
    const { delivery, lines } = await runWebhookDedupeSection(README, {
      REDIS_URL: redis.server.url,
    });
    expect(lines).toEqual([`${delivery.scope} ${delivery.id}`, '200', '200']);
    expect(await redis.client.keys('*')).toEqual([`admin-api:webhook:${delivery.id}`]);
    expect(await redis.client.get(`admin-api:webhook:${delivery.id}`)).toMatch(/^done:\d+$/);
  });
});
