import { ERROR_WINDOW_BUCKETS } from './error-budget-options.js';

/** Answered requests and the errors among them. */
export interface ErrorCounts {
  readonly requests: number;
  readonly errors: number;
}

/** The counts of a stretch of a window that began `ageMs` ago (0 for one that began now). */
export interface ErrorCountBucket extends ErrorCounts {
  readonly ageMs: number;
}

interface Bucket {
  start: number;
  requests: number;
  errors: number;
}

/**
 * Counts of the last `windowMs`, in buckets of a sixtieth of it, never in the app's favour: a
 * bucket's errors count while any part of it is inside the window, its requests only while all
 * of it is. So the error rate is never below the truth, by at most a bucket's worth each way.
 * Times are on a monotonic clock.
 */
export function createErrorWindow(windowMs: number) {
  const bucketMs = windowMs / ERROR_WINDOW_BUCKETS;
  let buckets: Bucket[] = [];
  const forgetOld = (at: number) => {
    const first = buckets.findIndex((bucket) => bucket.start + bucketMs > at - windowMs);
    if (first !== 0) buckets = first === -1 ? [] : buckets.slice(first);
  };
  const countsAt = (at: number): ErrorCounts => {
    let requests = 0;
    let errors = 0;
    for (const bucket of buckets) {
      if (bucket.start + bucketMs <= at - windowMs) continue;
      errors += bucket.errors;
      if (bucket.start >= at - windowMs) requests += bucket.requests;
    }
    return { requests, errors };
  };

  return {
    add(at: number, requests: number, errors: number): void {
      const last = buckets.at(-1);
      if (last && at < last.start + bucketMs && at >= last.start) {
        last.requests += requests;
        last.errors += errors;
      } else {
        buckets.push({ start: at, requests, errors });
      }
      forgetOld(at);
    },

    tally(at: number): ErrorCounts {
      forgetOld(at);
      return countsAt(at);
    },

    /** Takes the counts a shared store answered at `at`, oldest first, in place of its own. */
    replace(at: number, shared: readonly ErrorCountBucket[]): void {
      buckets = shared.map(({ ageMs, requests, errors }) => ({
        start: at - ageMs,
        requests,
        errors,
      }));
      forgetOld(at);
    },

    /**
     * The earliest time, from `at` on, at which `fits` holds of the window's counts as buckets
     * leave it and nothing new arrives; `at + windowMs` at the latest.
     */
    whenFits(at: number, fits: (counts: ErrorCounts) => boolean): number {
      forgetOld(at);
      if (fits(countsAt(at))) return at;
      // The counts change only when a bucket starts or ends leaving the window.
      const moments = buckets
        .flatMap((bucket) => [bucket.start + windowMs, bucket.start + bucketMs + windowMs])
        .filter((moment) => moment > at)
        .sort((a, b) => a - b);
      for (const moment of moments) {
        // Read a millisecond after: a bucket's requests leave just after its start does.
        if (fits(countsAt(moment + 1))) return moment + 1;
      }
      return at + windowMs;
    },
  };
}

export type ErrorWindow = ReturnType<typeof createErrorWindow>;
