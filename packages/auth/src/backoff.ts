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

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let unlink: (() => void) | undefined;
    const timer = setTimeout(() => {
      unlink?.();
      resolve();
    }, ms);
    if (signal) {
      unlink = onAbort(signal, () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    }
  });
}
