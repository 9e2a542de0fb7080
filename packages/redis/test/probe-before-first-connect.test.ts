import type { FleetEvent } from '@admin-api/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectionGate } from '../src/connection-gate.js';
import type { FleetConnection } from '../src/fleet-connection.js';
import { createRedisHealth } from '../src/redis-health.js';

const TIMEOUT_MS = 50;
const PROBE_MS = 100;

/** A connection whose first connect is still under way until `connect()`; counts what is sent. */
function connectingLater() {
  let connect: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    connect = resolve;
  });
  // Each callback chained onto the pending connect is kept until it is made.
  const chained = vi.spyOn(ready, 'then');
  const sent: string[] = [];
  const connection: FleetConnection = {
    client: {
      evalSha: async (sha1) => void sent.push(sha1),
      eval: async (source) => void sent.push(source),
    },
    gate: createConnectionGate(ready),
    lastError: new Error('connect ECONNREFUSED 127.0.0.1:6379'),
    down: false,
    onDown: () => {},
    close: async () => {},
  };
  return { connection, connect, sent, chained };
}

describe('Redis down when the fleet starts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('probes that timed out waiting for the first connection are never sent when it comes, nor kept until it does', async () => {
    const { connection, connect, sent, chained } = connectingLater();
    const events: FleetEvent[] = [];
    const health = createRedisHealth({
      connection,
      app: '68f878900ad6',
      probeKey: 'admin-api:{68f878900ad6}:probe',
      commandTimeoutMs: TIMEOUT_MS,
      probeIntervalMs: PROBE_MS,
      emit: (event) => events.push(event),
    });
    const first = health.run(async () => 'sent');
    const refused = expect(first).rejects.toThrow('A Redis command failed');
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await refused;
    // Twenty probes come and time out while the connection is still being made.
    await vi.advanceTimersByTimeAsync(20 * (PROBE_MS + TIMEOUT_MS));
    expect(chained).toHaveBeenCalledTimes(1);

    connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);

    // The next probe goes out on its own, and the app recovers.
    await vi.advanceTimersByTimeAsync(PROBE_MS + TIMEOUT_MS);
    expect(sent).toHaveLength(1);
    expect(events.map((event) => event.type)).toEqual(['fleet_degraded', 'fleet_recovered']);
    health.close();
  });
});
