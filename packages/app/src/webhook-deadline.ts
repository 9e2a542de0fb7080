import type { SetTimer } from '@admin-api/auth';

/** What a race against time settles to when the time ran out first. */
export const TIMED_OUT = Symbol('timed out');
export type TimedOut = typeof TIMED_OUT;

/**
 * One delivery's deadline, `ackTimeoutMs` from its arrival: the body's read, the dedupe store's
 * calls and `onEvent` all spend the same time, so the answer never comes later than it.
 */
export interface Deadline {
  /** Milliseconds left; 0 or less once it passed. */
  leftMs(): number;
  /**
   * What `work` settles to, or {@link TIMED_OUT} once the deadline passed first, or `capMs` from
   * now when that comes sooner. The work goes on either way.
   */
  race<T>(work: Promise<T>, capMs?: number): Promise<T | TimedOut>;
  /** Cancels its timer: the delivery was answered. */
  clear(): void;
}

/** Starts a delivery's deadline of `ms`, on the handler's clock and timer. */
export function startDeadline(
  ms: number,
  monotonicNow: () => number,
  setTimer: SetTimer,
): Deadline {
  const at = monotonicNow() + ms;
  let cancel: (() => void) | undefined;
  // One timer for the whole delivery, shared by every step's race.
  const passed = new Promise<TimedOut>((resolve) => {
    cancel = setTimer(() => resolve(TIMED_OUT), ms);
  });
  const leftMs = () => at - monotonicNow();
  return {
    leftMs,
    async race(work, capMs) {
      const left = leftMs();
      if (left <= 0) return forfeit(work);
      if (capMs === undefined || capMs >= left) return Promise.race([work, passed]);
      return within(Promise.race([work, passed]), capMs, setTimer);
    },
    clear: () => cancel?.(),
  };
}

/** What `work` settles to, or {@link TIMED_OUT} once `ms` passed first (the work goes on). */
export async function within<T>(
  work: Promise<T>,
  ms: number,
  setTimer: SetTimer,
): Promise<T | TimedOut> {
  if (ms <= 0) return forfeit(work);
  let cancel: (() => void) | undefined;
  const timeout = new Promise<TimedOut>((resolve) => {
    cancel = setTimer(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    cancel?.();
  }
}

/** No time left: the work goes on unwatched, and a failure of it is nobody's to hear. */
function forfeit(work: Promise<unknown>): TimedOut {
  work.catch(() => {});
  return TIMED_OUT;
}
