import { onAbort } from '@admin-api/auth/internal';

/**
 * Schedules `callback` after `delayMs` and returns a function that cancels it. The client uses
 * it for its own waits (pacing, backoff, `Retry-After`); tests pass a virtual one.
 */
export type SetTimer = (callback: () => void, delayMs: number) => () => void;

/** {@link SetTimer} on the real `setTimeout`. */
export const realSetTimer: SetTimer = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  return () => clearTimeout(timer);
};

/** Resolves after `delayMs` on `setTimer`, or rejects with the signal's reason when it aborts first. */
export function wait(setTimer: SetTimer, delayMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let unlink: (() => void) | undefined;
    const cancel = setTimer(() => {
      unlink?.();
      resolve();
    }, delayMs);
    if (signal) {
      unlink = onAbort(signal, () => {
        cancel();
        reject(signal.reason);
      });
    }
  });
}
