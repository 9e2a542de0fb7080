import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFleetRateLimiter } from '../src/fleet-rate-limiter.js';
import type { BudgetAttempt, RateBudget } from '../src/rate-budget.js';
import { type RedisHealth, RedisUnavailableError } from '../src/redis-health.js';

const LIMIT = 10;
const WINDOW_MS = 1_000;
const PROBE_MS = 50;

/** The fleet's budget in "Redis", shared by the limiters; `down` makes every command fail. */
function sharedBudget() {
  const grants: number[] = [];
  const state = { down: false };
  const budget: RateBudget = {
    config: { limit: LIMIT, windowMs: WINDOW_MS, share: 1 },
    effectiveLimit: LIMIT,
    keysOutliveMs: WINDOW_MS + 60_000,
    async tryAcquire(): Promise<BudgetAttempt> {
      if (state.down) throw new Error('OOM command not allowed when used memory > maxmemory');
      const now = Date.now();
      while (grants.length > 0 && (grants[0] ?? 0) <= now - WINDOW_MS) grants.shift();
      const decision = {
        at: now,
        generation: 'g1',
        otherConfigs: [],
        applied: { limit: LIMIT, windowMs: WINDOW_MS },
      };
      if (grants.length >= LIMIT) {
        return {
          ...decision,
          granted: false,
          waitMs: (grants[0] ?? now) + WINDOW_MS - now,
          paused: false,
          held: false,
        };
      }
      grants.push(now);
      const slot = {
        id: String(grants.length),
        release: async () => ({ released: true, releasedAt: Date.now() }),
      };
      return { ...decision, granted: true, slot };
    },
    async pauseFor() {
      return { endsAt: 0, remainingMs: 0 };
    },
  };
  return { budget, state };
}

/** A process's view of Redis, switched by the test as its probe would. */
function processHealth(state: { down: boolean }) {
  const listeners: ((degraded: boolean) => void)[] = [];
  let degraded = false;
  const set = (value: boolean) => {
    degraded = value;
    for (const listener of listeners) listener(value);
  };
  const health: RedisHealth = {
    get degraded() {
      return degraded;
    },
    onChange: (listener) => void listeners.push(listener),
    close: () => {},
    start: () => {},
    async run(operation) {
      if (degraded) throw new RedisUnavailableError('Redis is unavailable');
      if (state.down) {
        set(true);
        throw new RedisUnavailableError('Redis failed');
      }
      return operation();
    },
  };
  return { health, set };
}

describe('falling back again after Redis came back', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pauses when another process has been sending through Redis: the fleet stays within its budget', async () => {
    const { budget, state } = sharedBudget();
    const sent: number[] = [];
    const processes = ['a', 'b'].map(() => {
      const { health, set } = processHealth(state);
      const limiter = createFleetRateLimiter({
        health,
        budget,
        fallbackShare: 0.5,
        probeIntervalMs: PROBE_MS,
        onOtherBudgets: () => {},
        // The faked Date is the virtual time the test moves.
        monotonicNow: () => Date.now(),
      });
      const send = async () => {
        const release = await limiter.acquire(undefined);
        sent.push(Date.now());
        release();
      };
      return { set, send };
    });
    const [a, b] = processes as [(typeof processes)[0], (typeof processes)[0]];
    const start = Date.now();
    const at = (ms: number) => vi.advanceTimersByTimeAsync(start + ms - Date.now());

    state.down = true;
    a.set(true);
    b.set(true);
    state.down = false;
    // B's probe finds Redis back first, A's one probe interval later.
    await at(1_100);
    b.set(false);
    await at(1_100 + PROBE_MS);
    a.set(false);
    // B has recovered (a window and two probe intervals); A, a probe interval later, has not.
    await at(1_100 + WINDOW_MS + 2 * PROBE_MS + 10);
    for (let i = 0; i < LIMIT; i++) await b.send();
    // Redis refuses writes again: A falls back straight from recovering.
    state.down = true;
    const aSends = (async () => {
      for (let i = 0; i < 5; i++) await a.send();
    })();
    await vi.advanceTimersByTimeAsync(5 * WINDOW_MS);
    await aSends;

    expect(sent).toHaveLength(LIMIT + 5);
    const busiest = Math.max(
      ...sent.map((t) => sent.filter((u) => u >= t && u < t + WINDOW_MS).length),
    );
    expect(busiest).toBe(LIMIT);
  });
});
