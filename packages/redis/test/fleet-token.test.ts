import { setTimeout as sleep } from 'node:timers/promises';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appTag, fleetTokenKeys } from '../src/keys.js';
import { keySlot } from './cluster-slot.js';
import {
  type FleetWorker,
  skewed,
  startFleetWorker,
  startFleetWorkers,
  workerOptions,
} from './fleet-processes.js';
import { until, useRedisServer } from './redis-fixture.js';

const PROCESSES = 6;
// Tokens that live 4 s with a 2 s margin let a test reach the refresh without a fake clock
// (Redis counts the token's lifetime in its own time); the assertions count, never time.
const LIFETIME_S = 4;
const MARGIN_S = 2;
// A live holder renews its lease, but a loaded machine can stall it past a short one and let a
// second process fetch; only the process killed while holding it has a lease that lapses soon.
const LIVE_LOCK_LIFETIME_MS = 60_000;
const DEAD_LOCK_LIFETIME_MS = 1_000;

describe('one token for the fleet, across real processes with skewed clocks', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  let workers: FleetWorker[] = [];
  const options = (lockLifetimeMs = LIVE_LOCK_LIFETIME_MS) =>
    workerOptions(emulator(), redis.server.url, {
      refreshMarginS: MARGIN_S,
      // Pacing is not what these tests are about: a budget that never makes a call wait.
      // A loaded machine must never look like a Redis outage here.
      fleet: {
        lockLifetimeMs,
        // A short window, too: each test starts on an emptied Redis, which the processes take for
        // lost keys and hold for a window.
        rateLimit: { limit: 1_000, windowMs: 100 },
        commandTimeoutMs: 5_000,
      },
    });

  beforeAll(async () => {
    workers = await startFleetWorkers(PROCESSES, options(), skewed);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.exit()));
  });

  const callAll = async (count = 1) => {
    const results = await Promise.all(workers.map((worker) => worker.call(count)));
    expect(results.flatMap((r) => r.tally.errors)).toEqual([]);
    return new Set(results.flatMap((r) => r.tokenFingerprints));
  };

  it(`${PROCESSES} processes starting at once make exactly one token request`, async () => {
    const tokens = await callAll(3);
    expect(tokens.size).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('at refresh the fleet makes exactly one more', async () => {
    emulator().settings.tokenLifetimeS = LIFETIME_S;
    const first = await callAll();
    const issuedAt = Date.now();
    expect(emulator().stats.tokenRequests).toBe(1);
    // The next token lives long: a loaded machine must not bring its own refresh into the count.
    emulator().settings.tokenLifetimeS = 3_600;
    // Inside every process's refresh margin, before expiry.
    await sleep(issuedAt + (LIFETIME_S - MARGIN_S) * 1000 + 200 - Date.now());
    await callAll();
    // The emulator counts the token when it answers; the process that fetched it stores it in
    // Redis a moment later, and until then the others rightly keep using the old, valid one.
    let second = new Set<string>();
    await until(async () => {
      second = await callAll();
      return second.size === 1 && !second.has([...first][0] ?? '');
    });
    expect(second).not.toEqual(first);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('a burst of 401s with one stale token across the fleet causes one token request', async () => {
    await callAll();
    emulator().revokeTokens();
    const fresh = await callAll(5);
    expect(fresh.size).toBe(1);
    expect(emulator().stats.unauthorized).toBeGreaterThanOrEqual(PROCESSES);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('leaves no token, secret or client id in Redis, only keys of one slot that expire', async () => {
    await callAll();
    const token = await workers[0]?.token();
    const { clientId, clientSecret } = emulator();
    const keys = await redis.client.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toContain(`{${appTag(clientId)}}`);
      expect(keySlot(key)).toBe(keySlot(fleetTokenKeys(clientId, clientSecret).token));
      expect(await redis.client.pTTL(key)).toBeGreaterThan(0);
      const type = await redis.client.type(key);
      const value =
        type === 'string'
          ? await redis.client.get(key)
          : type === 'hash'
            ? JSON.stringify(await redis.client.hGetAll(key))
            : JSON.stringify(await redis.client.zRange(key, 0, -1));
      for (const secret of [token, clientSecret, clientId]) {
        expect(`${key} ${value}`).not.toContain(secret);
      }
    }
  });

  it('a process killed while holding the refresh lock delays the others until the lock lapses, never blocks them', async () => {
    const lockKey = fleetTokenKeys(emulator().clientId, emulator().clientSecret).refreshLock;
    const victim = await startFleetWorker(options(DEAD_LOCK_LIFETIME_MS));
    // The victim's token request hangs, so it holds the lock when it dies.
    emulator().faults.token.push({ delayMs: 5_000 });
    void victim.call();
    await until(
      async () =>
        (await redis.client.exists(lockKey)) === 1 && emulator().stats.tokenRequests === 1,
    );
    const deadOwner = await redis.client.get(lockKey);
    expect(await redis.client.pTTL(lockKey)).toBeLessThanOrEqual(DEAD_LOCK_LIFETIME_MS);
    await victim.kill();

    const others = callAll();
    // While the dead process's lock lives, nobody else asks for a token.
    while ((await redis.client.get(lockKey)) === deadOwner) {
      expect(emulator().stats.tokenRequests).toBe(1);
      await sleep(10);
    }
    expect((await others).size).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(2);
  });
});
