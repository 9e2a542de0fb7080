import type { SetTimer } from '../src/index.js';

/** Where the wall clock starts: a whole second, so an HTTP date carries it exactly. */
export const WALL_START = Date.UTC(2026, 10, 22);

/**
 * Two clocks the test moves by hand, as a host's clocks behave: a monotonic one with its timers,
 * which only `advance` moves (firing each timer as it falls due), and a wall clock that follows
 * it but can also be set, back or forward, as NTP or an operator sets a system clock.
 */
export interface SteppedClocks {
  /** The wall clock, epoch ms: the client's `now`. */
  wall: () => number;
  /** The monotonic clock: the client's `monotonicNow`. */
  monotonic: () => number;
  /** Timers on the monotonic clock: the client's `setTimer`. */
  setTimer: SetTimer;
  /** Timers set and not yet fired or cancelled. */
  readonly pending: number;
  /** Moves both clocks forward by `ms`, firing the timers that fall due, earliest first. */
  advance(ms: number): void;
  /** Sets the wall clock `ms` forward (or back, when negative); the monotonic clock stays. */
  stepWall(ms: number): void;
}

export function createSteppedClocks(): SteppedClocks {
  let monotonic = 0;
  let wallOffset = WALL_START;
  let sequence = 0;
  const timers: { due: number; order: number; fire: () => void }[] = [];
  return {
    wall: () => monotonic + wallOffset,
    monotonic: () => monotonic,
    setTimer(fire, delayMs) {
      const timer = { due: monotonic + delayMs, order: sequence++, fire };
      timers.push(timer);
      return () => {
        const index = timers.indexOf(timer);
        if (index >= 0) timers.splice(index, 1);
      };
    },
    get pending() {
      return timers.length;
    },
    advance(ms) {
      const until = monotonic + ms;
      for (;;) {
        timers.sort((a, b) => a.due - b.due || a.order - b.order);
        const next = timers[0];
        if (!next || next.due > until) break;
        timers.shift();
        monotonic = Math.max(monotonic, next.due);
        next.fire();
      }
      monotonic = until;
    },
    stepWall(ms) {
      wallOffset += ms;
    },
  };
}

/** One turn of the event loop: every promise continuation queued so far has run. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
