import { ConfigurationError } from '@admin-api/auth';
import {
  checkDurationMs,
  checkOptionalFunction,
  checkPositiveInteger,
} from '@admin-api/auth/internal';
import { checkClaimToken, checkDeliveryId, dedupeClock, newClaimToken } from './dedupe-claims.js';
import type { DedupeClaim, WebhookDedupeStore } from './webhook-dedupe-store.js';

/**
 * How many delivery ids the memory store remembers unless `maxIds` says otherwise: 100,000
 * (about 25 MB of heap with ids of a few dozen characters, at most about 60 MB with ids of 256).
 */
export const DEFAULT_MAX_DEDUPE_IDS = 100_000;

/** Options of {@link createMemoryDedupeStore}; all optional. */
export interface MemoryDedupeStoreOptions {
  /**
   * The most delivery ids remembered at once, held and handled together. Past it, the id
   * completed longest ago is forgotten first; only when none is completed, the oldest claim.
   *
   * @default 100000 ({@link DEFAULT_MAX_DEDUPE_IDS})
   * @example 10_000
   */
  maxIds?: number | undefined;
  /**
   * The clock leases and `keepMs` are counted in, in epoch ms: tests step it instead of waiting.
   *
   * @default Date.now
   * @example () => Date.UTC(2030, 0, 1)
   */
  now?: (() => number) | undefined;
}

const DONE: DedupeClaim = { outcome: 'done' };
const BUSY: DedupeClaim = { outcome: 'busy' };

/**
 * A {@link WebhookDedupeStore} in this process's memory: the default of `createWebhookHandler`,
 * right for one process. It remembers at most `maxIds` ids (100,000 by default, see
 * {@link DEFAULT_MAX_DEDUPE_IDS}), forgetting those completed longest ago first, and forgets all
 * of them when the process ends. `extend` moves a lease while its token holds it, one that ran
 * out included as long as no other claim took it (and the store has not forgotten it yet). With several processes, or restarts within a retry's reach,
 * use `createRedisDedupeStore` (`@admin-api/redis`) or `createPostgresDedupeStore`
 * (`@admin-api/postgres`).
 *
 * @example
 * const dedupe = createMemoryDedupeStore({ maxIds: 10_000 });
 * const claim = await dedupe.claim('delivery-id', 30_000);
 * if (claim.outcome === 'claimed') await dedupe.complete('delivery-id', claim.token, 86_400_000);
 */
export function createMemoryDedupeStore(
  options: MemoryDedupeStoreOptions = {},
): WebhookDedupeStore {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError('INVALID_OPTION', '"options" must be an object when given');
  }
  const maxIds = checkPositiveInteger('maxIds', options.maxIds ?? DEFAULT_MAX_DEDUPE_IDS);
  checkOptionalFunction('now', options.now);
  const now = options.now ?? Date.now;
  // Both in insertion order: leases by when they were claimed or last extended, completions by
  // when they were completed, so the oldest of each is the first entry.
  const leases = new Map<string, { readonly token: string; readonly until: number }>();
  const done = new Map<string, number>();

  const clock = dedupeClock(now);
  /**
   * Forgets the leases that ran out from the front of the map (amortized O(1) per call), so a
   * crashed holder's claim is not what keeps a live one from being remembered. Completed ids
   * need no such sweep: they are the first to go anyway, oldest first.
   */
  const prune = (at: number) => {
    for (const [id, lease] of leases) {
      if (at < lease.until) break;
      leases.delete(id);
    }
  };
  /** Makes room for one more id: the id completed longest ago goes first, then the oldest claim. */
  const makeRoom = () => {
    while (leases.size + done.size >= maxIds) {
      const [oldest] = done.size > 0 ? done.keys() : leases.keys();
      if (oldest === undefined) return;
      done.delete(oldest);
      leases.delete(oldest);
    }
  };

  return {
    async claim(id, leaseMs) {
      checkDeliveryId(id);
      const ms = checkDurationMs('leaseMs', leaseMs);
      const at = clock();
      prune(at);
      const doneUntil = done.get(id);
      if (doneUntil !== undefined) {
        if (at < doneUntil) return DONE;
        done.delete(id);
      }
      const lease = leases.get(id);
      if (lease) {
        if (at < lease.until) return BUSY;
        leases.delete(id);
      }
      makeRoom();
      const token = newClaimToken();
      leases.set(id, { token, until: at + Math.ceil(ms) });
      return { outcome: 'claimed', token };
    },

    async complete(id, token, keepMs) {
      checkDeliveryId(id);
      checkClaimToken(token);
      const ms = checkDurationMs('keepMs', keepMs);
      const at = clock();
      prune(at);
      const until = at + Math.ceil(ms);
      const previous = done.get(id);
      leases.delete(id);
      // Moved to the end: the map stays in order of completion.
      done.delete(id);
      makeRoom();
      done.set(id, previous !== undefined && previous > until ? previous : until);
    },

    async release(id, token) {
      checkDeliveryId(id);
      checkClaimToken(token);
      if (leases.get(id)?.token === token) leases.delete(id);
    },

    async extend(id, token, leaseMs) {
      checkDeliveryId(id);
      checkClaimToken(token);
      const ms = checkDurationMs('leaseMs', leaseMs);
      const at = clock();
      // No prune first: a lease that ran out is still its holder's until another claim takes it.
      if (leases.get(id)?.token !== token) return false;
      // Moved to the end: extended now, it is forgotten after the leases claimed before.
      leases.delete(id);
      leases.set(id, { token, until: at + Math.ceil(ms) });
      return true;
    },
  };
}
