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
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, delayMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
