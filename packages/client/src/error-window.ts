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
 * Counts of the last `windowMs`, in buckets of a sixtieth of it. A bucket counts whole while any
 * part of it is inside the window, so the counts are never below the truth, by at most one
 * bucket's worth. Times are on a monotonic clock.
 */
export function createErrorWindow(windowMs: number) {
  const bucketMs = windowMs / ERROR_WINDOW_BUCKETS;
  let buckets: Bucket[] = [];
  const inside = (bucket: Bucket, at: number) => bucket.start + bucketMs > at - windowMs;
  const forgetOld = (at: number) => {
    const first = buckets.findIndex((bucket) => inside(bucket, at));
    if (first !== 0) buckets = first === -1 ? [] : buckets.slice(first);
  };

  return {
    bucketMs,

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
      let requests = 0;
      let errors = 0;
      for (const bucket of buckets) {
        requests += bucket.requests;
        errors += bucket.errors;
      }
      return { requests, errors };
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
     * The earliest time, from `at` on, at which `fits` holds of the window's counts, as its
     * oldest buckets leave it and nothing new arrives; `at + windowMs` at the latest.
     */
    whenFits(at: number, fits: (counts: ErrorCounts) => boolean): number {
      let { requests, errors } = this.tally(at);
      if (fits({ requests, errors })) return at;
      for (const bucket of buckets) {
        requests -= bucket.requests;
        errors -= bucket.errors;
        if (fits({ requests, errors })) return bucket.start + bucketMs + windowMs;
      }
      return at + windowMs;
    },
  };
}

export type ErrorWindow = ReturnType<typeof createErrorWindow>;
