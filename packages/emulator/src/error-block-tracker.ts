import type { ErrorBlockRule } from './error-block-rules.js';
import { createSlidingCount, type SlidingCount, type Tally } from './sliding-count.js';

/** A block a rule started. */
export interface TrackedBlock extends Tally {
  /** Index of the rule in the rules given. */
  readonly rule: number;
  readonly since: number;
  /** When it ends; Infinity for a permanent block. */
  readonly until: number;
}

const breaks = (rule: ErrorBlockRule, { requests, errors }: Tally) =>
  requests >= rule.minRequests &&
  ('above' in rule.errorRate
    ? errors / requests > rule.errorRate.above
    : errors / requests >= rule.errorRate.atLeast);

/**
 * The rules' windows and blocks, per app; pure but for the clock. Every answered request
 * counts, those answered with the block too (the service sees them: an app that keeps sending
 * into a block climbs to the longer rules). When several rules break at once, the block that
 * ends last wins, and it replaces a block in force only if it ends later. A block empties the
 * windows of its rule and of every rule with a window as short or shorter, so the requests that
 * earned it earn no second block of the same length once it ends; longer windows keep them.
 */
export function createErrorBlockTracker(rules: readonly ErrorBlockRule[], now: () => number) {
  const apps = new Map<string, { windows: SlidingCount[]; block: TrackedBlock | undefined }>();
  const stateOf = (app: string) => {
    let state = apps.get(app);
    if (!state) {
      state = { windows: rules.map((rule) => createSlidingCount(rule.windowMs)), block: undefined };
      apps.set(app, state);
    }
    return state;
  };

  return {
    /** The block in force on `app` now, if any. */
    blockOf(app: string): TrackedBlock | undefined {
      const block = apps.get(app)?.block;
      return block && now() < block.until ? block : undefined;
    },

    /** Counts one answered request of `app`; the block it starts, if it starts one. */
    record(app: string, failed: boolean): TrackedBlock | undefined {
      const at = now();
      const state = stateOf(app);
      let found: TrackedBlock | undefined;
      rules.forEach((rule, i) => {
        const window = state.windows[i] as SlidingCount;
        window.add(at, failed);
        const tally = window.tally(at);
        if (!breaks(rule, tally)) return;
        const until = rule.blockMs === 'permanent' ? Number.POSITIVE_INFINITY : at + rule.blockMs;
        if (!found || until > found.until) found = { rule: i, since: at, until, ...tally };
      });
      const current = state.block && at < state.block.until ? state.block : undefined;
      if (!found || (current && current.until >= found.until)) return undefined;
      const windowMs = (rules[found.rule] as ErrorBlockRule).windowMs;
      rules.forEach((rule, i) => {
        if (rule.windowMs <= windowMs) state.windows[i]?.clear();
      });
      state.block = found;
      return found;
    },

    /** Forgets every window and block. */
    reset(): void {
      apps.clear();
    },
  };
}

export type ErrorBlockTracker = ReturnType<typeof createErrorBlockTracker>;
