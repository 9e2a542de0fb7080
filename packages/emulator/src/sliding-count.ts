/** Requests and errors in a window. */
export interface Tally {
  readonly requests: number;
  readonly errors: number;
}

/** Steps a window is counted in: memory stays bounded however many requests come. */
const STEPS_PER_WINDOW = 1_000;

/**
 * Requests and errors in the last `windowMs` (the requests at `t` with `now - windowMs < t ≤
 * now`), counted in steps of a thousandth of the window: exact to the millisecond for a window
 * of up to a second, as a test's scaled-down window is, and 3.6 s steps for an hour. A step
 * counts while any of its milliseconds is in the window, so a request stays counted at most one
 * step longer, never shorter. A clock stepped back counts into the latest step.
 */
export function createSlidingCount(windowMs: number) {
  const stepMs = Math.max(1, Math.floor(windowMs / STEPS_PER_WINDOW));
  const steps: { index: number; requests: number; errors: number }[] = [];
  let head = 0;
  let requests = 0;
  let errors = 0;

  const forget = (now: number) => {
    // The last millisecond of step i is (i + 1) × stepMs − 1; it is in the window while > now − windowMs.
    const oldest = Math.floor((now - windowMs + 1) / stepMs);
    while (head < steps.length && (steps[head]?.index ?? oldest) < oldest) {
      const step = steps[head++] as (typeof steps)[number];
      requests -= step.requests;
      errors -= step.errors;
    }
    if (head > 64 && head * 2 > steps.length) {
      steps.splice(0, head);
      head = 0;
    }
  };

  return {
    add(now: number, failed: boolean): void {
      forget(now);
      const index = Math.floor(now / stepMs);
      let last = steps[steps.length - 1];
      if (!last || head === steps.length || last.index < index) {
        last = { index, requests: 0, errors: 0 };
        steps.push(last);
      }
      last.requests++;
      requests++;
      if (failed) {
        last.errors++;
        errors++;
      }
    },
    tally(now: number): Tally {
      forget(now);
      return { requests, errors };
    },
    clear(): void {
      steps.length = 0;
      head = 0;
      requests = 0;
      errors = 0;
    },
  };
}

export type SlidingCount = ReturnType<typeof createSlidingCount>;
