import { setTimeout as sleep } from 'node:timers/promises';
import { onAbort } from '@admin-api/auth/internal';
import { createPacer, type RateLimiter } from '@admin-api/client';
import type { BudgetAttempt, BudgetConfig, BudgetSlot, RateBudget } from './rate-budget.js';
import { createRecentHolds } from './recent-holds.js';
import { type RedisHealth, RedisUnavailableError } from './redis-health.js';

/** Requests per window, as a decision of the shared budget applied them. */
export interface AppliedBudget {
  readonly limit: number;
  readonly windowMs: number;
}

/** Options of {@link createFleetRateLimiter}. */
export interface FleetRateLimiterOptions {
  health: RedisHealth;
  budget: RateBudget;
  /** Share of the fleet's budget this process uses on its own while Redis is unreachable. */
  fallbackShare: number;
  /** How often an unreachable Redis is tried again: bounds how late processes notice its return. */
  probeIntervalMs: number;
  /** Told the other budgets in use whenever they change (an empty list once they agree). */
  onOtherBudgets(others: readonly BudgetConfig[], applied: AppliedBudget): void;
}

interface Waiter {
  resolve(slot: BudgetSlot): void;
  reject(reason: unknown): void;
  /** Stops listening for the caller's abort. */
  unlink: (() => void) | undefined;
}

/** How the limiter gives out slots now. */
type Mode =
  /** From the shared budget in Redis. */
  | 'shared'
  /** Redis is unreachable: from this process's fallback pacer alone. */
  | 'fallback'
  /** Redis is back: from both, until every process has stopped relying on its fallback. */
  | 'recovering';

/**
 * The rate limiter a fleet gives a client. Slots come from the app's shared budget in Redis;
 * in this process one waiter at a time asks Redis (in FIFO order), so a crowd of callers costs
 * one script call per grant or refusal rather than one per caller.
 *
 * When Redis cannot be reached, slots come from a per-process pacer at `fallbackShare` of the
 * budget. That pacer first holds for one window, since the server's window may be full with
 * requests the fleet sent through Redis, and for as long again as the slowest recent request
 * took, since requests of other processes may still be on their way; it also holds for a window
 * after each of this process's shared requests still in flight. When Redis returns, the
 * requests processes sent on their own are not in it: for one window plus two probe intervals
 * (the longest any other process can take to notice) plus the slowest recent request, a slot
 * needs both the fallback pacer and the shared budget.
 */
export function createFleetRateLimiter(options: FleetRateLimiterOptions): RateLimiter {
  const { health, budget, fallbackShare, probeIntervalMs, onOtherBudgets } = options;
  let applied: AppliedBudget = { limit: budget.effectiveLimit, windowMs: budget.config.windowMs };
  let othersSeen = '';
  let mode: Mode = 'shared';
  let recoveringSince = 0;
  let recoveringUntil = 0;
  let fallback: RateLimiter | undefined;
  // A 429 seen by this process; Redis holds it for the others.
  let pausedUntil = 0;
  const queue: Waiter[] = [];
  let pumping = false;
  // How long recent slots were held, to allow for requests in flight.
  const recent = createRecentHolds();
  const slowestRecentMs = () => recent.slowestMs(applied.windowMs);

  const fallbackPacer = (): RateLimiter => {
    fallback ??= createPacer({
      limit: Math.max(1, Math.floor(applied.limit * fallbackShare)),
      windowMs: applied.windowMs,
    });
    return fallback;
  };

  const enterFallback = () => {
    // Redis failing again within a window of its return (the probe's write got through but the
    // budget's did not: memory hovering at its limit, an ACL that grants only the probe's key, a
    // flaky link) needs no new pause: every request since took a fallback slot too, and so did
    // every other process's, since they noticed the return at most two probe intervals apart
    // and recover for longer than a window. Pausing at each such failure would starve the
    // process. Later, another process may have filled the server's window through Redis, and the
    // pause is what keeps the fleet within the budget.
    const flapped = mode === 'recovering' && Date.now() - recoveringSince < applied.windowMs;
    mode = 'fallback';
    if (!flapped) fallbackPacer().pauseFor(applied.windowMs + slowestRecentMs());
  };
  health.onChange((degraded) => {
    if (degraded) {
      enterFallback();
    } else {
      mode = 'recovering';
      recoveringSince = Date.now();
      recoveringUntil =
        recoveringSince + applied.windowMs + 2 * probeIntervalMs + slowestRecentMs();
    }
  });
  if (health.degraded) enterFallback();

  const observe = (attempt: BudgetAttempt) => {
    applied = attempt.applied;
    const others = attempt.otherConfigs
      .map((c) => `${c.limit}/${c.windowMs}/${c.share}`)
      .sort()
      .join(',');
    if (others === othersSeen) return;
    othersSeen = others;
    onOtherBudgets(attempt.otherConfigs, applied);
  };

  const settle = (waiter: Waiter) => waiter.unlink?.();

  const releaseShared = (slot: BudgetSlot) => {
    // A release that cannot reach Redis leaves the slot counting until it expires.
    health.run(() => slot.release()).catch(() => {});
  };

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const heldMs = pausedUntil - Date.now();
        if (heldMs > 0) {
          await sleep(heldMs);
          continue;
        }
        let attempt: BudgetAttempt;
        try {
          attempt = await health.run(() => budget.tryAcquire());
        } catch (error) {
          // Every waiter goes back to `acquire`, which now falls back.
          for (const waiter of queue.splice(0)) {
            settle(waiter);
            waiter.reject(error);
          }
          return;
        }
        observe(attempt);
        if (!attempt.granted) {
          await sleep(attempt.waitMs);
          continue;
        }
        const waiter = queue.shift();
        if (waiter) {
          settle(waiter);
          waiter.resolve(attempt.slot);
        } else {
          releaseShared(attempt.slot);
        }
      }
    } finally {
      pumping = false;
    }
  }

  const sharedSlot = (signal: AbortSignal | undefined) =>
    new Promise<BudgetSlot>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const waiter: Waiter = { resolve, reject, unlink: undefined };
      if (signal) {
        waiter.unlink = onAbort(signal, () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(signal.reason);
        });
      }
      queue.push(waiter);
      void pump();
    });

  /** `release`, once, recording how long the slot was held. */
  const timed = (release: () => void, shared: boolean) => {
    const acquiredAt = Date.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      recent.record(Date.now() - acquiredAt, applied.windowMs);
      // A shared request answered after the fallback began counts at the server a window more.
      if (shared && mode === 'fallback') fallback?.pauseFor(applied.windowMs);
      release();
    };
  };

  return {
    async acquire(signal) {
      for (;;) {
        if (mode === 'recovering' && Date.now() >= recoveringUntil) mode = 'shared';
        const own = mode === 'shared' ? undefined : await fallbackPacer().acquire(signal);
        // Redis may have come back while this caller waited for the fallback: then its request
        // must be counted in Redis too, or the others would not know of it.
        if (own && mode === 'fallback') return timed(own, false);
        try {
          const slot = await sharedSlot(signal);
          return timed(() => {
            own?.();
            releaseShared(slot);
          }, true);
        } catch (error) {
          own?.();
          if (!(error instanceof RedisUnavailableError)) throw error;
        }
      }
    },

    pauseFor(ms) {
      pausedUntil = Math.max(pausedUntil, Date.now() + ms);
      fallback?.pauseFor(ms);
      health.run(() => budget.pauseFor(ms)).catch(() => {});
    },
  };
}
