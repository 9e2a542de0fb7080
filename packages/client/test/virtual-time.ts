import type { SetTimer } from '../src/index.js';

/**
 * A clock for tests in which waiting costs nothing: a timer fires on the next turn of the event
 * loop and moves the clock to its due time, earliest first. Real I/O takes no virtual time, so
 * what a test asserts about time (a wait of at least 1 s, three pacing windows) is exact and
 * does not depend on how loaded the machine is.
 */
export interface VirtualTime {
  now: () => number;
  /** The same virtual time, as the client's monotonic clock (`monotonicNow`). */
  monotonicNow: () => number;
  setTimer: SetTimer;
  /** Moves the clock forward, e.g. to expire tokens. */
  advance(ms: number): void;
  /** Every delay a timer was set for, in order. */
  readonly delays: readonly number[];
}

export function createVirtualTime(start = Date.UTC(2026, 10, 22)): VirtualTime {
  let time = start;
  let sequence = 0;
  let draining = false;
  const timers: { due: number; order: number; callback: () => void }[] = [];
  const delays: number[] = [];

  const drain = () => {
    draining = false;
    timers.sort((a, b) => a.due - b.due || a.order - b.order);
    const next = timers.shift();
    if (!next) return;
    time = Math.max(time, next.due);
    next.callback();
    schedule();
  };
  const schedule = () => {
    if (draining || timers.length === 0) return;
    draining = true;
    setImmediate(drain);
  };

  return {
    now: () => time,
    monotonicNow: () => time,
    setTimer(callback, delayMs) {
      const timer = { due: time + delayMs, order: sequence++, callback };
      delays.push(delayMs);
      timers.push(timer);
      schedule();
      return () => {
        const index = timers.indexOf(timer);
        if (index >= 0) timers.splice(index, 1);
      };
    },
    advance(ms) {
      time += ms;
    },
    delays,
  };
}
