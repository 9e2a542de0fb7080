import { onAbort } from './on-abort.js';

/** Options for a bounded exponential backoff with full jitter. */
export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Upper bound of any single delay. */
  maxDelayMs: number;
}

/** Full-jitter exponential backoff: a random delay in [base·2^(n-1)/2, base·2^(n-1)], capped. */
export function backoffDelayMs(
  retry: number,
  options: BackoffOptions,
  random = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Schedules `callback` after `delayMs` and returns a function that cancels it. The client uses
 * it for its own waits (pacing, backoff, `Retry-After`); tests pass a virtual one.
 */
export type SetTimer = (callback: () => void, delayMs: number) => () => void;

/**
 * The clock every wait is measured on by default: `performance.now()`, milliseconds since the
 * process started, which never jumps when the system's wall clock is set (NTP, a VM resumed, an
 * operator). Only differences of it mean anything; `Date.now` is for what is wall-clock by
 * nature (token expiry, HTTP dates, event timestamps).
 */
export const realMonotonicNow = (): number => performance.now();

/** {@link SetTimer} on the real `setTimeout`. */
export const realSetTimer: SetTimer = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  return () => clearTimeout(timer);
};

/** Resolves after `ms` on `setTimer`, or rejects with the signal's reason when it aborts first. */
export function sleep(
  ms: number,
  signal?: AbortSignal,
  setTimer: SetTimer = realSetTimer,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let unlink: (() => void) | undefined;
    const cancel = setTimer(() => {
      unlink?.();
      resolve();
    }, ms);
    if (signal) {
      unlink = onAbort(signal, () => {
        cancel();
        reject(signal.reason);
      });
    }
  });
}
