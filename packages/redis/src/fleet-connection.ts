import { ConfigurationError } from '@admin-api/auth';
import { createClient } from '@redis/client';
import { type ConnectionGate, createConnectionGate } from './connection-gate.js';
import type { RedisScriptClient } from './lua-script.js';
import { CommandTimeout, withTimeout } from './redis-health.js';

/** Where a fleet finds Redis: a URL it connects to itself, or a client the caller owns. */
export type RedisFleetConnection =
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://…` (TLS). */
  | { readonly url: string }
  /**
   * A connected node-redis client (`createClient` or `createCluster`, from `redis` or
   * `@redis/client`), or anything with the same `evalSha` and `eval`. The fleet never closes it.
   */
  | { readonly client: RedisScriptClient };

/**
 * A URL the fleet cannot use. It never repeats the URL nor carries node-redis's error as `cause`:
 * that error, like Node's `ERR_INVALID_URL`, keeps the whole input, password included.
 */
function invalidUrl(): ConfigurationError {
  return new ConfigurationError(
    'INVALID_OPTION',
    '"url" must be a Redis URL node-redis accepts: redis[s]://[[user]:password@]host[:port][/db number] or unix://[[user]:password@]/socket/path[?db=number] (the value is not shown: it may hold a password)',
  );
}

/** A fleet's Redis connection. */
export interface FleetConnection {
  readonly client: RedisScriptClient;
  /**
   * Opens once the connection has been established the first time: one gate for every app of
   * the fleet, which commands wait at for no longer than their timeout.
   */
  readonly gate: ConnectionGate;
  /**
   * Why the fleet's own connection is not ready (e.g. `WRONGPASS`, `ECONNREFUSED`), when it
   * said; `undefined` once ready, and always for a caller's client.
   */
  readonly lastError: unknown;
  /** Ends the connection if the fleet opened it; a caller's client is left alone. */
  close(waitMs: number): Promise<void>;
}

/**
 * Opens (or adopts) the connection. A client the fleet creates rejects commands at once while
 * disconnected instead of queueing them (`disableOfflineQueue`): a queued acquisition would run
 * long after its caller gave up and hold a slot nobody uses. It reconnects forever, waiting at
 * most `maxReconnectDelayMs` between tries, so a returning Redis is found within about one
 * probe interval.
 */
export function openFleetConnection(
  connection: RedisFleetConnection,
  maxReconnectDelayMs: number,
): FleetConnection {
  if ('client' in connection) {
    return {
      client: connection.client,
      gate: createConnectionGate(Promise.resolve()),
      lastError: undefined,
      close: async () => {},
    };
  }
  const { url } = connection;
  // node-redis would connect to localhost without one.
  if (typeof url !== 'string' || url === '') throw invalidUrl();
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({
      url,
      disableOfflineQueue: true,
      // CLIENT SETINFO only labels the connection, and Redis 7.0 has no such command to grant:
      // without it the fleet's ACL needs no more than its scripts' commands.
      disableClientInfo: true,
      socket: {
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, maxReconnectDelayMs),
      },
    });
  } catch {
    // node-redis checks the URL as it creates the client: the scheme, port, database and socket path.
    throw invalidUrl();
  }
  // Failures reach the fleet as failed commands and become fleet_degraded events; without a
  // listener, node-redis's 'error' events would crash the process. The last one is kept: a
  // refused login leaves commands waiting at the gate or failing as "offline", which says
  // nothing of the cause.
  let lastError: unknown;
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  client.on('ready', () => {
    lastError = undefined;
  });
  return {
    client,
    gate: createConnectionGate(client.connect()),
    // Only while not ready: node-redis also reports errors that leave the connection up.
    get lastError() {
      return client.isReady ? undefined : lastError;
    },
    async close(waitMs) {
      if (!client.isOpen) return;
      if (client.isReady) {
        // close() lets pending commands finish; a hung server must not hang it.
        await withTimeout(client.close(), waitMs).catch((error: unknown) => {
          if (!(error instanceof CommandTimeout)) throw error;
        });
      }
      if (client.isOpen) client.destroy();
    },
  };
}
