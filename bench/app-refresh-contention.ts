// Refresh contention of an app installed on many stores: P processes × S stores × E expiries, each
// process making C concurrent calls per store right after each expiry (the clock moved past it),
// with sessions in Redis and in PostgreSQL. `@admin-api/app` (one refresh per store across
// processes) against the baseline of the vendor's sample apps and a careful user without the kit
// (a per-process single flight, no lock across processes, no re-read); in one run.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import { createApp } from '../packages/app/dist/index.js';
import { createPostgresSessionStore } from '../packages/postgres/dist/index.js';
import { createRedisSessionStore } from '../packages/redis/dist/index.js';
import {
  type AppWorkerProcess,
  pressInstall,
  startAppWorker,
} from '../test/support/app-worker-process.js';
import {
  type PostgresServerProcess,
  startPostgresServer,
} from '../test/support/postgres-server-process.js';
import { type RedisServerProcess, startRedisServer } from '../test/support/redis-server-process.js';
import type {
  AppRefreshWorkerOptions,
  ParentMessage,
  StoreBurst,
  WorkerMessage,
} from './app-refresh-worker.js';
import {
  type BenchReport,
  describeMachine,
  median,
  percentile,
  runIfMain,
  table,
} from './bench-report.js';

const PROCESSES = Number(process.env.BENCH_APP_REFRESH_PROCESSES ?? 8);
const STORE_COUNT = Number(process.env.BENCH_APP_REFRESH_STORES ?? 4);
const EXPIRIES = Number(process.env.BENCH_APP_REFRESH_EXPIRIES ?? 5);
const CALLS = Number(process.env.BENCH_APP_REFRESH_CALLS ?? 5);
const ENGINES = (process.env.BENCH_APP_REFRESH_ENGINES ?? 'redis,postgres').split(',') as Engine[];
const LIFETIME_S = 3_600;
const STORES = Array.from({ length: STORE_COUNT }, (_, index) => `store-${index + 1}`);
const WORKER = fileURLToPath(new URL('./app-refresh-worker.ts', import.meta.url));

type Engine = AppRefreshWorkerOptions['engine'];
type Mode = AppRefreshWorkerOptions['mode'];

interface Outcome {
  /** Refresh requests that reached the stores' token hosts (code exchanges left out). */
  refreshRequests: number;
  /** Successful rotations. */
  refreshes: number;
  spentPresented: number;
  /** Store-expiries after which the store's install was revoked (reinstalled before the next). */
  storesLost: number;
  /** Calls that failed, of P × S × C × E. */
  failedCalls: number;
  /** First call per process per store per expiry: ms from the burst's start to its answer or failure. */
  waits: number[];
  /** Per process per store per expiry: ms until the first request went out with its token. */
  tokenWaits: number[];
  /** Holds of a store's refresh lock, all processes together (the kit only). */
  lockHolds: number;
  /** Ms from asking for a store's refresh lock to holding it, each hold (the kit only). */
  lockWaits: number[];
  /** First calls that failed (their time is in `waits` too). */
  failedFirstCalls: number;
  /** The same, in a burst with no expiry (after the warm-up): what a call costs anyway. */
  steadyWaits: number[];
  failures: string[];
}

type Worker = AppWorkerProcess<ParentMessage, WorkerMessage>;

/**
 * One configuration: a fresh emulator (its own client id, so its own sessions), every store
 * installed, PROCESSES workers in `mode` warmed up with one call per store, then EXPIRIES times:
 * the clock moved past the tokens' expiry in every process, and CALLS calls per store in each.
 * A store lost at an expiry is installed again before the next (as its merchant would have to).
 */
async function measure(engine: Engine, url: string, mode: Mode): Promise<Outcome> {
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const emulator: Emulator = await startEmulator({
    stores: STORES,
    now,
    tokenLifetimeS: LIFETIME_S,
    rateLimit: false,
    clientId: `bench-app-refresh-${engine}-${mode}-${process.pid}`,
  });
  const sessionStore =
    engine === 'redis'
      ? createRedisSessionStore({ url })
      : createPostgresSessionStore({ connectionString: url });
  const installer = createApp({
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    redirectUri: 'http://127.0.0.1:3000/oauth/callback',
    scopes: ['read_products'],
    sessions: sessionStore,
    baseUrl: emulator.baseUrl,
    authUrlFor: (storeName) => emulator.authUrlFor(storeName),
    now,
  });
  const workers: Worker[] = [];
  try {
    for (const store of STORES) await pressInstall(installer, store);
    const options: AppRefreshWorkerOptions = {
      mode,
      engine,
      url,
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
      baseUrl: emulator.baseUrl,
      authUrls: Object.fromEntries(STORES.map((store) => [store, emulator.authUrlFor(store)])),
    };
    workers.push(
      ...(await Promise.all(
        Array.from({ length: PROCESSES }, () =>
          startAppWorker<ParentMessage, WorkerMessage>(WORKER, options),
        ),
      )),
    );
    const burst = async () => {
      const replies = await Promise.all(
        workers.map((w) => w.ask({ type: 'call', stores: STORES, perStore: CALLS })),
      );
      return replies.flatMap((reply) => (reply.type === 'called' ? [reply] : []));
    };
    // Connections, sessions read, code paths run once: nothing of it is counted.
    progress('warm-up');
    await burst();
    // A burst with fresh tokens: the reference for the waits at an expiry.
    const steadyWaits = (await burst()).flatMap((reply) =>
      reply.bursts.map(({ firstCallMs }) => firstCallMs),
    );
    const counted = () =>
      STORES.map((store) => {
        const stats = emulator.stores[store]?.stats;
        if (!stats) throw new Error(`the emulator has no store ${store}`);
        return {
          refreshRequests: stats.tokenRequests - stats.codeExchanges,
          refreshes: stats.refreshes,
          spentPresented: stats.spentRefreshTokenPresented,
        };
      });
    const before = counted();

    const outcome: Outcome = {
      refreshRequests: 0,
      refreshes: 0,
      spentPresented: 0,
      storesLost: 0,
      failedCalls: 0,
      waits: [],
      tokenWaits: [],
      lockHolds: 0,
      lockWaits: [],
      failedFirstCalls: 0,
      steadyWaits,
      failures: [],
    };
    for (let expiry = 1; expiry <= EXPIRIES; expiry++) {
      progress(`expiry ${expiry}`);
      offsetMs += LIFETIME_S * 1000 + 1_000;
      await Promise.all(workers.map((w) => w.ask({ type: 'clock', offsetMs })));
      const replies = await burst();
      const bursts: StoreBurst[] = replies.flatMap((reply) => reply.bursts);
      for (const { firstCallMs, tokenWaitMs, firstCallOk, failed, lockWaitsMs } of bursts) {
        outcome.failedCalls += failed;
        outcome.lockHolds += lockWaitsMs.length;
        outcome.lockWaits.push(...lockWaitsMs);
        outcome.waits.push(firstCallMs);
        outcome.tokenWaits.push(tokenWaitMs);
        if (!firstCallOk) outcome.failedFirstCalls++;
      }
      outcome.failures.push(...replies.flatMap((reply) => reply.failures));
      for (const store of STORES) {
        if (emulator.stores[store]?.installed) continue;
        outcome.storesLost++;
        await pressInstall(installer, store);
      }
    }
    counted().forEach((stats, index) => {
      const start = before[index];
      if (!start) return;
      outcome.refreshRequests += stats.refreshRequests - start.refreshRequests;
      outcome.refreshes += stats.refreshes - start.refreshes;
      outcome.spentPresented += stats.spentPresented - start.spentPresented;
    });
    outcome.failures = [...new Set(outcome.failures)].slice(0, 5);
    return outcome;
  } finally {
    await Promise.all(workers.map((w) => w.exit()));
    await sessionStore.close();
    await emulator.close();
  }
}

async function startServer(
  engine: Engine,
): Promise<{ url: string; close(): Promise<void> } | undefined> {
  if (engine === 'redis') {
    if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, close: async () => {} };
    const server: RedisServerProcess = await startRedisServer();
    return { url: server.url, close: () => server.close() };
  }
  const server: PostgresServerProcess = await startPostgresServer();
  return { url: server.connectionString, close: () => server.close() };
}

const progress = (step: string) => process.stderr.write(`  ${step}\n`);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const ratio = (kit: number, baseline: number) =>
  baseline > 0 && Number.isFinite(kit) && Number.isFinite(baseline)
    ? (kit / baseline).toFixed(2)
    : '—';

export async function appRefreshContention(): Promise<BenchReport> {
  const storeExpiries = STORE_COUNT * EXPIRIES;
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const rows: (string | number)[][] = [];
  const locks: (string | number)[][] = [];
  const ratios: (string | number)[][] = [];
  const oddities: string[] = [];
  for (const engine of ENGINES) {
    const server = await startServer(engine);
    if (!server) continue;
    try {
      const results = {} as Record<Mode, Outcome>;
      for (const [label, mode] of [
        ['`@admin-api/app`', 'kit'],
        ['baseline: single flight, no lock', 'baseline'],
      ] as const) {
        process.stderr.write(`app-refresh: ${engine}, ${mode}\n`);
        const outcome = await measure(engine, server.url, mode);
        results[mode] = outcome;
        rows.push([
          engine,
          label,
          (outcome.refreshRequests / storeExpiries).toFixed(2),
          (outcome.refreshes / storeExpiries).toFixed(2),
          outcome.spentPresented,
          `${outcome.storesLost} of ${storeExpiries}`,
          `${outcome.failedCalls} of ${PROCESSES * storeExpiries * CALLS}`,
          ms(median(outcome.tokenWaits)),
          ms(percentile(outcome.tokenWaits, 99)),
          ms(median(outcome.waits)),
          ms(percentile(outcome.waits, 99)),
          `${outcome.failedFirstCalls} of ${outcome.waits.length}`,
          ms(median(outcome.steadyWaits)),
          ms(percentile(outcome.steadyWaits, 99)),
        ]);
        if (mode === 'kit') {
          locks.push([
            engine,
            (outcome.lockHolds / storeExpiries).toFixed(2),
            ms(median(outcome.lockWaits)),
            ms(percentile(outcome.lockWaits, 99)),
            ms(Math.max(...outcome.lockWaits)),
          ]);
        }
        if (outcome.failures.length > 0) {
          oddities.push(`${engine}, ${mode}: ${outcome.failures.join('; ')}`);
        }
      }
      const { kit, baseline } = results;
      ratios.push([
        engine,
        ratio(kit.refreshRequests, baseline.refreshRequests),
        ratio(kit.spentPresented, baseline.spentPresented),
        ratio(kit.storesLost, baseline.storesLost),
        ratio(percentile(kit.tokenWaits, 99), percentile(baseline.tokenWaits, 99)),
        ratio(median(kit.tokenWaits), median(baseline.tokenWaits)),
        ratio(percentile(kit.waits, 99), percentile(baseline.waits, 99)),
      ]);
    } finally {
      await server.close();
    }
  }
  const failures =
    oddities.length > 0
      ? `\nFailures seen (first distinct messages):\n\n${oddities.map((line) => `- ${line}`).join('\n')}\n`
      : '';
  const markdown = `## App refresh contention

Measured ${new Date().toISOString().slice(0, 10)} on ${describeMachine()}; load average ${load} when it began.

${PROCESSES} processes of one app installed on ${STORE_COUNT} stores, sessions in one session store,
through ${EXPIRIES} expiries of the stores' access tokens (lifetime ${LIFETIME_S} s; the clock, moved by the
parent in every process and the emulator, jumps 1 s past each expiry). Right after each jump every
process makes ${CALLS} concurrent calls per store. \`@admin-api/app\`: \`app.client(store)\`, one refresh per
store across processes (the session store's lock, then a re-read). Baseline, the vendor's sample
apps and a careful user without the kit: each call reads the session from the same store and, once
its token has expired, refreshes with a plain \`fetch\` POST (one flight per store per process, no
lock across processes, no re-read) and writes the session back. A store lost at an expiry (a spent
refresh token presented: the store revokes the install) is installed again before the next one.
Refresh requests (what reached the token hosts) and refreshes (rotations the hosts granted) are per
store per expiry (target 1.00). Measured in each worker with \`performance.now()\` from the burst's
start, per process per store per expiry (${PROCESSES * STORE_COUNT * EXPIRIES} samples): token wait, until the store's first GraphQL
request went out with its token (or a call failed without one), the refresh contention alone;
first call, until the first call's answer or failure, which adds the GraphQL server's queue of
${PROCESSES * STORE_COUNT * CALLS} concurrent calls (one single-threaded emulator); no-expiry, the first call of a burst
with fresh tokens, before the first expiry: what a call costs at that load anyway.

${table(
  [
    'sessions',
    'refresh',
    'refresh requests / store / expiry',
    'refreshes / store / expiry',
    'spent refresh tokens presented',
    'stores lost',
    'failed calls',
    'token wait p50 (ms)',
    'token wait p99 (ms)',
    'first call p50 (ms)',
    'first call p99 (ms)',
    'first calls failed',
    'no-expiry p50 (ms)',
    'no-expiry p99 (ms)',
  ],
  rows,
)}

The kit's refresh lock (timed in the worker around the session store's \`withRefreshLock\`): holds
per store per expiry, all processes together, and the wait from asking for the lock to holding it.

${table(
  [
    'sessions',
    'lock holds / store / expiry',
    'lock wait p50 (ms)',
    'lock wait p99 (ms)',
    'max (ms)',
  ],
  locks,
)}

Kit ÷ baseline:

${table(
  [
    'sessions',
    'refresh requests',
    'spent tokens presented',
    'stores lost',
    'token wait p99',
    'token wait p50',
    'first call p99',
  ],
  ratios,
)}
${failures}`;
  return { title: 'app refresh contention', markdown };
}

runIfMain(import.meta.url, appRefreshContention);
