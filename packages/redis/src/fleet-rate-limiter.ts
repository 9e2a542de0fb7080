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
  /**
   * Told when the fleet starts holding because Redis lost the budget's keys; `holdMs` is how long
   * the hold lasts from now, as Redis says. Said once per hold, however often it is extended.
   */
  onKeysLost?: ((holdMs: number) => void) | undefined;
  /** Told when that hold has ended: `heldForMs` after `onKeysLost`. */
  onKeysLostHoldEnd?: ((heldForMs: number) => void) | undefined;
  /**
   * Clock every wait, pause and hold is measured on; only differences of it are used, so it must
   * not jump when the wall clock is set. @default performance.now
   */
  monotonicNow?: () => number;
  /**
   * Timer of the limiter's waits and of its fallback pacer's, e.g. a virtual one in tests, with
   * `monotonicNow` reading the same virtual time. @default setTimeout (unreferenced for the end of
   * a hold, which no caller waits for)
   */
  setTimer?: SetTimer;
}

/** The rate limiter a fleet gives its clients, with what the fleet reads of it. */
export interface FleetRateLimiter extends RateLimiter {
  /** True while the fleet holds because Redis lost the budget's keys. */
  readonly holding: boolean;
  /** Forgets any hold without a word (the fleet is closed); waiters are the caller's to end. */
  close(): void;
}

/** A real timer that does not keep the process alive: for what no caller waits on. */
const backgroundTimer: SetTimer = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

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
 * Each answer carries the budget's generation. A process that saw one within the time the keys
 * outlive an acquisition vouches for it on its next request; Redis holding another one, or none,
 * means it lost the keys while staying up (a flush, a delete, an eviction, a restart without
 * persistence), and would count the server's window from empty. Then the whole fleet holds (see
 * ACQUIRE_SLOT) for the window plus the slowest recent request, reported once as `onKeysLost`,
 * and takes slots from the shared budget again when the hold ends: every request sent from then
 * on is counted in Redis, and those Redis forgot have left the server's window. Only a process on
 * the shared budget vouches: one that fell back or is recovering is held by its fallback pacer.
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
export function createFleetRateLimiter(options: FleetRateLimiterOptions): FleetRateLimiter {
  const { health, budget, fallbackShare, probeIntervalMs, onOtherBudgets } = options;
  const now = options.monotonicNow ?? (() => performance.now());
  const setTimer = options.setTimer ?? realSetTimer;
  const setBackgroundTimer = options.setTimer ?? backgroundTimer;
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
  // The budget's generation as Redis last gave it, and when the request that read it was sent.
  let generation: { id: string; sentAt: number } | undefined;
  // This process's shared slots in flight, and when the last one was released: how long its own
  // requests may still count at the server if Redis forgets them.
  let sharedInFlight = 0;
  let lastSharedReleaseAt = Number.NEGATIVE_INFINITY;
  // A hold after Redis lost the keys: since and until when (this process's clock).
  let hold: { since: number; until: number; cancel: () => void } | undefined;

  const fallbackPacer = (): Pacer => {
    fallback ??= createPacer({
      limit: Math.max(1, Math.floor(applied.limit * fallbackShare)),
      windowMs: applied.windowMs,
      monotonicNow: now,
      setTimer,
    });
    return fallback;
  };

  /** What this process tells Redis of the budget's past when it asks for a slot. */
  const acquireContext = () => {
    const at = now();
    // Only on the shared budget: a process that fell back or is recovering is held by its
    // fallback pacer, and whatever Redis has now is what it goes on from.
    const vouched =
      mode === 'shared' && generation && at - generation.sentAt < budget.keysOutliveMs
        ? generation.id
        : undefined;
    const pendingMs =
      sharedInFlight > 0
        ? applied.windowMs + slowestRecentMs()
        : lastSharedReleaseAt + applied.windowMs - at;
    return { knownGeneration: vouched, slowestMs: slowestRecentMs(), pendingMs };
  };

  /** The hold after a loss is over: said once. */
  const endHold = () => {
    if (!hold) return;
    const { since, cancel } = hold;
    cancel();
    hold = undefined;
    emitSafely(() => options.onKeysLostHoldEnd?.(Math.round(now() - since)));
  };

  /**
   * The fleet holds for `ms` from now because Redis lost the keys: said once per hold, however
   * often another process lengthens it. It ends when a slot is next given out or refused for
   * another reason; with no caller waiting to ask, when its time is up (Redis may have
   * lengthened it since, which the next caller learns).
   */
  const holdAfterLoss = (ms: number) => {
    const at = now();
    const until = at + ms;
    if (hold && until <= hold.until) return;
    hold?.cancel();
    const since = hold?.since ?? at;
    if (!hold) emitSafely(() => options.onKeysLost?.(ms));
    const cancel = setBackgroundTimer(
      () => {
        if (queue.length === 0) endHold();
      },
      Math.max(1, ms),
    );
    hold = { since, until, cancel };
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
    // Back on Redis, the process goes on from whatever generation it finds there.
    generation = undefined;
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

  const observe = (attempt: BudgetAttempt, sentAt: number) => {
    applied = attempt.applied;
    generation = { id: attempt.generation, sentAt };
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
        const sentAt = now();
        try {
          const context = acquireContext();
          attempt = await health.run(() => budget.tryAcquire(context));
        } catch (error) {
          endHold();
          // Every waiter goes back to `acquire`, which now falls back.
          for (const waiter of queue.splice(0)) {
            settle(waiter);
            waiter.reject(error);
          }
          return;
        }
        observe(attempt, sentAt);
        // A slot, or a full window, says the hold is over; a pause says nothing of it.
        if (attempt.granted || !(attempt.held || attempt.paused)) endHold();
        if (!attempt.granted) {
          // A pause another process wrote: kept, so that a fallback still holds for it; it
          // refuses the waiters with a smaller bound, and the others wait on.
          if (attempt.paused) {
            pauseLocally(attempt.waitMs);
          } else {
            if (attempt.held) holdAfterLoss(attempt.waitMs);
            await rest(attempt.waitMs);
          }
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
    if (shared) sharedInFlight++;
    return () => {
      if (released) return;
      released = true;
      recent.record(now() - acquiredAt, applied.windowMs);
      if (shared) {
        sharedInFlight--;
        lastSharedReleaseAt = now();
      }
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

    get holding() {
      return hold !== undefined;
    },

    close() {
      hold?.cancel();
      hold = undefined;
    },
  };
}

/** Runs a listener of the fleet's; what it throws is not the limiter's concern. */
function emitSafely(notify: () => void): void {
  try {
    notify();
  } catch {
    // Ignored, as the fleet's event listeners' exceptions are.
  }
}
