/**
 * A process whose only call waits in a fleet pause, for `pause-exit.test.ts`. Reports `waiting`
 * once the call is made; on `abort-and-close` it aborts the call, closes the fleet, reports how
 * the call ended and drops the IPC channel, leaving nothing of its own to keep it alive: it
 * should then exit by itself.
 */
import { createAdminClient } from '@admin-api/client';
import { createRedisFleet } from '../src/index.js';

export interface PauseExitChildOptions {
  redisUrl: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** The client's `retry.maxRetryAfterMs`: above the pause, so the call waits it out. */
  maxRetryAfterMs: number;
}

export type PauseExitChildMessage =
  | { type: 'waiting' }
  | { type: 'closed'; code: string; fleetDegraded: boolean };

const { redisUrl, maxRetryAfterMs, ...credentials } = JSON.parse(
  process.argv[2] ?? '{}',
) as PauseExitChildOptions;
const send = (message: PauseExitChildMessage) => process.send?.(message);

const fleet = createRedisFleet({ url: redisUrl });
const client = createAdminClient({ ...credentials, fleet, retry: { maxRetryAfterMs } });
const controller = new AbortController();
const call = client.request('query GetMe { me { id } }', {}, { signal: controller.signal }).then(
  () => 'SENT',
  (error: { code?: string }) => error.code ?? String(error),
);
send({ type: 'waiting' });

process.once('message', async () => {
  controller.abort(new Error('the test aborts the waiting call'));
  const code = await call;
  await fleet.close();
  send({ type: 'closed', code, fleetDegraded: fleet.degraded });
  process.disconnect();
});
