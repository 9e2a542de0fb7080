import { describe, expect, it } from 'vitest';
import { createErrorBlockTracker } from '../src/error-block-tracker.js';
import type { ErrorBlockRule } from '../src/index.js';
import { createSlidingCount } from '../src/sliding-count.js';

const rule = (overrides: Partial<ErrorBlockRule> = {}): ErrorBlockRule => ({
  errorRate: { above: 0.25 },
  windowMs: 1_000,
  minRequests: 8,
  blockMs: 1_000,
  ...overrides,
});

function tracker(rules: readonly ErrorBlockRule[]) {
  let clock = 0;
  const tracked = createErrorBlockTracker(rules, () => clock);
  return {
    tracked,
    step: (ms: number) => {
      clock += ms;
    },
    /** Records `failed` errors and `ok` successes, errors first; the blocks started. */
    send(failed: number, ok = 0) {
      const started = [];
      for (let i = 0; i < failed + ok; i++) {
        const block = tracked.record('app', i < failed);
        if (block) started.push(block);
      }
      return started;
    },
  };
}

describe('createSlidingCount', () => {
  it('counts what came in the last window, to the millisecond', () => {
    const count = createSlidingCount(1_000);
    count.add(0, true);
    count.add(500, false);
    expect(count.tally(999)).toEqual({ requests: 2, errors: 1 });
    expect(count.tally(1_000)).toEqual({ requests: 1, errors: 0 });
    expect(count.tally(1_500)).toEqual({ requests: 0, errors: 0 });
  });

  it('keeps a long window in a thousand steps, a request counted at most one step longer', () => {
    const count = createSlidingCount(3_600_000);
    for (let t = 0; t < 3_600_000; t += 1_000) count.add(t, false);
    expect(count.tally(3_600_000 - 1).requests).toBe(3_600);
    // 3.6 s steps: the step of t = 0 to 3.599 s leaves once all of it is out of the window.
    expect(count.tally(3_600_000 + 3_599).requests).toBe(3_596);
  });
});

describe('createErrorBlockTracker', () => {
  it('blocks once the share of errors is above the rate, from the minimum volume on', () => {
    const { tracked, send } = tracker([rule()]);
    expect(send(2, 5)).toEqual([]);
    expect(send(1)).toMatchObject([{ rule: 0, since: 0, until: 1_000, requests: 8, errors: 3 }]);
    expect(tracked.blockOf('app')).toMatchObject({ until: 1_000 });
    expect(tracked.blockOf('other')).toBeUndefined();
  });

  it('blocks nothing at exactly the rate, or under the minimum volume', () => {
    const { send } = tracker([rule()]);
    expect(send(2, 6)).toEqual([]);
    expect(tracker([rule()]).send(7)).toEqual([]);
  });

  it('counts an "at least" rate as reached at the rate itself', () => {
    const { send } = tracker([rule({ errorRate: { atLeast: 0.6 }, minRequests: 5 })]);
    expect(send(3, 2)).toHaveLength(1);
  });

  it('lifts a block once its time is over', () => {
    const { tracked, send, step } = tracker([rule()]);
    send(8);
    step(999);
    expect(tracked.blockOf('app')).toBeDefined();
    step(1);
    expect(tracked.blockOf('app')).toBeUndefined();
  });

  it('forgets the requests a block was for, so the next ones start afresh', () => {
    const { send, step } = tracker([rule({ windowMs: 10_000 })]);
    send(8);
    step(1_000);
    expect(send(1, 1)).toEqual([]);
  });

  it('keeps counting in longer windows, and the requests into a block count too', () => {
    const short = rule({ errorRate: { atLeast: 0.6 }, minRequests: 5, blockMs: 100 });
    const long = rule({
      errorRate: { atLeast: 0.6 },
      windowMs: 60_000,
      minRequests: 12,
      blockMs: 10_000,
    });
    const { tracked, send, step } = tracker([short, long]);
    expect(send(5)).toMatchObject([{ rule: 0 }]);
    step(100);
    expect(send(5)).toMatchObject([{ rule: 0 }]);
    // Two requests sent into the block: the long window reaches 12 and wins, being longer.
    expect(send(2)).toMatchObject([{ rule: 1, until: 10_100 }]);
    expect(tracked.blockOf('app')).toMatchObject({ rule: 1 });
  });

  it('takes the block that ends last when several rules break at once', () => {
    const { send } = tracker([rule(), rule({ errorRate: { atLeast: 0.6 }, blockMs: 'permanent' })]);
    expect(send(8)).toMatchObject([{ rule: 1, until: Number.POSITIVE_INFINITY }]);
  });

  it('keeps a permanent block until reset', () => {
    const { tracked, send, step } = tracker([rule({ blockMs: 'permanent' })]);
    send(8);
    step(10 * 365 * 86_400_000);
    expect(tracked.blockOf('app')).toBeDefined();
    tracked.reset();
    expect(tracked.blockOf('app')).toBeUndefined();
  });

  it('counts each app apart', () => {
    const { tracked } = tracker([rule()]);
    for (let i = 0; i < 8; i++) tracked.record('a', true);
    for (let i = 0; i < 8; i++) tracked.record('b', false);
    expect(tracked.blockOf('a')).toBeDefined();
    expect(tracked.blockOf('b')).toBeUndefined();
  });
});
