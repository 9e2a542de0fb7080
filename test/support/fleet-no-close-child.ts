/**
 * A script that uses a fleet and forgets `fleet.close()`, for `fleet-exit-without-close.test.ts`:
 * it makes its calls, writes one JSON line saying how they went, and does nothing more. Nothing
 * of the fleet (its connection, reconnection, probes, renewals, holds) may keep it alive: it must
 * exit by itself. No IPC channel, which would keep it alive on its own.
 */
import { createAdminClient } from '../../packages/client/src/index.js';
import { createRedisFleet } from '../../packages/redis/src/index.js';

export interface NoCloseChildOptions {
  redisUrl: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  calls: number;
}

const { redisUrl, calls, ...credentials } = JSON.parse(
  process.argv[2] ?? '{}',
) as NoCloseChildOptions;
const fleetEvents: string[] = [];
const fleet = createRedisFleet(
  { url: redisUrl },
  { rateLimit: { limit: 50, windowMs: 200 }, probeIntervalMs: 50, commandTimeoutMs: 5_000 },
);
const client = createAdminClient({
  ...credentials,
  fleet,
  onEvent: (event) => {
    if (event.type.startsWith('fleet_')) fleetEvents.push(event.type);
  },
});
let answered = 0;
for (let i = 0; i < calls; i++) {
  await client.request('query GetMe { me { id } }');
  answered++;
}
process.stdout.write(`${JSON.stringify({ answered, degraded: fleet.degraded, fleetEvents })}\n`);
