// Fleet mode: 1, 2, 4 and 8 processes of one app calling flat out against the emulator's limit,
// sharing one token and one budget through Redis, against the baseline of each process pacing
// itself to the full budget with its own token; in one run.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import { emulatorCredentials } from '@admin-api/emulator/testing';
import { type RedisServerProcess, startRedisServer } from '../test/support/redis-server-process.js';
import { type BenchReport, runIfMain, table } from './bench-report.js';
import type { FleetBenchWorkerOptions } from './fleet-worker.js';

const LIMIT = 50;
const WINDOW_MS = Number(process.env.BENCH_FLEET_WINDOW_MS ?? 2_000);
const WINDOWS = Number(process.env.BENCH_FLEET_WINDOWS ?? 5);
const PROCESSES = (process.env.BENCH_FLEET_PROCESSES ?? '1,2,4,8').split(',').map(Number);
const CONCURRENCY = 4;
const WORKER = fileURLToPath(new URL('./fleet-worker.ts', import.meta.url));

interface Outcome {
  sent: number;
  rateLimited: number;
  tokenRequests: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the next message of `child`. */
const reply = (child: ChildProcess) => once(child, 'message');

/**
 * `processes` workers in `mode`: started and warmed up (a token each, or one for the fleet), then,
 * once a window has passed so the warm-up counts nowhere, run for WINDOWS windows. Requests are
 * counted at the deadline; token requests over the whole run.
 */
async function measure(
  emulator: Emulator,
  redisUrl: string,
  processes: number,
  mode: FleetBenchWorkerOptions['mode'],
): Promise<Outcome> {
  emulator.reset();
  const options: FleetBenchWorkerOptions = {
    mode,
    redisUrl,
    // A fresh set of keys per run, so no run inherits another's budget or token.
    keyPrefix: `bench-${processes}-${mode}:`,
    rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
    concurrency: CONCURRENCY,
    ...emulatorCredentials(emulator),
  };
  const children = await Promise.all(
    Array.from({ length: processes }, async () => {
      const child = fork(WORKER, [JSON.stringify(options)], { execArgv: ['--import', 'tsx'] });
      await reply(child);
      return child;
    }),
  );
  await Promise.all(
    children.map((child) => {
      child.send('warm-up');
      return reply(child);
    }),
  );
  await sleep(WINDOW_MS);
  const before = { ...emulator.stats };
  for (const child of children) child.send('go');
  await sleep(WINDOWS * WINDOW_MS);
  const { graphqlRequests, rateLimited, tokenRequests } = emulator.stats;
  await Promise.all(
    children.map((child) => {
      child.send('stop');
      return once(child, 'exit');
    }),
  );
  return {
    sent: graphqlRequests - before.graphqlRequests,
    rateLimited: rateLimited - before.rateLimited,
    tokenRequests,
  };
}

export async function fleetMode(): Promise<BenchReport> {
  const emulator = await startEmulator({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } });
  // REDIS_URL when set; otherwise a redis-server of our own, as the tests start one.
  const server: RedisServerProcess | undefined = process.env.REDIS_URL
    ? undefined
    : await startRedisServer();
  const redisUrl = process.env.REDIS_URL ?? server?.url ?? '';
  const allowed = LIMIT * WINDOWS;
  const rows: (string | number)[][] = [];
  try {
    for (const processes of PROCESSES) {
      for (const [label, mode] of [
        ['fleet (`@admin-api/redis`)', 'fleet'],
        ['per-process pacing', 'per-process'],
      ] as const) {
        process.stderr.write(`fleet: ${processes} process(es), ${mode}\n`);
        const { sent, rateLimited, tokenRequests } = await measure(
          emulator,
          redisUrl,
          processes,
          mode,
        );
        const used = (sent - rateLimited) / allowed;
        rows.push([processes, label, sent, rateLimited, used.toFixed(3), tokenRequests]);
      }
    }
  } finally {
    await emulator.close();
    await server?.close();
  }
  const markdown = `## Fleet mode

Processes of one app (each a node process with ${CONCURRENCY} callers), warmed up with one call
each, calling flat out for ${WINDOWS} windows against the emulator's limit of ${LIMIT} requests per ${WINDOW_MS / 1000} s (the
service's 50 per 10 s with the window scaled down). Fleet: one \`createRedisFleet\` per process
on one Redis, sharing the budget and the token. Per-process pacing (the baseline): each process
paces itself to the full budget and fetches its own token. Allowed in the run: ${allowed} requests.
Budget used = accepted requests ÷ allowed; every 429 is an error that counts against the app.

${table(['processes', 'pacing', 'requests sent', '429s', 'budget used', 'token requests'], rows)}
`;
  return { title: 'fleet mode', markdown };
}

runIfMain(import.meta.url, fleetMode);
