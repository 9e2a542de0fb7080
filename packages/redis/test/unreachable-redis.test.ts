import { type AdminApiEvent, createAdminClient, type FleetEvent } from '@admin-api/client';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port.js';
import { createConnectionGate } from '../src/connection-gate.js';
import type { FleetConnection } from '../src/fleet-connection.js';
import { createRedisFleet, type RedisFleet } from '../src/index.js';
import { appTag } from '../src/keys.js';
import { createRedisHealth, RedisUnavailableError } from '../src/redis-health.js';

const GET_ME = 'query GetMe { me { id } }';
const REFUSED = new Error('connect ECONNREFUSED 127.0.0.1:6399');

/** A fleet connection whose failures the test reports, with every command it is sent. */
function connectionThatFails(down: boolean) {
  let report: (error: unknown) => void = () => {};
  const sent: string[] = [];
  const connection: FleetConnection = {
    client: {
      evalSha: async (sha1) => void sent.push(sha1),
      eval: async (source) => void sent.push(source),
    },
    gate: createConnectionGate(Promise.resolve()),
    lastError: down ? REFUSED : undefined,
    down,
    onDown: (listener) => {
      report = listener;
    },
    close: async () => {},
  };
  return { connection, sent, fail: (error: unknown) => report(error) };
}

function healthOn(connection: FleetConnection, events: FleetEvent[]) {
  return createRedisHealth({
    connection,
    app: '68f878900ad6',
    probeKey: 'admin-api:{68f878900ad6}:probe',
    commandTimeoutMs: 60_000,
    probeIntervalMs: 60_000,
    emit: (event) => events.push(event),
  });
}

describe("a fleet whose Redis nothing answers: the health's part", () => {
  it('a connection already down is said when a client joins, and a command then fails at once, unsent', async () => {
    const { connection, sent } = connectionThatFails(true);
    const events: FleetEvent[] = [];
    const health = healthOn(connection, events);
    health.start();
    expect(events).toEqual([
      {
        type: 'fleet_degraded',
        app: '68f878900ad6',
        reason: 'unreachable',
        message: 'Error: connect ECONNREFUSED 127.0.0.1:6399',
      },
    ]);
    await expect(health.run(async () => 'sent')).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(sent).toEqual([]);
    health.close();
  });

  it('a connection that fails later is said at once, without waiting for a command', () => {
    const { connection, fail } = connectionThatFails(false);
    const events: FleetEvent[] = [];
    const health = healthOn(connection, events);
    health.start();
    expect(events).toEqual([]);
    fail(REFUSED);
    fail(REFUSED);
    expect(events.map((event) => event.type)).toEqual(['fleet_degraded']);
    expect(health.degraded).toBe(true);
    health.close();
  });
});

describe('a fleet whose Redis URL nothing answers', () => {
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  let fleet: RedisFleet | undefined;
  afterEach(async () => {
    await fleet?.close();
  });

  it('says so at once, before any call, and serves the first call from its fallback', async () => {
    // A port nothing listens on: every connection is refused.
    const url = `redis://127.0.0.1:${await freePort()}`;
    const events: string[] = [];
    let degraded: (event: FleetEvent) => void = () => {};
    const said = new Promise<FleetEvent>((resolve) => {
      degraded = resolve;
    });
    // A command timeout longer than any test: nothing here may wait for it.
    fleet = createRedisFleet(
      { url },
      {
        rateLimit: { limit: 50, windowMs: 100 },
        commandTimeoutMs: 10 * 60_000,
        onEvent: (event) => {
          if (event.type === 'fleet_degraded') degraded(event);
        },
      },
    );
    const client = createAdminClient({
      ...emulatorCredentials(emulator()),
      fleet,
      onEvent: (event: AdminApiEvent) => events.push(event.type),
    });

    // No call made yet: the failed connection alone is reported.
    expect(await said).toEqual({
      type: 'fleet_degraded',
      app: appTag(emulator().clientId),
      reason: 'unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
    expect(fleet.degraded).toBe(true);

    await client.request(GET_ME);
    expect(events.filter((type) => type.startsWith('fleet_'))).toEqual(['fleet_degraded']);
    expect(events.indexOf('fleet_degraded')).toBeLessThan(events.indexOf('graphql_request'));
    expect(emulator().stats.graphqlRequests).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(1);
  });
});
