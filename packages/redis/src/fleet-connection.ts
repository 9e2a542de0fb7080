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
   * Opens once the first connection is made (detached, once the first attempt to connect has
   * failed, too): one gate for every app of the fleet, which commands wait at for no longer than
   * their timeout.
   */
  readonly gate: ConnectionGate;
  /**
   * Why the fleet's own connection is not ready (e.g. `WRONGPASS`, `ECONNREFUSED`), when it
   * said; `undefined` once ready, and always for a caller's client.
   */
  readonly lastError: unknown;
  /**
   * True from the moment the fleet's own connection fails (an attempt to connect, or a connection
   * that was ready) until it is ready again. Always false for a caller's client, which the fleet
   * learns about only from its commands.
   */
  readonly down: boolean;
  /** Called each time the fleet's own connection fails, with why; never for a caller's client. */
  onDown(listener: (error: unknown) => void): void;
  /** Ends the connection if the fleet opened it; a caller's client is left alone. */
  close(waitMs: number): Promise<void>;
}

/** How the connection the package opens behaves. */
export interface FleetConnectionOptions {
  /** The longest wait between attempts to reconnect: about how late a returning Redis is found. */
  maxReconnectDelayMs: number;
  /**
   * The fleet's way (see {@link openFleetConnection}): never keeps the process alive, reconnects
   * itself, reports each failure at once, and bounds each attempt to connect by this many ms.
   * Without it (the session and dedupe stores), node-redis reconnects, the first connect opens
   * the gate only once made, and the connection is an ordinary, referenced one.
   */
  detachedConnectTimeoutMs?: number | undefined;
}

/**
 * Opens (or adopts) the connection. A client the package creates rejects commands at once while
 * disconnected instead of queueing them (`disableOfflineQueue`): a queued acquisition would run
 * long after its caller gave up and hold a slot nobody uses.
 *
 * Detached (the fleet's), it never keeps the process alive by itself: its socket is unreferenced (`client.unref()`), so
 * an idle connection lets a script that never calls `fleet.close()` end, while a command in
 * flight is kept alive by its own timeout. node-redis waits between reconnection attempts on a
 * timer that would hold the process; so the fleet reconnects itself instead, on an unreferenced
 * timer (node-redis gives up after each failure, `reconnectStrategy: false`), forever, waiting
 * at most `maxReconnectDelayMs` between tries, so a returning Redis is found within about one
 * probe interval. Each failure is reported at once to `onDown`'s listeners, so the apps fall back
 * and say so before any call waits on a command.
 */
export function openFleetConnection(
  connection: RedisFleetConnection,
  options: FleetConnectionOptions,
): FleetConnection {
  if ('client' in connection) {
    return {
      client: connection.client,
      gate: createConnectionGate(Promise.resolve()),
      lastError: undefined,
      down: false,
      onDown: () => {},
      close: async () => {},
    };
  }
  const { url } = connection;
  const { maxReconnectDelayMs, detachedConnectTimeoutMs } = options;
  const detached = detachedConnectTimeoutMs !== undefined;
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
      socket: detached
        ? { reconnectStrategy: false, connectTimeout: detachedConnectTimeoutMs }
        : {
            reconnectStrategy: (retries: number) =>
              Math.min(50 * 2 ** retries, maxReconnectDelayMs),
          },
    });
  } catch {
    // node-redis checks the URL as it creates the client: the scheme, port, database and socket path.
    throw invalidUrl();
  }
  if (detached) client.unref();
  // Failures reach the fleet as failed commands and become fleet_degraded events; without a
  // listener, node-redis's 'error' events would crash the process. The last one is kept: a
  // refused login leaves commands waiting at the gate or failing as "offline", which says
  // nothing of the cause.
  let lastError: unknown;
  let down = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const listeners: ((error: unknown) => void)[] = [];
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  client.on('ready', () => {
    lastError = undefined;
    down = false;
    failures = 0;
  });
  // The connection failed for good as far as node-redis is concerned: an attempt to connect, or
  // a connection that was ready. Its pending commands have been rejected.
  client.on('terminated', (cause: unknown) => {
    if (closed || !detached) return;
    lastError = cause ?? lastError;
    down = true;
    for (const listener of listeners) listener(lastError);
    const delayMs = Math.min(50 * 2 ** failures++, maxReconnectDelayMs);
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (!closed && !client.isOpen) connect();
    }, delayMs);
    // Reconnecting alone must not keep a process alive.
    retry.unref();
  });
  // Its failures are reported by 'terminated' above.
  const connect = () => client.connect().catch(() => {});
  const first = client.connect();
  first.catch(() => {});
  return {
    client,
    gate: createConnectionGate(first),
    // Only while not ready: node-redis also reports errors that leave the connection up.
    get lastError() {
      return client.isReady ? undefined : lastError;
    },
    get down() {
      return down && !client.isReady;
    },
    onDown(listener) {
      listeners.push(listener);
    },
    async close(waitMs) {
      closed = true;
      clearTimeout(retry);
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
