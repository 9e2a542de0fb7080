import { type AdminApiEvent, createAdminClient } from '@admin-api/client';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisFleet, type RedisFleet } from '../src/index.js';
import { appTag, fleetKeys, fleetTokenKeys } from '../src/keys.js';
import { type TestRedisClient, useRedisServer } from './redis-fixture.js';

const GET_ME = 'query GetMe { me { id } }';
const CALLS = 6;

/**
 * The user the fleet logs in as: it may touch only the app's keys, as a least-privilege ACL
 * grants, and an ACL change can take even those away.
 */
const USER = { name: 'fleet-user', password: 'fleet-user-password' };

/** The commands the README's ACL grants the fleet: its scripts, and what they call. */
const FLEET_COMMANDS =
  '+evalsha +eval +time +get +set +del +pexpire +pttl +hget +hset +hdel +hgetall +hincrby +type +zadd +zcard +zrange +zrangebyscore +zrem +zremrangebyscore +zscore'.split(
    ' ',
  );

/** Ways a live Redis answers reads but refuses every write the fleet makes, and how it stops. */
const REFUSALS: [
  string,
  refusal: RegExp,
  refuse: (admin: TestRedisClient) => Promise<unknown>,
  lift: (admin: TestRedisClient, appKeys: string) => Promise<unknown>,
][] = [
  [
    'out of memory under noeviction',
    /^Error: OOM /,
    (admin) => admin.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1' }),
    (admin) => admin.configSet({ maxmemory: '0' }),
  ],
  [
    'a read-only replica',
    /^Error: READONLY /,
    // Port 1 never answers: the server stays a replica that cannot sync, and read-only.
    (admin) => admin.sendCommand(['REPLICAOF', '127.0.0.1', '1']),
    (admin) => admin.sendCommand(['REPLICAOF', 'NO', 'ONE']),
  ],
  [
    "an ACL without the app's keys",
    /^Error: NOPERM /,
    (admin) => admin.sendCommand(['ACL', 'SETUSER', USER.name, 'resetkeys', '~other:*']),
    (admin, appKeys) =>
      admin.sendCommand(['ACL', 'SETUSER', USER.name, 'resetkeys', `~${appKeys}`]),
  ],
];

/** The ACL key pattern that grants an app its keys, and nothing else. */
const keysOf = (clientId: string) => fleetKeys(clientId).probe.replace(/probe$/, '*');

/** A URL that logs in as {@link USER}. */
function userUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.username = USER.name;
  url.password = USER.password;
  return url.href;
}

/** Resolves on the first event of `type` that `events` records. */
function recorder(type: AdminApiEvent['type']) {
  const events: AdminApiEvent[] = [];
  let seen: () => void = () => {};
  const happened = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const onEvent = (event: AdminApiEvent) => {
    events.push(event);
    if (event.type === type) seen();
  };
  const fleetEvents = () => events.filter((e) => e.type.startsWith('fleet_'));
  return { onEvent, happened, fleetEvents };
}

describe('a Redis that answers but refuses the writes the fleet needs', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  const other = useEmulator(
    { afterAll, beforeAll, beforeEach },
    { rateLimit: false, clientId: 'another-app' },
  );
  let fleet: RedisFleet | undefined;
  afterEach(async () => {
    await fleet?.close();
    await redis.client.sendCommand(['REPLICAOF', 'NO', 'ONE']);
    await redis.client.configSet({ maxmemory: '0' });
    await redis.client.sendCommand(['ACL', 'DELUSER', USER.name]);
    // Keys were refused on purpose; a command never: the README's ACL grants all the fleet ran.
    const log = await redis.client.sendCommand(['ACL', 'LOG']);
    await redis.client.sendCommand(['ACL', 'LOG', 'RESET']);
    expect(JSON.stringify(log)).not.toMatch(/"command"/);
  });

  /** A fleet that logs in as a user granted `patterns`; the probe comes back every 5 ms. */
  async function fleetAs(...patterns: string[]): Promise<RedisFleet> {
    await redis.client.sendCommand([
      'ACL',
      'SETUSER',
      USER.name,
      'on',
      `>${USER.password}`,
      ...patterns.map((p) => `~${p}`),
      ...FLEET_COMMANDS,
    ]);
    // A probe every 5 ms, far more often than the 200 ms window: a probe that Redis answered
    // without writing would bring the fleet back between any two calls.
    fleet = createRedisFleet(
      { url: userUrl(redis.server.url) },
      { rateLimit: { limit: 50, windowMs: 200 }, probeIntervalMs: 5, commandTimeoutMs: 5_000 },
    );
    return fleet;
  }

  it.each(REFUSALS)(
    '%s: calls succeed on the fallback, the fleet reports it once instead of flapping, and comes back when writes do',
    async (_, refusal, refuse, lift) => {
      const credentials = emulatorCredentials(emulator());
      const appKeys = keysOf(credentials.clientId);
      const recovery = recorder('fleet_recovered');
      const client = createAdminClient({
        ...credentials,
        fleet: await fleetAs(appKeys),
        onEvent: recovery.onEvent,
      });
      await client.request(GET_ME);
      await refuse(redis.client);

      for (let call = 0; call < CALLS; call++) await client.request(GET_ME);

      const app = appTag(credentials.clientId);
      expect(recovery.fleetEvents()).toEqual([
        { type: 'fleet_degraded', app, reason: 'error', message: expect.stringMatching(refusal) },
      ]);

      await lift(redis.client, appKeys);
      await recovery.happened;
      await client.request(GET_ME);
      expect(recovery.fleetEvents()).toEqual([
        expect.objectContaining({ type: 'fleet_degraded', app }),
        expect.objectContaining({ type: 'fleet_recovered', app }),
      ]);
      // The probe's key expires, as every key of the fleet does.
      const ttl = await redis.client.pTTL(fleetKeys(credentials.clientId).probe);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    },
  );

  it("keys refused to one app leave the fleet's other apps on Redis", async () => {
    const refused = emulatorCredentials(emulator());
    const granted = emulatorCredentials(other());
    const recovery = recorder('fleet_recovered');
    const shared = await fleetAs(keysOf(granted.clientId));
    const refusedClient = createAdminClient({
      ...refused,
      fleet: shared,
      onEvent: recovery.onEvent,
    });
    const grantedClient = createAdminClient({ ...granted, fleet: shared });

    for (let call = 0; call < CALLS; call++) {
      await refusedClient.request(GET_ME);
      await grantedClient.request(GET_ME);
    }

    expect(recovery.fleetEvents()).toEqual([
      {
        type: 'fleet_degraded',
        app: appTag(refused.clientId),
        reason: 'error',
        message: expect.stringMatching(/^Error: NOPERM /),
      },
    ]);
    // The granted app kept its shared token and budget in Redis.
    const grantedToken = fleetTokenKeys(granted.clientId, granted.clientSecret).token;
    const grantedKeys = fleetKeys(granted.clientId);
    expect(await redis.client.exists([grantedToken, grantedKeys.budgetConfigs])).toBe(2);
    expect(other().stats.tokenRequests).toBe(1);

    expect(shared.degraded).toBe(true);

    await redis.client.sendCommand(['ACL', 'SETUSER', USER.name, `~${keysOf(refused.clientId)}`]);
    await recovery.happened;
    expect(recovery.fleetEvents().map((e) => e.type)).toEqual([
      'fleet_degraded',
      'fleet_recovered',
    ]);
    expect(shared.degraded).toBe(false);

    // Closed, the fleet leaves both apps' clients working on their own, and says nothing more.
    await shared.close();
    await refusedClient.request(GET_ME);
    await grantedClient.request(GET_ME);
    expect(shared.degraded).toBe(true);
    expect(recovery.fleetEvents()).toHaveLength(2);
  });
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
        {
          type: 'fleet_degraded',
          app: appTag(emulator().clientId),
          reason: 'error',
          message: expect.stringMatching(why),
        },
      ]);
      expect(JSON.stringify(events)).not.toContain('not-the-password');
    },
  );
});
