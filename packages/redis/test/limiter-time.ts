import type { SetTimer } from '@admin-api/client';

/**
 * A clock and timers for a limiter under test: nothing fires until the test moves the clock, and
 * then every timer due by then fires, earliest first. Redis and HTTP stay real.
 */
export function createManualTime() {
  let clock = 0;
  let sequence = 0;
  const timers: { due: number; order: number; fire: () => void }[] = [];
  const setTimer: SetTimer = (fire, delayMs) => {
    const timer = { due: clock + delayMs, order: sequence++, fire };
    timers.push(timer);
    return () => {
      const index = timers.indexOf(timer);
      if (index >= 0) timers.splice(index, 1);
    };
  };
  return {
    now: () => clock,
    setTimer,
    /** Timers set and neither fired nor cancelled. */
    get pending() {
      return timers.length;
    },
    /** Moves the clock by `ms`, firing each timer due by then. */
    advance(ms: number) {
      const to = clock + ms;
      for (;;) {
        timers.sort((a, b) => a.due - b.due || a.order - b.order);
        const next = timers[0];
        if (!next || next.due > to) break;
        timers.shift();
        clock = Math.max(clock, next.due);
        next.fire();
      }
      clock = to;
    },
  };
}

/** Lets `n` turns of the event loop pass: enough for work that needs no I/O to finish. */
export async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}
