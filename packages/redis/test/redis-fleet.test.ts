import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { ConfigurationError } from '@admin-api/auth';
import { createTokenCipher } from '@admin-api/auth/internal/node';
import { type AdminApiEvent, createAdminClient, RateLimitError } from '@admin-api/client';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisFleet, type RedisFleet, type RedisFleetOptions } from '../src/index.js';
import { fleetKeys, fleetTokenKeys } from '../src/keys.js';
import type { RedisScriptClient } from '../src/lua-script.js';
import { first429, recordArrivals } from './fleet-processes.js';
import { until, useRedisServer } from './redis-fixture.js';

const GET_ME = 'query GetMe { me { id } }';

/** A TCP server that accepts connections and never answers: a hung Redis. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('createRedisFleet', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  const fleets: RedisFleet[] = [];
  afterEach(async () => {
    await Promise.all(fleets.splice(0).map((fleet) => fleet.close()));
  });

  // A fallback first holds for one window: a short one keeps these tests quick. Commands get
  // long enough that a loaded machine never looks like an outage, except where a test says so.
  const SHORT_WINDOW = { rateLimit: { limit: 50, windowMs: 100 }, commandTimeoutMs: 5_000 };
  const fleetFor = (
    connection: Parameters<typeof createRedisFleet>[0],
    options: RedisFleetOptions = SHORT_WINDOW,
  ) => {
    const fleet = createRedisFleet(connection, options);
    fleets.push(fleet);
    return fleet;
  };
  const clientIn = (
    fleet: RedisFleet,
    extra: Partial<Parameters<typeof createAdminClient>[0]> = {},
  ) =>
    createAdminClient({
      ...emulatorCredentials(emulator()),
      fleet,
      ...extra,
    } as Parameters<typeof createAdminClient>[0]);

  it('two clients in two fleets on one Redis share one token', async () => {
    const a = clientIn(fleetFor({ url: redis.server.url }));
    const b = clientIn(fleetFor({ client: await redis.connect() }));
    await Promise.all([a.request(GET_ME), b.request(GET_ME), a.request(GET_ME)]);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('a hung Redis never hangs a call: it times out once, falls back and says so', async () => {
    const silent = await startSilentServer();
    try {
      const events: AdminApiEvent[] = [];
      const fleet = fleetFor({ url: silent.url }, { ...SHORT_WINDOW, commandTimeoutMs: 100 });
      const client = clientIn(fleet, { onEvent: (event) => events.push(event) });
      await Promise.all([client.request(GET_ME), client.request(GET_ME)]);
      await client.request(GET_ME);
      expect(fleet.degraded).toBe(true);
      expect(events.filter((e) => e.type.startsWith('fleet_'))).toEqual([
        {
          type: 'fleet_degraded',
          app: expect.stringMatching(/^[0-9a-f]{12}$/),
          reason: 'unreachable',
          message: 'no connection within 100 ms',
        },
      ]);
      expect(emulator().stats.tokenRequests).toBe(1);
    } finally {
      await silent.close();
    }
  });

  it("a caller's client that never answers is bounded the same way", async () => {
    let calls = 0;
    const hung: RedisScriptClient = {
      evalSha: () => {
        calls++;
        return new Promise(() => {});
      },
      eval: () => new Promise(() => {}),
    };
    const fleet = fleetFor({ client: hung }, { ...SHORT_WINDOW, commandTimeoutMs: 50 });
    await clientIn(fleet).request(GET_ME);
    expect(fleet.degraded).toBe(true);
    const sent = calls;
    await clientIn(fleet).request(GET_ME);
    // Degraded, the process sends nothing but the probe.
    expect(calls).toBe(sent);
  });

  it('a Redis that is down at start: calls succeed on the fallback', async () => {
    const events: AdminApiEvent[] = [];
    const fleet = fleetFor(
      { url: 'redis://127.0.0.1:1' },
      { ...SHORT_WINDOW, commandTimeoutMs: 200 },
    );
    await clientIn(fleet, { onEvent: (event) => events.push(event) }).request(GET_ME);
    expect(events.find((e) => e.type === 'fleet_degraded')).toMatchObject({
      type: 'fleet_degraded',
    });
  });

  it('processes that disagree on the budget are reported, once as a warning, and all hold to the strictest', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => {
      if (warning.code === 'ADMIN_API_FLEET_BUDGET_MISMATCH') warnings.push(warning.message);
    };
    process.on('warning', onWarning);
    try {
      const events: AdminApiEvent[] = [];
      const strict = clientIn(
        fleetFor({ url: redis.server.url }, { rateLimit: { limit: 4, windowMs: 60_000 } }),
      );
      const lenient = clientIn(
        fleetFor({ url: redis.server.url }, { rateLimit: { limit: 100, windowMs: 1_000 } }),
        { onEvent: (event) => events.push(event) },
      );
      await strict.request(GET_ME);
      await Promise.all([
        lenient.request(GET_ME),
        lenient.request(GET_ME),
        lenient.request(GET_ME),
      ]);
      const pending = lenient.request(GET_ME, {}, { signal: AbortSignal.timeout(300) });
      await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
      expect(emulator().stats.graphqlRequests).toBe(4);

      expect(events.find((e) => e.type === 'fleet_budget_mismatch')).toMatchObject({
        budget: { limit: 100, windowMs: 1_000, share: 1 },
        others: [{ limit: 4, windowMs: 60_000, share: 1 }],
        applied: { limit: 4, windowMs: 60_000 },
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toHaveLength(1);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it("a client with another secret for the app keeps its own token beside the other's instead of reading it", async () => {
    const first = clientIn(fleetFor({ url: redis.server.url }));
    await first.request(GET_ME);
    const events: AdminApiEvent[] = [];
    const rotated = clientIn(fleetFor({ url: redis.server.url }), {
      clientSecret: 'a-rotated-secret',
      onEvent: (event) => events.push(event),
    });
    // The emulator knows one secret: the rotated one's own token request is refused.
    await expect(rotated.tokenProvider.getToken()).rejects.toMatchObject({ code: 'OAUTH_ERROR' });
    expect(events.filter((e) => e.type === 'fleet_token_unreadable')).toEqual([]);
    const { clientId, clientSecret } = emulator();
    expect(await redis.client.exists(fleetTokenKeys(clientId, clientSecret).token)).toBe(1);
    expect(await redis.client.exists(fleetTokenKeys(clientId, 'a-rotated-secret').token)).toBe(0);
    await first.request(GET_ME);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it("a token under its secret's key that does not decrypt is reported, naming the app by hash only", async () => {
    const { clientId, clientSecret } = emulator();
    const key = fleetTokenKeys(clientId, clientSecret).token;
    // Sealed for another key name: it does not open here.
    const copied = createTokenCipher(clientSecret).encrypt('{}', `${key}:elsewhere`);
    await redis.client.hSet(key, { ciphertext: copied, fingerprint: 'x' });
    await redis.client.pExpire(key, 60_000);
    const events: AdminApiEvent[] = [];
    const client = clientIn(fleetFor({ url: redis.server.url }), {
      onEvent: (event) => events.push(event),
    });
    await client.request(GET_ME);
    const unreadable = events.find((e) => e.type === 'fleet_token_unreadable');
    expect(unreadable).toMatchObject({ reason: 'wrong_secret_or_corrupted' });
    expect(JSON.stringify(unreadable)).not.toContain(clientId);
  });

  it("close() ends the fleet's own connection; clients carry on alone, and nobody can join any more", async () => {
    const events: AdminApiEvent[] = [];
    const fleet = createRedisFleet({ url: redis.server.url }, SHORT_WINDOW);
    const client = clientIn(fleet, { onEvent: (event) => events.push(event) });
    await client.request(GET_ME);
    await fleet.close();
    await client.request(GET_ME);
    expect(fleet.degraded).toBe(true);
    expect(events.filter((e) => e.type.startsWith('fleet_'))).toEqual([]);
    expect(() => clientIn(fleet)).toThrow(ConfigurationError);
  });

  it("a fleet pause beyond a process's maxRetryAfterMs fails its calls at once, unsent, while callers with a larger bound wait on", async () => {
    const a = clientIn(fleetFor({ url: redis.server.url }), { retry: { maxRetryAfterMs: 60_000 } });
    // Another process: its clients share one limiter, each with its own bound.
    const other = fleetFor({ url: redis.server.url });
    let sentByOther = 0;
    const counting = {
      onEvent: (event: AdminApiEvent) => {
        if (event.type === 'graphql_request') sentByOther++;
      },
    };
    const strict = clientIn(other, { retry: { maxRetryAfterMs: 3_000 }, ...counting });
    const patient = clientIn(other, { retry: { maxRetryAfterMs: 60_000 }, ...counting });
    await Promise.all([a.request(GET_ME), strict.request(GET_ME)]);
    sentByOther = 0;
    recordArrivals(emulator(), first429(20));
    const aborted = new AbortController();
    const aCall = a.request(GET_ME, {}, { signal: aborted.signal }).catch((error) => error);
    const pauseKey = fleetKeys(emulator().clientId).budgetPause;
    await until(async () => (await redis.client.exists(pauseKey)) === 1);

    const stopPatient = new AbortController();
    const patientCall = patient.request(GET_ME, {}, { signal: stopPatient.signal });
    const refused = await strict.request(GET_ME).catch((error) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', operationName: 'GetMe', attempts: 0 });
    expect((refused as RateLimitError).retryAfterMs).toBeGreaterThan(3_000);
    const later = await strict.request(GET_ME).catch((error) => error);
    expect(later).toMatchObject({ code: 'RATE_LIMITED', attempts: 0 });

    // The patient caller was still waiting: only its abort ends it.
    stopPatient.abort();
    await expect(patientCall).rejects.toMatchObject({ code: 'ABORTED' });
    aborted.abort();
    await aCall;
    expect(sentByOther).toBe(0);
  });

  it("a 429 beyond the receiving process's maxRetryAfterMs still pauses the fleet: another process is not sent into it", async () => {
    const a = clientIn(fleetFor({ url: redis.server.url }), { retry: { maxRetryAfterMs: 5_000 } });
    let sentByB = 0;
    const b = clientIn(fleetFor({ url: redis.server.url }), {
      retry: { maxRetryAfterMs: 10_000 },
      onEvent: (event: AdminApiEvent) => {
        if (event.type === 'graphql_request') sentByB++;
      },
    });
    await Promise.all([a.request(GET_ME), b.request(GET_ME)]);
    sentByB = 0;
    recordArrivals(emulator(), first429(20));
    expect(await a.request(GET_ME).catch((error) => error)).toMatchObject({ code: 'RATE_LIMITED' });
    const pauseKey = fleetKeys(emulator().clientId).budgetPause;
    await until(async () => (await redis.client.exists(pauseKey)) === 1);

    const refused = await b.request(GET_ME).catch((error) => error);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', operationName: 'GetMe', attempts: 0 });
    expect(sentByB).toBe(0);
  });

  it("close() leaves a caller's client open", async () => {
    const own = await redis.connect();
    const fleet = createRedisFleet({ client: own }, SHORT_WINDOW);
    await clientIn(fleet).request(GET_ME);
    await fleet.close();
    expect(await own.ping()).toBe('PONG');
  });

  it.each([
    [{ keyPrefix: 'my{app}:' }, 'keyPrefix'],
    [{ share: 0 }, 'share'],
    [{ share: 1.5 }, 'share'],
    [{ fallbackShare: Number.NaN }, 'fallbackShare'],
    [{ rateLimit: { limit: 0 } }, 'rateLimit.limit'],
    [{ rateLimit: { windowMs: 2.5 } }, 'rateLimit.windowMs'],
    // The client's own bounds: refused here, not when Redis is first lost and the fallback starts.
    [{ rateLimit: { limit: 2_000_000 } }, 'rateLimit.limit'],
    [{ rateLimit: { windowMs: 2 ** 31 } }, 'rateLimit.windowMs'],
    [{ lockLifetimeMs: -1 }, 'lockLifetimeMs'],
    [{ commandTimeoutMs: 0 }, 'commandTimeoutMs'],
    [{ probeIntervalMs: Number.POSITIVE_INFINITY }, 'probeIntervalMs'],
  ] as const)('refuses %o at creation, naming the option', (options, name) => {
    let error: unknown;
    try {
      createRedisFleet({ url: redis.server.url }, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect((error as Error).message).toContain(`"${name}"`);
  });
});

describe('createRedisFleet with a URL it cannot use', () => {
  const PASSWORD = 'hunter2-in-the-url';
  it.each([
    `redis://:${PASSWORD}@127.0.0.1:not-a-port`,
    `http://:${PASSWORD}@127.0.0.1:6379`,
    `redis://:${PASSWORD}@127.0.0.1:6379/not-a-db`,
    `unix://:${PASSWORD}@relative/path.sock`,
  ])('refuses %s at creation without repeating the URL or its password', (url) => {
    let error: unknown;
    try {
      createRedisFleet({ url });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect((error as Error).cause).toBeUndefined();
    expect((error as Error).message).toContain('"url"');
    const everything = `${(error as Error).message} ${(error as Error).stack} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(PASSWORD);
  });

  it.each([
    'unix:///tmp/no-such-redis.sock',
    'unix://:pw@/tmp/no-such-redis.sock?db=2',
    'redis://:pw@[::1]:1',
    'redis://user@127.0.0.1:1/3',
    'rediss://127.0.0.1:1?family=4',
  ])('takes %s, a form node-redis accepts', async (url) => {
    const fleet = createRedisFleet({ url });
    await fleet.close();
  });
});
