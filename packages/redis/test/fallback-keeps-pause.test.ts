import { createAdminClient } from '@admin-api/client';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openFleetConnection } from '../src/fleet-connection.js';
import { createFleetRateLimiter } from '../src/fleet-rate-limiter.js';
import { appTag, fleetKeys } from '../src/keys.js';
import { createRateBudget } from '../src/rate-budget.js';
import { createRedisHealth } from '../src/redis-health.js';
import { createManualTime, turns } from './limiter-time.js';
import { redisTime, until, useRedisServer } from './redis-fixture.js';

const GET_ME = 'query GetMe { me { id } }';
const WINDOW_MS = 1_000;
const PAUSE_MS = 60_000;

describe('a fleet pause learned from Redis, and the fallback', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

  /**
   * One process's limiter as `createRedisFleet` builds it, on the real Redis, with a clock and
   * timers the test moves, and a client paced by it that counts the requests it sends.
   */
  function processOnFleet(maxRetryAfterMs = 2 * PAUSE_MS) {
    const time = createManualTime();
    const { clientId } = emulator();
    const keys = fleetKeys(clientId);
    const health = createRedisHealth({
      connection: openFleetConnection({ client: redis.client }, { maxReconnectDelayMs: 1_000 }),
      app: appTag(clientId),
      probeKey: keys.probe,
      commandTimeoutMs: 5_000,
      probeIntervalMs: 1_000,
      emit: () => {},
    });
    const budget = createRateBudget({
      client: redis.client,
      keys,
      rateLimit: { limit: 50, windowMs: WINDOW_MS },
    });
    const rateLimiter = createFleetRateLimiter({
      health,
      budget,
      fallbackShare: 0.1,
      probeIntervalMs: 1_000,
      onOtherBudgets: () => {},
      monotonicNow: time.now,
      setTimer: time.setTimer,
    });
    const counts = { sent: 0 };
    const client = createAdminClient({
      ...emulatorCredentials(emulator()),
      rateLimiter,
      now: time.now,
      setTimer: time.setTimer,
      retry: { maxRetryAfterMs },
      onEvent: (event) => {
        if (event.type === 'graphql_request') counts.sent++;
      },
    });
    return { time, keys, health, client, counts };
  }

  it('still holds new and waiting calls after the fleet closes, until the pause ends', async () => {
    const { time, keys, health, client, counts } = processOnFleet();
    // A token at hand, so a call given a slot is sent with no I/O before it.
    await client.tokenProvider.getToken();
    await redis.client.set(keys.budgetPause, String((await redisTime(redis.client)) + PAUSE_MS), {
      PX: PAUSE_MS,
    });
    const waiting = client.request(GET_ME);
    // Told of the pause by Redis, the limiter waits for it to end.
    await until(async () => time.pending > 0);

    // What fleet.close() does for each app: Redis is given up for good.
    health.close();
    const later = client.request(GET_ME);
    // The fallback's own hold (one window, no request was slow) is over; the pause is not.
    time.advance(WINDOW_MS + 1);
    await turns();
    time.advance(PAUSE_MS / 2);
    await turns();
    expect(counts.sent).toBe(0);

    time.advance(PAUSE_MS / 2);
    await Promise.all([waiting, later]);
    expect(counts.sent).toBe(2);
    expect(emulator().stats.graphqlRequests).toBe(2);
  });

  it("a fallback's own hold of a window is waited out by a client whose maxRetryAfterMs is shorter: no 429 was met", async () => {
    const { time, health, client, counts } = processOnFleet(WINDOW_MS / 10);
    await client.tokenProvider.getToken();
    // Redis given up: the fallback holds for a window, as the server's may still be full.
    health.close();
    const call = client.request(GET_ME);
    await turns();
    expect(counts.sent).toBe(0);
    time.advance(WINDOW_MS + 1);
    await call;
    expect(counts.sent).toBe(1);
  });
});
