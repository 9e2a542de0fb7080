import type { SetTimer } from '@admin-api/auth';

/**
 * A clock only the test moves: timers set on it fire when `advance` passes their due time, in
 * order, never on their own. Real I/O (loopback HTTP) takes no time on it, so a test says exactly
 * when a deadline falls, whatever the machine's load.
 */
export interface ManualTime {
  /** Virtual milliseconds; also the handler's `monotonicNow` and a dedupe store's `now`. */
  now: () => number;
  setTimer: SetTimer;
  /** Resolves after `ms` of virtual time. */
  sleep(ms: number): Promise<void>;
  /** Moves the clock `ms` on, firing each timer due by then in turn, and lets its work run. */
  advance(ms: number): Promise<void>;
  /** Resolves once at least `count` timers are pending: what a test waits for before it advances. */
  pending(count: number): Promise<void>;
  /** How many timers are pending. */
  readonly size: number;
}

export function createManualTime(start = 1_000_000): ManualTime {
  let time = start;
  let sequence = 0;
  const timers: { due: number; order: number; callback: () => void }[] = [];
  const watchers = new Set<() => void>();
  const setTimer: SetTimer = (callback, delayMs) => {
    const timer = { due: time + Math.max(0, delayMs), order: sequence++, callback };
    timers.push(timer);
    for (const watch of [...watchers]) watch();
    return () => {
      const index = timers.indexOf(timer);
      if (index >= 0) timers.splice(index, 1);
    };
  };
  /** A few turns of the event loop: enough for promise chains that wait on no I/O. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return {
    now: () => time,
    setTimer,
    sleep: (ms) => new Promise<void>((resolve) => setTimer(resolve, ms)),
    async advance(ms) {
      const until = time + ms;
      await settle();
      for (;;) {
        timers.sort((a, b) => a.due - b.due || a.order - b.order);
        const next = timers[0];
        if (!next || next.due > until) break;
        timers.shift();
        time = next.due;
        next.callback();
        await settle();
      }
      time = until;
      await settle();
    },
    pending: (count) =>
      new Promise<void>((resolve) => {
        const watch = () => {
          if (timers.length < count) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
        watch();
      }),
    get size() {
      return timers.length;
    },
  };
}
