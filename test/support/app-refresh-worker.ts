// One process of an app installed on many stores, for the cross-process refresh tests: it makes
// the calls its parent asks for, on a clock its parent moves, with sessions in Redis or PostgreSQL.
// It imports the built packages, as a deployed app would: the test command builds them first.
import { createApp, type SessionStore } from '../../packages/app/dist/index.js';
import { createPostgresSessionStore } from '../../packages/postgres/dist/index.js';
import { createRedisSessionStore } from '../../packages/redis/dist/index.js';

/** What the worker is started with (its first argument, as JSON). */
export interface AppWorkerOptions {
  engine: 'redis' | 'postgres';
  url: string;
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  authUrls: Record<string, string>;
}

export type ParentMessage =
  | { type: 'clock'; offsetMs: number }
  | { type: 'call'; stores: string[]; perStore: number }
  | { type: 'exit' };

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'clock_set' }
  | { type: 'called'; ok: number; failures: string[] };

const options = JSON.parse(process.argv[2] ?? '{}') as AppWorkerOptions;
let offsetMs = 0;
const sessions: SessionStore & { close(): Promise<void> } =
  options.engine === 'redis'
    ? createRedisSessionStore({ url: options.url })
    : createPostgresSessionStore({ connectionString: options.url });
const app = createApp({
  clientId: options.clientId,
  clientSecret: options.clientSecret,
  redirectUri: 'http://127.0.0.1:3000/oauth/callback',
  scopes: ['read_products'],
  sessions,
  baseUrl: options.baseUrl,
  authUrlFor: (storeName) => {
    const url = options.authUrls[storeName];
    if (!url) throw new Error(`no token host for ${storeName}`);
    return url;
  },
  rateLimit: false,
  now: () => Date.now() + offsetMs,
});

const send = (message: WorkerMessage) => process.send?.(message);

process.on('message', async (message: ParentMessage) => {
  if (message.type === 'clock') {
    offsetMs = message.offsetMs;
    send({ type: 'clock_set' });
  } else if (message.type === 'call') {
    const calls = message.stores.flatMap((store) =>
      Array.from({ length: message.perStore }, () =>
        app.client(store).request('query WorkerMe{getMerchant{id storeName}}'),
      ),
    );
    const results = await Promise.allSettled(calls);
    send({
      type: 'called',
      ok: results.filter((r) => r.status === 'fulfilled').length,
      failures: results.flatMap((r) =>
        r.status === 'rejected' ? [String((r.reason as Error).message)] : [],
      ),
    });
  } else {
    await sessions.close();
    process.exit(0);
  }
});
send({ type: 'ready' });
