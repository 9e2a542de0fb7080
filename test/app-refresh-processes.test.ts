import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../packages/app/src/index.js';
import { createPostgresSessionStore } from '../packages/postgres/src/index.js';
import { createRedisSessionStore } from '../packages/redis/src/index.js';
import type {
  AppWorkerOptions,
  ParentMessage,
  WorkerMessage,
} from './support/app-refresh-worker.js';
import { pressInstall, startAppWorker } from './support/app-worker-process.js';
import {
  type PostgresServerProcess,
  startPostgresServer,
} from './support/postgres-server-process.js';
import { type RedisServerProcess, startRedisServer } from './support/redis-server-process.js';

const WORKER = fileURLToPath(new URL('./support/app-refresh-worker.ts', import.meta.url));
const PROCESSES = 8;
const STORES = ['acme', 'globex'];
const LIFETIME_S = 3_600;
// The second expiry presents the refresh token the first one stored: rotation, not just a refresh.
const EXPIRIES = 2;

describe.each([{ engine: 'redis' as const }, { engine: 'postgres' as const }])(
  '$engine sessions: 8 processes × 2 stores through token expiries',
  ({ engine }) => {
    let server: RedisServerProcess | PostgresServerProcess;
    let emulator: Emulator;
    let offsetMs = 0;
    const now = () => Date.now() + offsetMs;

    beforeAll(async () => {
      server = engine === 'redis' ? await startRedisServer() : await startPostgresServer();
      emulator = await startEmulator({
        stores: STORES,
        now,
        tokenLifetimeS: LIFETIME_S,
        rateLimit: false,
      });
    });
    afterAll(async () => {
      await emulator?.close();
      await server?.close();
    });

    const url = () => ('url' in server ? server.url : server.connectionString);

    it('each expiry makes exactly one refresh per store, and no spent refresh token is ever presented', async () => {
      const sessions =
        engine === 'redis'
          ? createRedisSessionStore({ url: url() })
          : createPostgresSessionStore({ connectionString: url() });
      const installer = createApp({
        clientId: emulator.clientId,
        clientSecret: emulator.clientSecret,
        redirectUri: 'http://127.0.0.1:3000/oauth/callback',
        scopes: ['read_products'],
        sessions,
        baseUrl: emulator.baseUrl,
        authUrlFor: (storeName) => emulator.authUrlFor(storeName),
        now,
      });
      for (const store of STORES) await pressInstall(installer, store);
      await sessions.close();

      const options: AppWorkerOptions = {
        engine,
        url: url(),
        clientId: emulator.clientId,
        clientSecret: emulator.clientSecret,
        baseUrl: emulator.baseUrl,
        authUrls: Object.fromEntries(STORES.map((store) => [store, emulator.authUrlFor(store)])),
      };
      const workers = await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          startAppWorker<ParentMessage, WorkerMessage>(WORKER, options),
        ),
      );
      try {
        const refreshes = () => STORES.map((store) => emulator.stores[store]?.stats.refreshes);
        expect(refreshes()).toEqual([0, 0]);
        for (let expiry = 1; expiry <= EXPIRIES; expiry++) {
          offsetMs += LIFETIME_S * 1000 + 1_000;
          await Promise.all(workers.map((w) => w.ask({ type: 'clock', offsetMs })));
          const replies = await Promise.all(
            workers.map((w) => w.ask({ type: 'call', stores: STORES, perStore: 5 })),
          );
          for (const reply of replies) {
            expect(reply).toEqual({ type: 'called', ok: STORES.length * 5, failures: [] });
          }
          expect(refreshes()).toEqual([expiry, expiry]);
        }
        for (const store of STORES) {
          expect(emulator.stores[store]?.stats.spentRefreshTokenPresented).toBe(0);
          expect(emulator.stores[store]?.installed).toBe(true);
        }
      } finally {
        await Promise.all(workers.map((w) => w.exit()));
      }
    });
  },
);
