import { once } from 'node:events';
import { createServer } from 'node:net';
import { type AdminApiEvent, createAdminClient } from '@admin-api/client';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisFleet, type RedisFleet } from '../src/index.js';

function collectGarbage(): void {
  if (!globalThis.gc) throw new Error('vitest.config.ts runs the tests with --expose-gc');
  globalThis.gc();
}

/** A redis:// URL on a loopback port nothing listens on: every connection is refused. */
async function refusedUrl(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

/** Runs `use` with a fleet whose Redis refuses every connection (its clients on the fallback), then closes it. */
async function onFallback(use: (fleet: RedisFleet) => Promise<void>): Promise<void> {
  const fleet = createRedisFleet(
    { url: await refusedUrl() },
    { commandTimeoutMs: 200, rateLimit: { limit: 50, windowMs: 100 } },
  );
  try {
    await use(fleet);
  } finally {
    await fleet.close();
  }
}

/**
 * Creates `count` clients, each with a listener of its own that writes to `heard`, and keeps
 * none: weak references to the listeners. A function of its own, because a suspended async test
 * would keep the last iteration's locals.
 */
function createAndDrop(
  count: number,
  heard: string[],
  create: (onEvent: (event: AdminApiEvent) => void) => unknown,
): WeakRef<object>[] {
  return Array.from({ length: count }, () => {
    const listener = (event: AdminApiEvent) => {
      heard.push(`dropped ${event.type}`);
    };
    create(listener);
    return new WeakRef(listener);
  });
}

describe("a fleet and its clients' listeners", () => {
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

  it('keeps no listener of a dropped client, and a kept one hears each event once', async () => {
    await onFallback(async (fleet) => {
      const credentials = emulatorCredentials(emulator());
      const heard: string[] = [];
      const dropped = createAndDrop(20, heard, (onEvent) =>
        createAdminClient({ ...credentials, fleet, onEvent }),
      );
      const shared = (event: AdminApiEvent) => {
        if (event.type.startsWith('fleet_')) heard.push(`shared ${event.type}`);
      };
      const kept = createAdminClient({
        ...credentials,
        fleet,
        onEvent: (event) => {
          if (event.type.startsWith('fleet_')) heard.push(`kept ${event.type}`);
        },
      });
      const alsoShared = [
        createAdminClient({ ...credentials, fleet, onEvent: shared }),
        createAdminClient({ ...credentials, fleet, onEvent: shared }),
      ];

      // A WeakRef's target lives to the end of the job that made it.
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      expect(dropped.flatMap((ref, i) => (ref.deref() ? [i] : []))).toEqual([]);

      // On the fallback, every call still succeeds; the fleet reports its failure once.
      await Promise.all(
        [kept, ...alsoShared].map((client) => client.request('query GetMe { me { id } }')),
      );
      expect(heard.sort()).toEqual(['kept fleet_degraded', 'shared fleet_degraded']);
    });
  });

  it('keeps no listener of a member the fleet refuses, through the client or its join seam', async () => {
    await onFallback(async (fleet) => {
      const credentials = emulatorCredentials(emulator());
      const heard: string[] = [];
      // The client takes a window in fractions of a millisecond; Redis counts whole ones.
      expect(() =>
        createAdminClient({
          ...credentials,
          fleet,
          rateLimit: { limit: 50, windowMs: 1500.5 },
          onEvent: (event) => heard.push(`refused ${event.type}`),
        }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
      // Joined directly, through the public seam, with a secret the fleet cannot key a cipher with.
      expect(() =>
        fleet.join({
          clientId: credentials.clientId,
          clientSecret: '',
          rateLimit: undefined,
          onEvent: (event) => heard.push(`joined ${event.type}`),
          now: Date.now,
        }),
      ).toThrow(expect.objectContaining({ name: 'ConfigurationError', code: 'INVALID_OPTION' }));
      const kept = createAdminClient({
        ...credentials,
        fleet,
        onEvent: (event) => {
          if (event.type.startsWith('fleet_')) heard.push(`kept ${event.type}`);
        },
      });
      await kept.request('query GetMe { me { id } }');
      expect(heard).toEqual(['kept fleet_degraded']);
    });
  });
});
