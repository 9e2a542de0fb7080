import { onAbort, realSetTimer } from '@admin-api/auth/internal';
import {
  createPacer,
  type Pacer,
  RateLimitError,
  type RateLimiter,
  type SetTimer,
} from '@admin-api/client';
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
  /** Clock of pauses and holds; only differences of it are used. @default Date.now */
  now?: () => number;
  /** Timer of the limiter's waits and of its fallback pacer's, e.g. a virtual one in tests. @default setTimeout */
  setTimer?: SetTimer;
}

interface Waiter {
  resolve(slot: BudgetSlot): void;
  reject(reason: unknown): void;
  /** The longest pause the caller waits out. */
  maxPauseMs: number;
  /** Stops listening for the caller's abort. */
  unlink: (() => void) | undefined;
}

/** How the limiter refuses a caller whose `maxPauseMs` a pause exceeds: `leftMs` is what is left. */
function pausedBeyond(leftMs: number, maxPauseMs: number): RateLimitError {
  return new RateLimitError(
    `No slot: the fleet is paused for another ${Math.ceil(leftMs / 1000)} s after an HTTP 429, longer than maxPauseMs (${maxPauseMs} ms)`,
    leftMs,
    {},
  );
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
 * after each of this process's shared requests still in flight, and for what is left of a pause
 * after a 429 this process saw or learned from Redis. When Redis returns, the
 * requests processes sent on their own are not in it: for one window plus two probe intervals
 * (the longest any other process can take to notice) plus the slowest recent request, a slot
 * needs both the fallback pacer and the shared budget.
 */
export function createFleetRateLimiter(options: FleetRateLimiterOptions): RateLimiter {
  const { health, budget, fallbackShare, probeIntervalMs, onOtherBudgets } = options;
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? realSetTimer;
  let applied: AppliedBudget = { limit: budget.effectiveLimit, windowMs: budget.config.windowMs };
  let othersSeen = '';
  let mode: Mode = 'shared';
  let recoveringSince = 0;
  let recoveringUntil = 0;
  let fallback: Pacer | undefined;
  // The end of the latest pause after a 429 this process saw or learned from Redis: the
  // fallback holds for what is left of it.
  let pausedUntil = 0;
  const queue: Waiter[] = [];
  let pumping = false;
  // Ends the pump's current wait early: set while it waits.
  let wake: (() => void) | undefined;
  // How long recent slots were held, to allow for requests in flight.
  const recent = createRecentHolds(now);
  const slowestRecentMs = () => recent.slowestMs(applied.windowMs);

  const fallbackPacer = (): Pacer => {
    fallback ??= createPacer({
      limit: Math.max(1, Math.floor(applied.limit * fallbackShare)),
      windowMs: applied.windowMs,
      now,
      setTimer,
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
    const flapped = mode === 'recovering' && now() - recoveringSince < applied.windowMs;
    mode = 'fallback';
    // A hold of the fleet's own, not a 429's: it refuses no caller, whatever its bound.
    if (!flapped) fallbackPacer().holdFor(applied.windowMs + slowestRecentMs());
    const pauseLeftMs = pausedUntil - now();
    if (pauseLeftMs > 0) fallbackPacer().pauseFor(pauseLeftMs);
    // The pump's waiters go back to `acquire` now, which takes the fallback.
    wake?.();
  };
  health.onChange((degraded) => {
    if (degraded) {
      enterFallback();
    } else {
      mode = 'recovering';
      recoveringSince = now();
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

  /**
   * A pause after a 429 (seen here or learned from Redis): holds this process's slots for `ms`
   * from now, the fallback's too, and refuses the waiters that would not wait so long.
   */
  const pauseLocally = (ms: number) => {
    pausedUntil = Math.max(pausedUntil, now() + ms);
    fallback?.pauseFor(ms);
    const leftMs = pausedUntil - now();
    // In one pass, however many wait.
    let kept = 0;
    for (const waiter of queue) {
      if (leftMs > waiter.maxPauseMs) {
        settle(waiter);
        waiter.reject(pausedBeyond(leftMs, waiter.maxPauseMs));
      } else {
        queue[kept++] = waiter;
      }
    }
    queue.length = kept;
    if (queue.length === 0) wake?.();
  };

  const releaseShared = (slot: BudgetSlot) => {
    // A release that cannot reach Redis leaves the slot counting until it expires.
    health.run(() => slot.release()).catch(() => {});
  };

  /**
   * Waits `ms` unless woken first: when no waiter is left or the app falls back (a closed fleet
   * too), so a wait nobody needs never keeps the process alive.
   */
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (queue.length === 0) return resolve();
      let cancel: (() => void) | undefined;
      const done = () => {
        cancel?.();
        wake = undefined;
        resolve();
      };
      cancel = setTimer(done, Math.max(1, ms));
      wake = done;
    });

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const heldMs = pausedUntil - now();
        // Degraded, the attempt below fails at once and hands the waiters to the fallback.
        if (heldMs > 0 && !health.degraded) {
          await rest(heldMs);
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
          // A pause another process wrote: kept, so that a fallback still holds for it; it
          // refuses the waiters with a smaller bound, and the others wait on.
          if (attempt.paused) pauseLocally(attempt.waitMs);
          else await rest(attempt.waitMs);
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

  const sharedSlot = (signal: AbortSignal | undefined, maxPauseMs: number) =>
    new Promise<BudgetSlot>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const pauseLeftMs = pausedUntil - now();
      if (pauseLeftMs > maxPauseMs) return reject(pausedBeyond(pauseLeftMs, maxPauseMs));
      const waiter: Waiter = { resolve, reject, maxPauseMs, unlink: undefined };
      if (signal) {
        waiter.unlink = onAbort(signal, () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          if (queue.length === 0) wake?.();
          reject(signal.reason);
        });
      }
      queue.push(waiter);
      void pump();
    });

  /** `release`, once, recording how long the slot was held. */
  const timed = (release: () => void, shared: boolean) => {
    const acquiredAt = now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      recent.record(now() - acquiredAt, applied.windowMs);
      // A shared request answered after the fallback began counts at the server a window more.
      if (shared && mode === 'fallback') fallback?.holdFor(applied.windowMs);
      release();
    };
  };

  return {
    async acquire(signal, options) {
      const maxPauseMs = options?.maxPauseMs ?? Number.POSITIVE_INFINITY;
      for (;;) {
        if (mode === 'recovering' && now() >= recoveringUntil) mode = 'shared';
        const own = mode === 'shared' ? undefined : await fallbackPacer().acquire(signal, options);
        // Redis may have come back while this caller waited for the fallback: then its request
        // must be counted in Redis too, or the others would not know of it.
        if (own && mode === 'fallback') return timed(own, false);
        try {
          const slot = await sharedSlot(signal, maxPauseMs);
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
      pauseLocally(ms);
      health.run(() => budget.pauseFor(ms)).catch(() => {});
    },
    honorsMaxPauseMs: true,
  };
}
