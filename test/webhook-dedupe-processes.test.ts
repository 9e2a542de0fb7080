import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedDelivery } from '../packages/app/test/support/webhook-fixture.js';
import { startAppWorker } from './support/app-worker-process.js';
import {
  type PostgresServerProcess,
  startPostgresServer,
} from './support/postgres-server-process.js';
import { type RedisServerProcess, startRedisServer } from './support/redis-server-process.js';
import type {
  WebhookParentMessage,
  WebhookWorkerMessage,
  WebhookWorkerOptions,
} from './support/webhook-worker.js';

const WORKER = fileURLToPath(new URL('./support/webhook-worker.ts', import.meta.url));
const PROCESSES = 4;
const EVENTS = 25;
const SECRET = 'webhook-processes-secret';

const post = async (url: string, body: string) =>
  (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
    .status;

describe.each([{ engine: 'redis' as const }, { engine: 'postgres' as const }])(
  '$engine dedupe: 4 processes receive 3 copies of each delivery',
  ({ engine }) => {
    let server: RedisServerProcess | PostgresServerProcess;
    beforeAll(async () => {
      server = engine === 'redis' ? await startRedisServer() : await startPostgresServer();
    });
    afterAll(() => server?.close());

    it('hands each event to onEvent once, and answers every copy 200 by its next try', async () => {
      const options: WebhookWorkerOptions = {
        engine,
        url: 'url' in server ? server.url : server.connectionString,
        clientSecret: SECRET,
      };
      const workers = await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          startAppWorker<WebhookParentMessage, WebhookWorkerMessage>(WORKER, options),
        ),
      );
      try {
        const urls = await Promise.all(
          workers.map(async (worker) => {
            const reply = await worker.ask({ type: 'url' });
            if (reply.type !== 'url') throw new Error(`worker answered ${reply.type}`);
            return reply.url;
          }),
        );
        const deliveries = Array.from({ length: EVENTS }, (_, i) =>
          signedDelivery({ data: { id: `order-${i}` } }, SECRET),
        );
        // Three copies of each at once, to three processes: a retry racing a slow first try.
        const first = await Promise.all(
          deliveries.flatMap((delivery, i) =>
            [0, 1, 2].map(async (copy) => {
              const url = urls[(i + copy) % PROCESSES] ?? '';
              return { url, delivery, status: await post(url, delivery.body) };
            }),
          ),
        );
        const statuses = first.map((sent) => sent.status);
        expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(EVENTS);
        expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
        // The service tries a refused copy again: now every one is answered 200.
        const retried = await Promise.all(
          first
            .filter((sent) => sent.status !== 200)
            .map((sent) => post(sent.url, sent.delivery.body)),
        );
        expect(retried.every((status) => status === 200)).toBe(true);
        // And copies that come later, one after another, to the fourth process.
        for (const [i, delivery] of deliveries.entries()) {
          expect(await post(urls[(i + 3) % PROCESSES] ?? '', delivery.body)).toBe(200);
        }

        const handled = (
          await Promise.all(workers.map((worker) => worker.ask({ type: 'handled' })))
        ).flatMap((reply) => (reply.type === 'handled' ? reply.ids : []));
        expect(handled.sort()).toEqual(deliveries.map((delivery) => delivery.id).sort());
      } finally {
        await Promise.all(workers.map((worker) => worker.exit()));
      }
    });
  },
);
