// One process of an app that receives webhooks, for the cross-process dedupe tests: it serves a
// webhook handler on loopback with its handled ids shared through Redis or PostgreSQL, and tells
// its parent which events reached its onEvent. It imports the built packages, as a deployed app
// would: the test command builds them first.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { createWebhookHandler } from '../../packages/app/dist/index.js';
import { toNodeListener } from '../../packages/app/dist/node.js';
import { createPostgresDedupeStore } from '../../packages/postgres/dist/index.js';
import { createRedisDedupeStore } from '../../packages/redis/dist/index.js';

/** What the worker is started with (its first argument, as JSON). */
export interface WebhookWorkerOptions {
  engine: 'redis' | 'postgres';
  url: string;
  clientSecret: string;
}

export type WebhookParentMessage = { type: 'url' } | { type: 'handled' } | { type: 'exit' };

export type WebhookWorkerMessage =
  | { type: 'ready' }
  | { type: 'url'; url: string }
  | { type: 'handled'; ids: string[] };

const options = JSON.parse(process.argv[2] ?? '{}') as WebhookWorkerOptions;
// The test is about which copy runs, not how fast the store answers: a loaded 2-core machine
// with four processes migrating and claiming at once must not look like a store that is down.
const STORE_TIMEOUT_MS = 30_000;
const dedupe =
  options.engine === 'redis'
    ? createRedisDedupeStore({ url: options.url }, { commandTimeoutMs: STORE_TIMEOUT_MS })
    : createPostgresDedupeStore(
        { connectionString: options.url },
        { commandTimeoutMs: STORE_TIMEOUT_MS },
      );
const handled: string[] = [];
const handler = createWebhookHandler({
  clientSecret: options.clientSecret,
  dedupe,
  dedupeTimeoutMs: STORE_TIMEOUT_MS,
  // The deadline every step of a delivery shares, the store's calls included.
  ackTimeoutMs: STORE_TIMEOUT_MS,
  onEvent: async (event) => {
    // Work that takes a moment, as real work does, so that copies overlap it.
    await delay(5);
    handled.push(event.id);
  },
});
const server = createServer(toNodeListener(handler));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

const send = (message: WebhookWorkerMessage) => process.send?.(message);

process.on('message', async (message: WebhookParentMessage) => {
  if (message.type === 'url') send({ type: 'url', url: `http://127.0.0.1:${port}/webhooks` });
  else if (message.type === 'handled') send({ type: 'handled', ids: handled });
  else {
    server.closeAllConnections();
    server.close();
    await dedupe.close();
    process.disconnect();
  }
});
send({ type: 'ready' });
