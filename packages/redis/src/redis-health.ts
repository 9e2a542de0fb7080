import type { FleetDegradedEvent, FleetEvent } from '@admin-api/client';
import { ErrorReply } from '@redis/client';
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
   * operation fails or times out, which degrades the app until a probe succeeds. A `background`
   * operation, which no caller waits for, does not keep the process alive; an `optional` one's
   * failure degrades nothing (the fleet does without what it was for).
   */
  run<T>(
    operation: () => Promise<T>,
    options?: { background?: boolean; optional?: boolean },
  ): Promise<T>;
  /** Called on every change: `true` when the app falls back, `false` when it recovers. */
  onChange(listener: (degraded: boolean) => void): void;
  /**
   * Falls back at once if the fleet's connection is already known to be down (called when a
   * client joins, once its listener is in place, so that it hears why).
   */
  start(): void;
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
export class CommandTimeout extends Error {
  /** True when no connection was made in time, as opposed to a command left unanswered. */
  readonly unconnected: boolean;
  constructor(message: string, unconnected = false) {
    super(message);
    this.unconnected = unconnected;
  }
}

/**
 * `promise`, or a {@link CommandTimeout} saying `message` once `ms` pass; the timer never
 * outlives the race. A `background` race (a probe's) does not keep the process alive.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message = `no answer within ${ms} ms`,
  { background = false }: { background?: boolean } = {},
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CommandTimeout(message)), ms);
    if (background) timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Why a process runs an app on its fallback: `unreachable` (no connection: refused, not made in
 * time, or lost), `timeout` (a command on a live connection unanswered in time), `error` (Redis
 * answered with an error: out of memory, read-only, no permission, a refused login), or
 * `keys_lost` (Redis forgot the budget's keys while staying up, see the rate limiter).
 */
export type FleetDegradedReason = FleetDegradedEvent['reason'];

/** A `fleet_degraded` event. */
export function degradedEvent(
  app: string,
  reason: FleetDegradedReason,
  message: string,
): FleetEvent {
  return { type: 'fleet_degraded', app, reason, message };
}

/** The first line of what an error says, shortened: holds nothing the fleet keeps secret. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]?.slice(0, 200) ?? '';
}

/**
 * A failure as an event's reason and message. `connectionError` is why the fleet's own
 * connection is not ready, when it is not: it says more than a command that found it down.
 */
export function describeFailure(
  error: unknown,
  connectionError: unknown,
): { reason: FleetDegradedReason; message: string } {
  if (connectionError !== undefined) {
    // A refused login is Redis answering; anything else kept the connection from being made.
    const answered = connectionError instanceof ErrorReply;
    return { reason: answered ? 'error' : 'unreachable', message: firstLine(connectionError) };
  }
  if (error instanceof CommandTimeout) {
    return { reason: error.unconnected ? 'unreachable' : 'timeout', message: error.message };
  }
  return { reason: 'error', message: firstLine(error) };
}

/**
 * Tracks whether Redis serves one app: each app of a fleet has its own, on the shared
 * connection, so keys refused to one app (an ACL, a Cluster node down) leave the others on
 * Redis. The fleet's own connection failing degrades every app at once (`unreachable`), before
 * any call waits; otherwise the first command that fails or times out degrades its app. Either
 * reports `fleet_degraded`; from then on nothing of the app's is sent but a probe every
 * `probeIntervalMs`, so a hung Redis costs the app's calls the command timeout once, not on
 * every call. The first probe that succeeds, a write, reports `fleet_recovered`. Probes never
 * keep the process alive.
 */
export function createRedisHealth(options: RedisHealthOptions): RedisHealth {
  const { connection, app, probeKey, commandTimeoutMs, probeIntervalMs, emit } = options;
  const listeners: ((degraded: boolean) => void)[] = [];
  let degradedSince: number | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const { gate } = connection;

  /** `operation` within the command timeout; a `background` one does not keep the process alive. */
  const bounded = async <T>(operation: () => Promise<T>, background = false): Promise<T> => {
    let leftMs = commandTimeoutMs;
    if (!gate.open) {
      // Never sent once its caller has given up: while the first connection is still coming up,
      // every probe would wait for it, and all of them would reach Redis at once when it did.
      const startedAt = performance.now();
      const opened = await gate.wait(commandTimeoutMs, { background });
      leftMs -= performance.now() - startedAt;
      if (!opened || leftMs <= 0) {
        throw new CommandTimeout(`no connection within ${commandTimeoutMs} ms`, true);
      }
    }
    return withTimeout(operation(), leftMs, `no answer within ${commandTimeoutMs} ms`, {
      background,
    });
  };

  const change = (degraded: boolean) => {
    for (const listener of listeners) listener(degraded);
  };

  const probe = () => {
    probeTimer = setTimeout(() => {
      bounded(() => runScript(connection.client, PROBE, [probeKey], []), true).then(
        () => {
          if (closed || degradedSince === undefined) return;
          const degradedForMs = Math.round(performance.now() - degradedSince);
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
    // Measured on the monotonic clock: a step of the wall clock does not change it.
    degradedSince = performance.now();
    // A command that timed out or found the connection down says less than why it is down.
    const { reason, message } = describeFailure(error, connection.lastError);
    emit(degradedEvent(app, reason, message));
    change(true);
    probe();
  };
  // A connection that fails is said at once, for every app, before any call waits on it.
  connection.onDown(degrade);

  return {
    get degraded() {
      return closed || degradedSince !== undefined;
    },
    async run(operation, { background = false, optional = false } = {}) {
      if (closed) throw new RedisUnavailableError('The fleet is closed');
      if (degradedSince !== undefined) {
        throw new RedisUnavailableError('Redis is unreachable; waiting for it to answer again');
      }
      try {
        return await bounded(operation, background);
      } catch (error) {
        if (!optional) degrade(error);
        throw new RedisUnavailableError('A Redis command failed', { cause: error });
      }
    },
    onChange(listener) {
      listeners.push(listener);
    },
    start() {
      if (connection.down) degrade(connection.lastError);
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
