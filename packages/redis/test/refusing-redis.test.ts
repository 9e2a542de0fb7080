import { type AdminApiEvent, createAdminClient } from '@admin-api/client';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisFleet, type RedisFleet } from '../src/index.js';
import { fleetKeys } from '../src/keys.js';
import { type TestRedisClient, useRedisServer } from './redis-fixture.js';

const GET_ME = 'query GetMe { me { id } }';
const CALLS = 6;

/**
 * The user the fleet logs in as: it may touch only the app's keys, as a least-privilege ACL
 * grants, and an ACL change can take even those away.
 */
const USER = { name: 'fleet-user', password: 'fleet-user-password' };

/** Ways a live Redis answers reads but refuses every write the fleet makes, and how it stops. */
const REFUSALS: [
  string,
  refuse: (admin: TestRedisClient) => Promise<unknown>,
  lift: (admin: TestRedisClient, appKeys: string) => Promise<unknown>,
][] = [
  [
    'out of memory under noeviction',
    (admin) => admin.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1' }),
    (admin) => admin.configSet({ maxmemory: '0' }),
  ],
  [
    'a read-only replica',
    // Port 1 never answers: the server stays a replica that cannot sync, and read-only.
    (admin) => admin.sendCommand(['REPLICAOF', '127.0.0.1', '1']),
    (admin) => admin.sendCommand(['REPLICAOF', 'NO', 'ONE']),
  ],
  [
    "an ACL without the app's keys",
    (admin) => admin.sendCommand(['ACL', 'SETUSER', USER.name, 'resetkeys', '~other:*']),
    (admin, appKeys) =>
      admin.sendCommand(['ACL', 'SETUSER', USER.name, 'resetkeys', `~${appKeys}`]),
  ],
];

describe('a Redis that answers but refuses the writes the fleet needs', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  let fleet: RedisFleet | undefined;
  afterEach(async () => {
    await fleet?.close();
    await redis.client.sendCommand(['REPLICAOF', 'NO', 'ONE']);
    await redis.client.configSet({ maxmemory: '0' });
    await redis.client.sendCommand(['ACL', 'DELUSER', USER.name]);
  });

  it.each(REFUSALS)(
    '%s: calls succeed on the fallback, the fleet reports it once instead of flapping, and comes back when writes do',
    async (_, refuse, lift) => {
      const credentials = emulatorCredentials(emulator());
      const appKeys = fleetKeys(credentials.clientId).token.replace(/token$/, '*');
      await redis.client.sendCommand([
        'ACL',
        'SETUSER',
        USER.name,
        'on',
        `>${USER.password}`,
        `~${appKeys}`,
        '+@all',
      ]);
      const events: AdminApiEvent[] = [];
      let recovered: () => void = () => {};
      const recovery = new Promise<void>((resolve) => {
        recovered = resolve;
      });
      const url = new URL(redis.server.url);
      url.username = USER.name;
      url.password = USER.password;
      fleet = createRedisFleet(
        { url: url.href },
        // The probe comes back every 5 ms, far more often than the 200 ms window: a probe that
        // Redis answers without writing would bring the fleet back between any two calls.
        { rateLimit: { limit: 50, windowMs: 200 }, probeIntervalMs: 5, commandTimeoutMs: 5_000 },
      );
      const client = createAdminClient({
        ...credentials,
        fleet,
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'fleet_recovered') recovered();
        },
      });
      await client.request(GET_ME);
      await refuse(redis.client);

      for (let call = 0; call < CALLS; call++) await client.request(GET_ME);

      const fleetEvents = () => events.filter((e) => e.type.startsWith('fleet_'));
      expect(fleetEvents()).toEqual([
        {
          type: 'fleet_degraded',
          reason: 'error',
          message: expect.stringMatching(/OOM|READONLY|NOPERM/),
        },
      ]);

      await lift(redis.client, appKeys);
      await recovery;
      await client.request(GET_ME);
      expect(fleetEvents().map((e) => e.type)).toEqual(['fleet_degraded', 'fleet_recovered']);
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
