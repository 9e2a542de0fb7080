// One process of an app for bench/fleet.ts: a client paced either by the shared fleet budget or
// by its own pacer (every process assuming the whole budget is its own). Reports `ready`; makes
// one call on `warm-up`; on `go` calls flat out until `stop`, then exits.
import { createAdminClient } from '@admin-api/client';
import { createRedisFleet } from '@admin-api/redis';

export interface FleetBenchWorkerOptions {
  mode: 'fleet' | 'per-process';
  redisUrl: string;
  keyPrefix: string;
  rateLimit: { limit: number; windowMs: number };
  concurrency: number;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as FleetBenchWorkerOptions;
const { mode, rateLimit, concurrency } = options;
const fleet =
  mode === 'fleet'
    ? createRedisFleet({ url: options.redisUrl }, { keyPrefix: options.keyPrefix, rateLimit })
    : undefined;
const client = createAdminClient({
  baseUrl: options.baseUrl,
  authUrl: options.authUrl,
  clientId: options.clientId,
  clientSecret: options.clientSecret,
  ...(fleet ? { fleet } : { rateLimit }),
  // Keep calling after 429s, as a busy worker would: the Retry-After is waited out each time.
  retry: { retries: 0, rateLimitRetries: 1_000, maxRetryAfterMs: 60_000 },
});

const call = () => client.request('query GetMe { me { id } }').catch(() => undefined);
let running = true;
process.on('message', async (message: 'warm-up' | 'go' | 'stop') => {
  if (message === 'warm-up') {
    // The token, and every code path run once, before anything is counted.
    await call();
    process.send?.('warm');
  } else if (message === 'go') {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (running) await call();
      }),
    );
    await fleet?.close();
    process.disconnect();
  } else {
    running = false;
  }
});
// A bench that died must not leave this process reconnecting to a Redis that is gone.
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
