// The fleet under each way Redis forgets its keys while staying up (FLUSHALL, a DEL of the app's
// keys, eviction under allkeys-lru, a restart without persistence): processes of one app calling
// flat out through one `createRedisFleet` against the emulator's limit, the fault applied mid-run.
// The baseline is the same fleet with no fault, in the same run.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import { emulatorCredentials } from '@admin-api/emulator/testing';
import { createClient } from '@redis/client';
import { type RedisServerProcess, startRedisServer } from '../test/support/redis-server-process.js';
import { type BenchReport, percentile, runIfMain, table } from './bench-report.js';
import type {
  FaultBenchWorkerEvent,
  FaultBenchWorkerOptions,
  FaultBenchWorkerReport,
} from './fleet-redis-faults-worker.js';

const PROCESSES = Number(process.env.BENCH_FAULTS_PROCESSES ?? 8);
const LIMIT = Number(process.env.BENCH_FAULTS_LIMIT ?? 20);
const WINDOW_MS = Number(process.env.BENCH_FAULTS_WINDOW_MS ?? 1_000);
/** Windows run before the fault, and after it is done. */
const WINDOWS_BEFORE = 2;
const WINDOWS_AFTER = Number(process.env.BENCH_FAULTS_WINDOWS_AFTER ?? 5);
const CONCURRENCY = 2;
const WORKER = fileURLToPath(new URL('./fleet-redis-faults-worker.ts', import.meta.url));
const FILLER = 'x'.repeat(256 * 1024);
/** The most the eviction fault writes filler for while no process has seen the loss. */
const EVICTION_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const reply = (child: ChildProcess) => once(child, 'message');

type Reply = string | number | null | Reply[];

/** The bench's own connection for the faults' commands (FLUSHALL, KEYS, CONFIG SET, …). */
async function redisAdmin(url: string) {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  // The restart fault drops it; the bench sends nothing on it after that.
  client.on('error', () => {});
  await client.connect();
  return {
    command: (...args: string[]) => client.sendCommand(args) as Promise<Reply>,
    close: () => client.destroy(),
  };
}
type RedisAdmin = Awaited<ReturnType<typeof redisAdmin>>;

interface FaultContext {
  redis: RedisServerProcess;
  admin: RedisAdmin;
  keyPrefix: string;
  /** True once any process reported `fleet_degraded` in this run. */
  seen: () => boolean;
}

/** Each fault, as test/fleet-keys-lost.test.ts makes it; `none` is the control. */
const FAULTS: [string, (context: FaultContext) => Promise<unknown>][] = [
  ['none (control)', async () => undefined],
  ['FLUSHALL', ({ admin }) => admin.command('FLUSHALL')],
  [
    "DEL of the app's keys",
    async ({ admin, keyPrefix }) => {
      const keys = (await admin.command('KEYS', `${keyPrefix}*`)) as string[];
      if (keys.length > 0) await admin.command('DEL', ...keys);
    },
  ],
  [
    'eviction (`allkeys-lru`, `maxmemory`)',
    async ({ admin, seen }) => {
      const memory = (await admin.command('INFO', 'memory')) as string;
      const used = Number(/used_memory:(\d+)/.exec(memory)?.[1]);
      await admin.command('CONFIG', 'SET', 'maxmemory-policy', 'allkeys-lru');
      await admin.command('CONFIG', 'SET', 'maxmemory', String(used + 4 * FILLER.length));
      // Every write evicts what LRU picks, until it picks the budget's slots.
      const deadline = performance.now() + EVICTION_TIMEOUT_MS;
      for (let written = 0; !seen() && performance.now() < deadline; written++) {
        // Refused (OOM) when nothing is left to evict: write again.
        await admin.command('SET', `filler:${written}`, FILLER).catch(() => undefined);
        await sleep(5);
      }
      await admin.command('CONFIG', 'SET', 'maxmemory', '0');
      await admin.command('CONFIG', 'SET', 'maxmemory-policy', 'noeviction');
      const fillers = (await admin.command('KEYS', 'filler:*')) as string[];
      if (fillers.length > 0) await admin.command('DEL', ...fillers);
    },
  ],
  [
    'restart without persistence',
    async ({ redis }) => {
      await redis.stop();
      await redis.restart();
    },
  ],
];

interface Outcome {
  sent: number;
  rateLimited: number;
  runMs: number;
  latenciesMs: number[];
  heldCalls: number;
  degraded: string[];
  recovered: number;
  failed: number;
}

/**
 * PROCESSES workers on one fleet (fresh keys per fault), started and warmed up, then, once a
 * window has passed so the warm-up counts nowhere, calling flat out: WINDOWS_BEFORE windows, the
 * fault, WINDOWS_AFTER windows. Requests and 429s are counted from `go` until every call ended.
 */
async function measure(
  emulator: Emulator,
  redis: RedisServerProcess,
  name: string,
  fault: (context: FaultContext) => Promise<unknown>,
  index: number,
): Promise<Outcome> {
  emulator.reset();
  const keyPrefix = `bench-faults-${index}:`;
  const options: FaultBenchWorkerOptions = {
    redisUrl: redis.url,
    keyPrefix,
    rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
    // The processes together never exceed the budget while Redis is away.
    fallbackShare: 1 / PROCESSES,
    // Long enough that a loaded machine never looks like an outage (as the fleet tests).
    commandTimeoutMs: 3_000,
    concurrency: CONCURRENCY,
    ...emulatorCredentials(emulator),
  };
  let seen = false;
  const children = await Promise.all(
    Array.from({ length: PROCESSES }, async () => {
      const child = fork(WORKER, [JSON.stringify(options)], { execArgv: ['--import', 'tsx'] });
      await reply(child);
      child.on('message', (message: FaultBenchWorkerEvent | FaultBenchWorkerReport) => {
        if (message.type === 'event' && message.event === 'fleet_degraded') seen = true;
      });
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
  const startedAt = performance.now();
  const exited = children.map((child) => once(child, 'exit'));
  const reports = children.map(
    (child) =>
      new Promise<FaultBenchWorkerReport>((resolve) => {
        child.on('message', (message: FaultBenchWorkerEvent | FaultBenchWorkerReport) => {
          if (message.type === 'stopped') resolve(message);
        });
      }),
  );
  for (const child of children) child.send('go');
  await sleep(WINDOWS_BEFORE * WINDOW_MS);
  process.stderr.write(`fleet-redis-faults: ${name}\n`);
  const connection = await redisAdmin(redis.url);
  await fault({ redis, admin: connection, keyPrefix, seen: () => seen });
  connection.close();
  await sleep(WINDOWS_AFTER * WINDOW_MS);
  for (const child of children) child.send('stop');
  const done = await Promise.all(reports);
  const runMs = performance.now() - startedAt;
  await Promise.all(exited);
  return {
    sent: emulator.stats.graphqlRequests - before.graphqlRequests,
    rateLimited: emulator.stats.rateLimited - before.rateLimited,
    runMs,
    latenciesMs: done.flatMap((report) => report.latenciesMs),
    heldCalls: done.reduce((sum, report) => sum + report.heldCalls, 0),
    degraded: done.flatMap((report) => report.degraded),
    recovered: done.reduce((sum, report) => sum + report.recovered, 0),
    failed: done.reduce((sum, report) => sum + report.failed, 0),
  };
}

/** `8 × keys_lost`, or `—`. */
function countReasons(reasons: string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => `${count} × ${reason}`).join(', ') || '—';
}

export async function fleetRedisFaults(): Promise<BenchReport> {
  const emulator = await startEmulator({
    rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
    errorBlocks: false,
  });
  // Always a redis-server of our own: the faults flush and restart it.
  const redis = await startRedisServer();
  const outcomes: [string, Outcome][] = [];
  try {
    for (const [index, [name, fault]] of FAULTS.entries()) {
      outcomes.push([name, await measure(emulator, redis, name, fault, index)]);
    }
  } finally {
    await emulator.close();
    await redis.close();
  }
  const control = outcomes[0]?.[1];
  const controlP99 = control ? percentile(control.latenciesMs, 99) : Number.NaN;
  const rows = outcomes.map(([name, outcome]) => {
    const p99 = percentile(outcome.latenciesMs, 99);
    const allowed = LIMIT * (outcome.runMs / WINDOW_MS);
    return [
      name,
      (outcome.runMs / 1000).toFixed(1),
      outcome.sent,
      outcome.rateLimited,
      ((outcome.sent - outcome.rateLimited) / allowed).toFixed(2),
      `${countReasons(outcome.degraded)} (${outcome.recovered} recovered)`,
      outcome.heldCalls,
      percentile(outcome.latenciesMs, 50).toFixed(0),
      p99.toFixed(0),
      Math.max(...outcome.latenciesMs).toFixed(0),
      (p99 / controlP99).toFixed(2),
      outcome.failed,
    ];
  });
  const markdown = `## Fleet under Redis faults

${PROCESSES} processes of one app (each a node process with ${CONCURRENCY} callers) sharing one
\`createRedisFleet\` (\`fallbackShare\` 1/${PROCESSES}, \`commandTimeoutMs\` 3 s, the rest default) on a
\`redis-server\` of the bench's own, calling flat out against the emulator's limit of ${LIMIT} requests
per ${WINDOW_MS / 1000} s (error blocks off): ${WINDOWS_BEFORE} windows, then the fault (made as
\`test/fleet-keys-lost.test.ts\` makes it), then ${WINDOWS_AFTER} windows. Fresh processes and keys
for each fault. The baseline is the same fleet with no fault (the fleet before generation markers
is not in the repo to run). Counted from the first call to the last one's answer: budget used =
accepted requests ÷ (${LIMIT} × windows run); held calls = calls in flight at any time between
a process's \`fleet_degraded\` and its \`fleet_recovered\`; latency = one \`client.request\`,
waiting for the budget included; p99 ratio against the control.

${table(
  [
    'fault',
    'run (s)',
    'requests sent',
    '429s',
    'budget used',
    'fleet_degraded',
    'held calls',
    'p50 (ms)',
    'p99 (ms)',
    'max (ms)',
    'p99 ÷ control',
    'failed calls',
  ],
  rows,
)}
`;
  return { title: 'fleet under Redis faults', markdown };
}

runIfMain(import.meta.url, fleetRedisFaults);
