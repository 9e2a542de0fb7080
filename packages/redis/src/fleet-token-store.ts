import type { AccessToken, RefreshTurn, TokenStore } from '@admin-api/auth';
import { type RedisHealth, RedisUnavailableError } from './redis-health.js';
import type { RedisTokenStore } from './redis-token-store.js';
import type { LockLease, RefreshLock } from './refresh-lock.js';
import { awaitRefreshTurn } from './refresh-turn.js';

/** Options of {@link createFleetTokenStore}. */
export interface FleetTokenStoreOptions {
  health: RedisHealth;
  /** The app's shared token. */
  shared: RedisTokenStore;
  /** The app's refresh lock. */
  lock: RefreshLock;
}

/** What a process does when Redis is unreachable: fetch for itself, with nobody to tell. */
const OWN_LEASE: RefreshTurn = { kind: 'lease', release: () => {} };

/**
 * A holder renews its lock at this fraction of the lifetime, so a live holder keeps it through a
 * slow token request and a dead one loses it within one lifetime.
 */
const RENEW_AT = 1 / 3;

/**
 * The token store a fleet gives each client: the app's token in Redis, with the single flight
 * of `refreshTurn` and an atomic `compareAndDelete`. Every Redis command goes through `health`;
 * when Redis is unreachable the store keeps serving the last token this client saw and grants
 * its own lease, so the token provider works as a per-process one until Redis is back.
 */
export function createFleetTokenStore(options: FleetTokenStoreOptions): TokenStore {
  const { health, shared, lock } = options;
  // The last token this client read or stored: what it serves while Redis is unreachable.
  let local: AccessToken | undefined;

  // `health.run` fails only when Redis cannot be used, which is what the fallback is for.
  const sharedOr = <T>(operation: () => Promise<T>, fallback: () => T): Promise<T> =>
    health.run(operation).catch(fallback);

  /** The lock, every command of it bounded; a lost release or renewal only lets the lease lapse. */
  const guardedLock: RefreshLock = {
    lifetimeMs: lock.lifetimeMs,
    async tryAcquire() {
      const lease = await health.run(() => lock.tryAcquire());
      return (
        lease && {
          owner: lease.owner,
          release: () => health.run(() => lease.release()).catch(() => false),
          extend: () => health.run(() => lease.extend()).catch(() => false),
        }
      );
    },
  };

  /** Keeps the lease while its holder lives. */
  const renewing = (lease: LockLease): RefreshTurn => {
    const timer = setInterval(
      () => void lease.extend(),
      Math.max(1, Math.floor(lock.lifetimeMs * RENEW_AT)),
    );
    timer.unref();
    return {
      kind: 'lease',
      async release() {
        clearInterval(timer);
        await lease.release();
      },
    };
  };

  return {
    async get() {
      const token = await sharedOr(
        () => shared.get(),
        () => local,
      );
      // Redis without a token (another process cleared a rejected one) is not a reason to
      // forget ours: it is only served while Redis is unreachable.
      if (token) local = token;
      return token;
    },

    async set(token) {
      local = token;
      await sharedOr(
        () => shared.set(token),
        () => undefined,
      );
    },

    async compareAndDelete(rejectedAccessToken) {
      const wasLocal = local?.accessToken === rejectedAccessToken;
      if (wasLocal) local = undefined;
      return sharedOr(
        () => shared.compareAndDelete(rejectedAccessToken),
        () => wasLocal,
      );
    },

    async refreshTurn({ isFresh, signal }) {
      if (health.degraded) return OWN_LEASE;
      try {
        const turn = await awaitRefreshTurn({
          lock: guardedLock,
          check: async () => {
            const token = await health.run(() => shared.get());
            return token && isFresh(token) ? token : undefined;
          },
          signal,
        });
        if (turn.kind === 'lease') return renewing(turn.lease);
        local = turn.value;
        return { kind: 'ready', token: turn.value };
      } catch (error) {
        if (error instanceof RedisUnavailableError) return OWN_LEASE;
        throw error;
      }
    },
  };
}
