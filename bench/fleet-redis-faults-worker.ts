// One process of an app for bench/fleet-redis-faults.ts: a client on a shared `createRedisFleet`.
// Reports `ready`; makes one call on `warm-up`; on `go` calls flat out until `stop`, then reports
// each call's latency, the calls in flight during its holds, and its fleet events, and exits.
// Times are this process's monotonic clock (`performance.now()`).
import { createAdminClient } from '@admin-api/client';
import { createRedisFleet } from '@admin-api/redis';

export interface FaultBenchWorkerOptions {
  redisUrl: string;
  keyPrefix: string;
  rateLimit: { limit: number; windowMs: number };
  fallbackShare: number;
  commandTimeoutMs: number;
  concurrency: number;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What a worker reports on `stop`. */
export interface FaultBenchWorkerReport {
  type: 'stopped';
  latenciesMs: number[];
  /** Calls in flight at any time between a `fleet_degraded` and its `fleet_recovered`. */
  heldCalls: number;
  /** Each `fleet_degraded` event's reason, in order. */
  degraded: string[];
  recovered: number;
  failed: number;
}

/** Forwarded to the parent as it happens, so a fault can wait until the fleet saw it. */
export interface FaultBenchWorkerEvent {
  type: 'event';
  event: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as FaultBenchWorkerOptions;
const send = (message: unknown) => {
  if (process.connected) process.send?.(message);
};

// Holds as [start, end] on the monotonic clock; the last one is open until `fleet_recovered`.
const holds: [number, number][] = [];
const degraded: string[] = [];
let recovered = 0;
const fleet = createRedisFleet(
  { url: options.redisUrl },
  {
    keyPrefix: options.keyPrefix,
    rateLimit: options.rateLimit,
    fallbackShare: options.fallbackShare,
    commandTimeoutMs: options.commandTimeoutMs,
    onEvent(event) {
      if (event.type === 'fleet_degraded') {
        degraded.push(event.reason);
        holds.push([performance.now(), Number.POSITIVE_INFINITY]);
      } else if (event.type === 'fleet_recovered') {
        recovered++;
        const open = holds.at(-1);
        if (open && open[1] === Number.POSITIVE_INFINITY) open[1] = performance.now();
      }
      send({ type: 'event', event: event.type } satisfies FaultBenchWorkerEvent);
    },
  },
);
const client = createAdminClient({
  baseUrl: options.baseUrl,
  authUrl: options.authUrl,
  clientId: options.clientId,
  clientSecret: options.clientSecret,
  fleet,
  // Keep calling after 429s, as a busy worker would: the Retry-After is waited out each time.
  retry: { retries: 0, rateLimitRetries: 1_000, maxRetryAfterMs: 60_000 },
});

const calls: [number, number][] = [];
let failed = 0;
async function call(record: boolean): Promise<void> {
  const start = performance.now();
  try {
    await client.request('query GetMe { me { id } }');
  } catch {
    if (record) failed++;
  }
  if (record) calls.push([start, performance.now()]);
}

let running = true;
process.on('message', async (message: 'warm-up' | 'go' | 'stop') => {
  if (message === 'warm-up') {
    // The token, and every code path run once, before anything is counted.
    await call(false);
    process.send?.('warm');
  } else if (message === 'go') {
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (running) await call(true);
      }),
    );
    const heldCalls = calls.filter(([start, end]) =>
      holds.some(([from, to]) => start < to && end > from),
    ).length;
    send({
      type: 'stopped',
      latenciesMs: calls.map(([start, end]) => end - start),
      heldCalls,
      degraded,
      recovered,
      failed,
    } satisfies FaultBenchWorkerReport);
    await fleet.close();
    process.disconnect();
  } else {
    running = false;
  }
});
// A bench that died must not leave this process reconnecting to a Redis that is gone.
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
