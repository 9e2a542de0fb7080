/** Where a run's time goes, phase by phase, for `--timings`. */
export interface PhaseClock {
  /** Ends the current phase under `name` (added to an earlier phase of that name) and starts the next. */
  lap(name: string): void;
  /** `startup 180 ms, config 40 ms, …` */
  summary(): string;
}

/** A clock whose first phase started at `startedAt` (a `performance.now()` reading). */
export function createPhaseClock(startedAt: number): PhaseClock {
  // In the order each phase first ended: a phase may resume later (the schema, built when needed).
  const phases = new Map<string, number>();
  let last = startedAt;
  return {
    lap(name) {
      const now = performance.now();
      phases.set(name, (phases.get(name) ?? 0) + now - last);
      last = now;
    },
    summary: () => [...phases].map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', '),
  };
}

/** A clock that records nothing. */
export const NO_CLOCK: PhaseClock = { lap: () => {}, summary: () => '' };
