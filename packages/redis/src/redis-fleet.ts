import { ConfigurationError } from '@admin-api/auth';
import { createTokenCipher } from '@admin-api/auth/internal/node';
import type { Fleet, FleetMember, FleetMembership } from '@admin-api/client';
import { createRedisErrorCounts } from './error-counts.js';
import { openFleetConnection, type RedisFleetConnection } from './fleet-connection.js';
import { createFleetListeners } from './fleet-listeners.js';
import { createFleetRateLimiter, type FleetRateLimiter } from './fleet-rate-limiter.js';
import { createFleetTokenStore } from './fleet-token-store.js';
import { appKeys, appTag, type FleetKeys, secretKeyId, tokenKeys } from './keys.js';
import { createRateBudget } from './rate-budget.js';
import { type RedisFleetOptions, resolveRedisFleetConfig } from './redis-fleet-options.js';
import { createRedisHealth, degradedEvent, type RedisHealth } from './redis-health.js';
import { createRedisTokenStore } from './redis-token-store.js';
import { createRefreshLock } from './refresh-lock.js';

/** A fleet on Redis: pass it to `createAdminClient({ ..., fleet })`. */
export interface RedisFleet extends Fleet {
  /**
   * True while Redis fails any app of this fleet (it is unreachable, or refuses that app's
   * writes), so that this process paces that app itself and keeps its own token; while an app's
   * budget holds because Redis lost its keys; and after `close()`.
   */
  readonly degraded: boolean;
  /**
   * Ends the connection the fleet opened, letting commands in flight finish (within
   * `commandTimeoutMs`), and stops reconnecting and probing; a client passed in stays open.
   * Clients that joined carry on as per-process clients at the fallback share, and nobody can
   * join any more. Not needed for the process to exit: nothing of the fleet keeps it alive.
   */
  close(): Promise<void>;
}

/**
 * Creates a fleet: every process of an app that creates its clients with it shares one token
 * (one process refreshes, the others wait for its token) and one rate budget (counted in Redis
 * time, paused for all after a 429). When Redis fails an app (unreachable, or refusing its
 * writes), each process falls back to its own token and `fallbackShare` of the app's budget,
 * reports `fleet_degraded`, and returns to the fleet when Redis takes the app's writes again
 * (`fleet_recovered`). When Redis forgets the app's keys while staying up (a flush, a delete, an
 * eviction, a restart without persistence), the fleet holds for a window (`fleet_degraded`,
 * reason `keys_lost`) and then takes from the shared budget again. Each client secret has its own
 * shared token, so processes with an old and a new secret side by side do not overwrite each
 * other's. Options are checked here; the connection opens in the background, and neither it nor
 * any timer of the fleet keeps the process alive.
 *
 * @example
 * const fleet = createRedisFleet({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
 * const client = createAdminClientFromEnv({ fleet });
 * // …
 * await fleet.close();
 */
export function createRedisFleet(
  connection: RedisFleetConnection,
  options: RedisFleetOptions = {},
): RedisFleet {
  const config = resolveRedisFleetConfig(options);
  const { keyPrefix, share, commandTimeoutMs, probeIntervalMs } = config;
  const redis = openFleetConnection(connection, {
    maxReconnectDelayMs: probeIntervalMs,
    detachedConnectTimeoutMs: commandTimeoutMs,
  });
  const { client } = redis;
  const listeners = createFleetListeners(config.onEvent);
  const emitAll = listeners.emit;
  // One health per app: keys refused to one app leave the others on Redis.
  const healths = new Map<string, RedisHealth>();
  const healthFor = (app: string, keys: FleetKeys): RedisHealth => {
    let health = healths.get(app);
    if (!health) {
      health = createRedisHealth({
        connection: redis,
        app,
        probeKey: keys.probe,
        commandTimeoutMs,
        probeIntervalMs,
        emit: emitAll,
      });
      healths.set(app, health);
    }
    return health;
  };
  // One limiter per app and budget in this process, so clients of one app share its fallback.
  const limiters = new Map<string, FleetRateLimiter>();
  const warned = new Set<string>();
  let closed = false;

  const limiterFor = (app: string, keys: FleetKeys, member: FleetMember): FleetRateLimiter => {
    const rateLimit = member.rateLimit ?? config.rateLimit;
    const id = `${app}/${rateLimit.limit}/${rateLimit.windowMs}`;
    const existing = limiters.get(id);
    if (existing) return existing;
    const budget = createRateBudget({
      client,
      keys,
      rateLimit,
      share,
    });
    const limiter = createFleetRateLimiter({
      health: healthFor(app, keys),
      budget,
      fallbackShare: config.fallbackShare,
      probeIntervalMs,
      onKeysLost(holdMs) {
        emitAll(
          degradedEvent(
            app,
            'keys_lost',
            `The budget's keys vanished from Redis (flushed, deleted, evicted, or a restart without persistence); holding new requests for ${Math.ceil(holdMs)} ms`,
          ),
        );
      },
      onKeysLostHoldEnd(heldForMs) {
        emitAll({ type: 'fleet_recovered', app, degradedForMs: heldForMs });
      },
      onOtherBudgets(others, applied) {
        if (others.length === 0) return;
        emitAll({ type: 'fleet_budget_mismatch', app, budget: budget.config, others, applied });
        const described = JSON.stringify({ app, budget: budget.config, others });
        if (warned.has(described)) return;
        warned.add(described);
        process.emitWarning(
          `Processes of app ${app} use different rate budgets (this one ${JSON.stringify(budget.config)}, others ${JSON.stringify(others)}); all hold to the strictest, ${applied.limit} requests per ${applied.windowMs} ms, until they agree.`,
          { code: 'ADMIN_API_FLEET_BUDGET_MISMATCH' },
        );
      },
    });
    limiters.set(id, limiter);
    return limiter;
  };

  return {
    get degraded() {
      return (
        closed ||
        [...healths.values()].some((health) => health.degraded) ||
        [...limiters.values()].some((limiter) => limiter.holding)
      );
    },

    join(member: FleetMember): FleetMembership {
      if (closed) {
        throw new ConfigurationError(
          'INVALID_OPTION',
          'This fleet is closed; create clients before fleet.close()',
        );
      }
      const app = appTag(member.clientId);
      const keys = appKeys(app, keyPrefix);
      // The secret's own token: processes with another secret of the app keep theirs beside it.
      const secretKeys = tokenKeys(app, secretKeyId(member.clientSecret), keyPrefix);
      const rateLimiter = limiterFor(app, keys, member);
      const health = healthFor(app, keys);
      const tokenStore = createFleetTokenStore({
        health,
        shared: createRedisTokenStore({
          client,
          key: secretKeys.token,
          cipher: createTokenCipher(member.clientSecret),
          now: member.now,
          onUnreadable: (reason) => emitAll({ type: 'fleet_token_unreadable', app, reason }),
        }),
        lock: createRefreshLock({
          client,
          key: secretKeys.refreshLock,
          lifetimeMs: config.lockLifetimeMs,
        }),
      });
      // Last, once nothing can throw: a refused member leaves no listener behind.
      if (member.onEvent) listeners.add(member.onEvent);
      // A connection already known to be down is said now, to this client's listener too.
      health.start();
      return { tokenStore, rateLimiter };
    },

    errorCounts(clientId) {
      const app = appTag(clientId);
      const keys = appKeys(app, keyPrefix);
      return createRedisErrorCounts({
        client,
        key: keys.errorCounts,
        health: healthFor(app, keys),
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const limiter of limiters.values()) limiter.close();
      for (const health of healths.values()) health.close();
      await redis.close(commandTimeoutMs);
    },
  };
}
