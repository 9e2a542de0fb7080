// One process of an app installed on many stores, for bench/app-refresh-contention.ts: on a clock
// its parent moves, it makes the calls its parent asks for and times the first call per store.
// Two modes. `kit`: `app.client(store)` of `@admin-api/app` (one refresh per store across
// processes: the session store's lock, then a re-read). `baseline`: what the vendor's sample apps
// and a careful user without the kit do: read the session from the same session store on each
// call, and when its token has expired refresh it with a plain `fetch` POST, one refresh per store
// at a time in this process (a single flight) but no lock across processes and no re-read, then
// write the new session back. It imports the built packages, as a deployed app would (the bench
// package does not depend on app/postgres, and the built code is what runs in production).
import {
  type AppSessionStore,
  createApp,
  type SessionStore,
  type StoreSession,
} from '../packages/app/dist/index.js';
import { createPostgresSessionStore } from '../packages/postgres/dist/index.js';
import { createRedisSessionStore } from '../packages/redis/dist/index.js';
import type { AppWorkerOptions, ParentMessage } from '../test/support/app-refresh-worker.js';

/** What the worker is started with (its first argument, as JSON): the test worker's, and a mode. */
export interface AppRefreshWorkerOptions extends AppWorkerOptions {
  mode: 'kit' | 'baseline';
}

export type { ParentMessage };

/** One store's burst in this process. */
export interface StoreBurst {
  store: string;
  /** From the start of the burst to the first call's answer (or failure), in ms. */
  firstCallMs: number;
  /**
   * From the start of the burst to the moment the store's first GraphQL request went on the wire
   * (its token in hand) or a call failed without one, in ms: the wait for the refresh alone,
   * without the GraphQL server's own queue.
   */
  tokenWaitMs: number;
  firstCallOk: boolean;
  ok: number;
  failed: number;
  /** Kit only: times this process held the store's refresh lock in the burst. */
  lockHolds: number;
  /** Kit only: ms from asking for the store's lock to holding it, each hold. */
  lockWaitsMs: number[];
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'clock_set' }
  | { type: 'called'; bursts: StoreBurst[]; failures: string[] };

const QUERY = 'query BenchMe{getMerchant{id storeName}}';
const TOKEN_PATH = '/api/admin/oauth/token';
const GRAPHQL_PATH = '/api/v2/admin/graphql';

const options = JSON.parse(process.argv[2] ?? '{}') as AppRefreshWorkerOptions;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const sessionStore: SessionStore & { close(): Promise<void> } =
  options.engine === 'redis'
    ? createRedisSessionStore({ url: options.url })
    : createPostgresSessionStore({ connectionString: options.url });
const authUrlFor = (storeName: string) => {
  const url = options.authUrls[storeName];
  if (!url) throw new Error(`no token host for ${storeName}`);
  return url;
};

/** Per store in the current burst: when the first call had its token (or gave up), in ms. */
let burstStartedAt = 0;
const tokenWaits = new Map<string, number>();
const markTokenWait = (store: string) => {
  if (!tokenWaits.has(store)) tokenWaits.set(store, performance.now() - burstStartedAt);
};

/** Per store in the current burst: each hold of its refresh lock, with the wait for it in ms. */
const lockWaits = new Map<string, number[]>();

/** The session store as the kit sees it, with each refresh lock's hold timed (nothing else changes). */
const timedLocks: SessionStore = {
  open(app) {
    const inner = sessionStore.open(app);
    return new Proxy(inner, {
      get(target, property) {
        if (property !== 'withRefreshLock') {
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        const withRefreshLock: AppSessionStore['withRefreshLock'] = (store, task, lockOptions) => {
          const askedAt = performance.now();
          return target.withRefreshLock(
            store,
            () => {
              const waits = lockWaits.get(store) ?? [];
              waits.push(performance.now() - askedAt);
              lockWaits.set(store, waits);
              return task();
            },
            lockOptions,
          );
        };
        return withRefreshLock;
      },
    });
  },
};

/** The kit: one client per store, from `createApp`. */
function kitCaller(): (store: string) => Promise<unknown> {
  const app = createApp({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    redirectUri: 'http://127.0.0.1:3000/oauth/callback',
    scopes: ['read_products'],
    sessions: timedLocks,
    baseUrl: options.baseUrl,
    authUrlFor,
    rateLimit: false,
    now,
    // Sent after the token provider answered: the first one per store ends the token wait.
    onEvent: (event) => {
      if (event.type === 'graphql_request' && 'storeName' in event) markTokenWait(event.storeName);
    },
  });
  return (store) => app.client(store).request(QUERY);
}

/** The baseline: read the session each call, refresh on expiry, one flight per store per process. */
function baselineCaller(): (store: string) => Promise<unknown> {
  // `now` is what newer session stores take; the built one this runs against may ignore it.
  const sessions: AppSessionStore = sessionStore.open({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    now,
  });
  const flights = new Map<string, Promise<StoreSession>>();

  const refresh = async (session: StoreSession): Promise<StoreSession> => {
    const response = await fetch(`${authUrlFor(session.storeName)}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: session.refreshToken,
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`refresh refused: ${response.status} ${String(body.error)}`);
    const expiresIn = Number(body.expires_in);
    const next: StoreSession = {
      ...session,
      accessToken: String(body.access_token),
      refreshToken: String(body.refresh_token),
      expiresIn,
      expiresAt: now() + expiresIn * 1000,
    };
    await sessions.set(next); // written back as is: no compare-and-set
    return next;
  };

  return async (store) => {
    const record = await sessions.get(store);
    if (record?.status !== 'installed') throw new Error(`${store}: not installed`);
    let session = record.session;
    if (now() >= session.expiresAt) {
      let flight = flights.get(store);
      if (!flight) {
        flight = refresh(session).finally(() => flights.delete(store));
        flights.set(store, flight);
      }
      session = await flight;
    }
    markTokenWait(store);
    const response = await fetch(`${options.baseUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session.accessToken}`,
      },
      body: JSON.stringify({ query: QUERY }),
    });
    const body = (await response.json()) as { errors?: unknown };
    if (!response.ok || body.errors) throw new Error(`${store}: GraphQL ${response.status}`);
    return body;
  };
}

const call = options.mode === 'kit' ? kitCaller() : baselineCaller();
const send = (message: WorkerMessage) => process.send?.(message);

async function burst(store: string, perStore: number, startedAt: number): Promise<StoreBurst> {
  let firstCallMs = Number.NaN;
  let firstCallOk = false;
  const results = await Promise.allSettled(
    Array.from({ length: perStore }, (_, index) => {
      const pending = call(store);
      if (index === 0) {
        pending.then(
          () => {
            firstCallMs = performance.now() - startedAt;
            firstCallOk = true;
          },
          () => {
            firstCallMs = performance.now() - startedAt;
          },
        );
      }
      pending.catch(() => markTokenWait(store));
      return pending;
    }),
  );
  failures.push(
    ...results.flatMap((r) =>
      r.status === 'rejected' ? [`${store}: ${(r.reason as Error).message}`] : [],
    ),
  );
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  const tokenWaitMs = tokenWaits.get(store) ?? Number.NaN;
  const lockWaitsMs = lockWaits.get(store) ?? [];
  return {
    store,
    firstCallMs,
    tokenWaitMs,
    firstCallOk,
    ok,
    failed: perStore - ok,
    lockHolds: lockWaitsMs.length,
    lockWaitsMs,
  };
}

let failures: string[] = [];
process.on('message', async (message: ParentMessage) => {
  if (message.type === 'clock') {
    offsetMs = message.offsetMs;
    send({ type: 'clock_set' });
  } else if (message.type === 'call') {
    failures = [];
    tokenWaits.clear();
    lockWaits.clear();
    const startedAt = performance.now();
    burstStartedAt = startedAt;
    const bursts = await Promise.all(
      message.stores.map((store) => burst(store, message.perStore, startedAt)),
    );
    send({ type: 'called', bursts, failures: [...new Set(failures)] });
  } else {
    await sessionStore.close();
    process.exit(0);
  }
});
// A bench that died must not leave this process connected to a server that is gone.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
