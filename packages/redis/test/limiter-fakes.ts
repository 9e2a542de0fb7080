import type { AcquireContext, BudgetAttempt, RateBudget } from '../src/rate-budget.js';
import { type RedisHealth, RedisUnavailableError } from '../src/redis-health.js';

/**
 * A shared budget the test scripts, on the test's clock: `limit` per `windowMs`, a hold until
 * `holdUntil` (as Redis answers after it lost the keys), and every context it was asked with.
 */
export function scriptedBudget(now: () => number, limit: number, windowMs: number) {
  const grants: number[] = [];
  const state = { holdUntil: 0, generation: 'g1' };
  const contexts: AcquireContext[] = [];
  const budget: RateBudget = {
    config: { limit, windowMs, share: 1 },
    effectiveLimit: limit,
    keysOutliveMs: windowMs + 60_000,
    async tryAcquire(context = {}): Promise<BudgetAttempt> {
      contexts.push(context);
      const at = now();
      const common = {
        at,
        generation: state.generation,
        otherConfigs: [],
        applied: { limit, windowMs },
      };
      if (state.holdUntil > at) {
        return {
          ...common,
          granted: false,
          waitMs: state.holdUntil - at,
          paused: false,
          held: true,
        };
      }
      while (grants.length > 0 && (grants[0] ?? 0) <= at - windowMs) grants.shift();
      if (grants.length >= limit) {
        const waitMs = (grants[0] ?? at) + windowMs - at;
        return { ...common, granted: false, waitMs, paused: false, held: false };
      }
      grants.push(at);
      const slot = {
        id: String(grants.length),
        release: async () => ({ released: true, releasedAt: now() }),
      };
      return { ...common, granted: true, slot };
    },
    async pauseFor() {
      return { endsAt: 0, remainingMs: 0 };
    },
  };
  return { budget, state, contexts };
}

/** A process's view of Redis, switched by the test as a failure and its probe would. */
export function switchedHealth(degraded = false) {
  const listeners: ((degraded: boolean) => void)[] = [];
  let current = degraded;
  const health: RedisHealth = {
    get degraded() {
      return current;
    },
    onChange: (listener) => void listeners.push(listener),
    start: () => {},
    close: () => {},
    async run(operation) {
      if (current) throw new RedisUnavailableError('Redis is unavailable');
      return operation();
    },
  };
  const set = (value: boolean) => {
    current = value;
    for (const listener of listeners) listener(value);
  };
  return { health, set };
}
