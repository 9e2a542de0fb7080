import type { FleetDegradedEvent, FleetEvent } from '@admin-api/client';
import type { FleetConnection } from './fleet-connection.js';
import { defineLuaScript, runScript } from './lua-script.js';

/**
 * Thrown by {@link RedisHealth.run} when Redis cannot be used. Never reaches a caller of the
 * client: the token store and the rate limiter fall back when they meet it.
 */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/**
 * What the probe sends: a script (so a restarted server has it loaded again) that writes the
 * app's probe key, expiring in a minute. A Redis that answers reads but refuses writes (out of
 * memory under `noeviction`, a read-only replica, an ACL without the app's keys) fails it too, so
 * the app stays on its fallback instead of recovering and failing again on every probe. An ACL
 * that grants the app its keys grants the probe, and on a Cluster it reaches the app's node.
 */
const PROBE = defineLuaScript('probe', 1, "redis.call('SET', KEYS[1], '1', 'PX', 60000)\nreturn 1");

/** Whether this process can use Redis for one app, and the bounded way to use it. */
export interface RedisHealth {
  readonly degraded: boolean;
  /**
   * Runs one Redis operation within the command timeout. Rejects with
   * {@link RedisUnavailableError} without sending anything while degraded, and when the
   * operation fails or times out, which degrades the app until a probe succeeds.
   */
  run<T>(operation: () => Promise<T>): Promise<T>;
  /** Called on every change: `true` when the app falls back, `false` when it recovers. */
  onChange(listener: (degraded: boolean) => void): void;
  /** Stops probing; from now on the app is degraded for good, without an event. */
  close(): void;
}

/** Options of {@link createRedisHealth}. */
export interface RedisHealthOptions {
  connection: FleetConnection;
  /** The app, as its events name it: its tag. */
  app: string;
  /** The app's key the probe writes. */
  probeKey: string;
  commandTimeoutMs: number;
  probeIntervalMs: number;
  emit: (event: FleetEvent) => void;
}

/** How {@link withTimeout} rejects when `ms` pass first. */
export class CommandTimeout extends Error {}

/**
 * `promise`, or a {@link CommandTimeout} saying `message` once `ms` pass; the timer never
 * outlives the race.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message = `no answer within ${ms} ms`,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CommandTimeout(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A failure as an event: the kind and a short message, which holds nothing the fleet keeps secret. */
function describeFailure(error: unknown): Pick<FleetDegradedEvent, 'reason' | 'message'> {
  if (error instanceof CommandTimeout) return { reason: 'timeout', message: error.message };
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { reason: 'error', message: text.split('\n')[0]?.slice(0, 200) ?? '' };
}

/**
 * Tracks whether Redis serves one app: each app of a fleet has its own, on the shared
 * connection, so keys refused to one app (an ACL, a Cluster node down) leave the others on
 * Redis, and an unreachable Redis degrades each app at its next command. The first failure
 * degrades the app and reports `fleet_degraded`; from then on nothing of the app's is sent but
 * a probe every `probeIntervalMs`, so a hung Redis costs the app's calls the command timeout
 * once, not on every call. The first probe that succeeds, a write, reports `fleet_recovered`.
 */
export function createRedisHealth(options: RedisHealthOptions): RedisHealth {
  const { connection, app, probeKey, commandTimeoutMs, probeIntervalMs, emit } = options;
  const listeners: ((degraded: boolean) => void)[] = [];
  let degradedSince: number | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const { gate } = connection;

  const bounded = async <T>(operation: () => Promise<T>): Promise<T> => {
    let leftMs = commandTimeoutMs;
    if (!gate.open) {
      // Never sent once its caller has given up: while the first connection is still coming up,
      // every probe would wait for it, and all of them would reach Redis at once when it did.
      const startedAt = performance.now();
      const opened = await gate.wait(commandTimeoutMs);
      leftMs -= performance.now() - startedAt;
      if (!opened || leftMs <= 0) {
        throw new CommandTimeout(`no connection within ${commandTimeoutMs} ms`);
      }
    }
    return withTimeout(operation(), leftMs, `no answer within ${commandTimeoutMs} ms`);
  };

  const change = (degraded: boolean) => {
    for (const listener of listeners) listener(degraded);
  };

  const probe = () => {
    probeTimer = setTimeout(() => {
      bounded(() => runScript(connection.client, PROBE, [probeKey], [])).then(
        () => {
          if (closed || degradedSince === undefined) return;
          const degradedForMs = Date.now() - degradedSince;
          degradedSince = undefined;
          emit({ type: 'fleet_recovered', app, degradedForMs });
          change(false);
        },
        () => {
          if (!closed) probe();
        },
      );
    }, probeIntervalMs);
    // Probing alone must not keep a process alive.
    probeTimer.unref();
  };

  const degrade = (error: unknown) => {
    if (closed || degradedSince !== undefined) return;
    degradedSince = Date.now();
    // A command that timed out or found the connection down says less than why it is down.
    emit({ type: 'fleet_degraded', app, ...describeFailure(connection.lastError ?? error) });
    change(true);
    probe();
  };

  return {
    get degraded() {
      return closed || degradedSince !== undefined;
    },
    async run(operation) {
      if (closed) throw new RedisUnavailableError('The fleet is closed');
      if (degradedSince !== undefined) {
        throw new RedisUnavailableError('Redis is unreachable; waiting for it to answer again');
      }
      try {
        return await bounded(operation);
      } catch (error) {
        degrade(error);
        throw new RedisUnavailableError('A Redis command failed', { cause: error });
      }
    },
    onChange(listener) {
      listeners.push(listener);
    },
    close() {
      if (closed) return;
      const wasDegraded = degradedSince !== undefined;
      closed = true;
      clearTimeout(probeTimer);
      // Clients that outlive the fleet carry on as if Redis were unreachable, without the alarm.
      if (!wasDegraded) change(true);
    },
  };
}
