import { type AdminApiEvent, createAdminClient } from '@admin-api/client';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisFleet, type RedisFleet } from '../src/index.js';
import { type TestRedisClient, useRedisServer } from './redis-fixture.js';

const GET_ME = 'query GetMe { me { id } }';
const CALLS = 6;

/** Ways a live Redis answers reads (the probe among them) but refuses every write. */
const REFUSALS: [string, (admin: TestRedisClient) => Promise<unknown>][] = [
  [
    'out of memory under noeviction',
    (admin) => admin.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1' }),
  ],
  // Port 1 never answers: the server stays a replica that cannot sync, and read-only.
  ['a read-only replica', (admin) => admin.sendCommand(['REPLICAOF', '127.0.0.1', '1'])],
];

describe('a Redis that answers the probe but refuses the writes the fleet needs', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  let fleet: RedisFleet | undefined;
  afterEach(async () => {
    await fleet?.close();
    await redis.client.sendCommand(['REPLICAOF', 'NO', 'ONE']);
    await redis.client.configSet({ maxmemory: '0' });
  });

  it.each(REFUSALS)(
    '%s: calls keep succeeding on the fallback while the fleet flaps',
    async (_, refuse) => {
      const events: AdminApiEvent[] = [];
      fleet = createRedisFleet(
        { url: redis.server.url },
        // The probe comes back every 5 ms, far more often than the 200 ms window, so the fleet
        // recovers and fails again many times while each call waits for its fallback slot.
        { rateLimit: { limit: 50, windowMs: 200 }, probeIntervalMs: 5, commandTimeoutMs: 5_000 },
      );
      const client = createAdminClient({
        ...emulatorCredentials(emulator()),
        fleet,
        onEvent: (event) => events.push(event),
      });
      await client.request(GET_ME);
      await refuse(redis.client);

      for (let call = 0; call < CALLS; call++) await client.request(GET_ME);

      const degraded = events.filter((e) => e.type === 'fleet_degraded');
      expect(degraded.length).toBeGreaterThan(0);
      expect(degraded[0]).toMatchObject({
        reason: 'error',
        message: expect.stringMatching(/OOM|READONLY/),
      });
      // The probe got answers: the fleet came back and failed again, which is the case at stake.
      const firstDegraded = events.findIndex((e) => e.type === 'fleet_degraded');
      expect(events.slice(firstDegraded).some((e) => e.type === 'fleet_recovered')).toBe(true);
    },
  );
});

describe('a Redis that refuses the login', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  const PASSWORD = 'the-right-password';
  let fleet: RedisFleet | undefined;
  beforeEach(async () => {
    // The fixture's connection stays logged in; new ones need the password.
    await redis.client.configSet({ requirepass: PASSWORD });
  });
  afterEach(async () => {
    await fleet?.close();
    await redis.client.configSet({ requirepass: '' });
  });

  it.each([
    ['a wrong password', 'redis://:not-the-password@', /^Error: WRONGPASS/],
    ['no password', 'redis://', /^Error: NOAUTH/],
  ])(
    'with %s: calls succeed on the fallback and fleet_degraded says why, not that Redis was slow',
    async (_, scheme, why) => {
      const events: AdminApiEvent[] = [];
      const url = `${scheme}127.0.0.1:${redis.server.port}`;
      fleet = createRedisFleet(
        { url },
        { rateLimit: { limit: 50, windowMs: 100 }, commandTimeoutMs: 500 },
      );
      const client = createAdminClient({
        ...emulatorCredentials(emulator()),
        fleet,
        onEvent: (event) => events.push(event),
      });
      await client.request(GET_ME);

      const degraded = events.filter((e) => e.type === 'fleet_degraded');
      expect(degraded).toEqual([
        { type: 'fleet_degraded', reason: 'error', message: expect.stringMatching(why) },
      ]);
      expect(JSON.stringify(events)).not.toContain('not-the-password');
    },
  );
});
