/**
 * One process of an app's fleet, for the fleet tests: a client created with `createRedisFleet`
 * against the emulator, driven over IPC. Reports `ready`, then on each message:
 * - `call`: sends `count` GetMe calls at once and reports how they ended;
 * - `run`: calls flat out with `concurrency` loops until `stop`, then reports;
 * - `token`: reports the token it holds (so a test can look for it in Redis);
 * - `exit`: closes the fleet and exits.
 * Every fleet event is forwarded as it happens. `skewMs` skews this process's clock.
 */
import { createAdminClient } from '@admin-api/client';
import { createRedisFleet, type RedisFleetOptions } from '../src/index.js';

export interface FleetWorkerOptions {
  redisUrl: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  skewMs?: number;
  refreshMarginS?: number;
  fleet?: Omit<RedisFleetOptions, 'onEvent'>;
}

export type ParentMessage =
  | { type: 'call'; count: number }
  | { type: 'run'; concurrency: number }
  | { type: 'stop' }
  | { type: 'token' }
  | { type: 'exit' };

/** What a worker saw, counted from its client's events and results. */
export interface Tally {
  requests: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  tokenRequests: number;
  /** Codes of calls that failed. */
  errors: string[];
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'event'; event: { type: string; [field: string]: unknown } }
  | { type: 'called'; tally: Tally; tokenFingerprints: string[] }
  | { type: 'stopped'; tally: Tally }
  | { type: 'token'; accessToken: string };

const options = JSON.parse(process.argv[2] ?? '{}') as FleetWorkerOptions;
// A parent that went away (a test killed this process, or ended) needs no answer.
const send = (message: WorkerMessage) => {
  if (process.connected) process.send?.(message);
};
const GET_ME = 'query GetMe { me { id } }';

let tally: Tally = { requests: 0, statuses: {}, tokenRequests: 0, errors: [] };
const fingerprints = new Set<string>();
const fleet = createRedisFleet({ url: options.redisUrl }, options.fleet);
const skewMs = options.skewMs ?? 0;
const client = createAdminClient({
  baseUrl: options.baseUrl,
  authUrl: options.authUrl,
  clientId: options.clientId,
  clientSecret: options.clientSecret,
  fleet,
  ...(options.refreshMarginS === undefined ? {} : { refreshMarginS: options.refreshMarginS }),
  now: () => Date.now() + skewMs,
  retry: { baseDelayMs: 10, maxDelayMs: 50 },
  onEvent(event) {
    if (event.type === 'graphql_request') tally.requests++;
    if (event.type === 'graphql_response') {
      tally.statuses[event.status] = (tally.statuses[event.status] ?? 0) + 1;
    }
    if (event.type === 'token_request') tally.tokenRequests++;
    if (event.type.startsWith('fleet_')) send({ type: 'event', event: { ...event } });
  },
});

async function call(): Promise<void> {
  try {
    await client.request(GET_ME);
    fingerprints.add((await client.tokenProvider.getToken()).accessToken.slice(-8));
  } catch (error) {
    tally.errors.push((error as { code?: string }).code ?? String(error));
  }
}

let running = false;
let loops: Promise<void>[] = [];

process.on('message', async (message: ParentMessage) => {
  switch (message.type) {
    case 'call': {
      fingerprints.clear();
      await Promise.all(Array.from({ length: message.count }, call));
      send({ type: 'called', tally, tokenFingerprints: [...fingerprints] });
      tally = { requests: 0, statuses: {}, tokenRequests: 0, errors: [] };
      break;
    }
    case 'run':
      running = true;
      loops = Array.from({ length: message.concurrency }, async () => {
        while (running) await call();
      });
      break;
    case 'stop':
      running = false;
      await Promise.all(loops);
      send({ type: 'stopped', tally });
      tally = { requests: 0, statuses: {}, tokenRequests: 0, errors: [] };
      break;
    case 'token':
      send({ type: 'token', accessToken: (await client.tokenProvider.getToken()).accessToken });
      break;
    case 'exit':
      await fleet.close();
      process.disconnect();
      break;
  }
});
// A test that ended or died without saying `exit` must not leave this process behind (its
// fleet would go on reconnecting to a Redis that is gone).
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
