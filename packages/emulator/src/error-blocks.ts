import type { ErrorBlockConfig } from './error-block-rules.js';
import { formatBlockRule } from './error-block-spec.js';
import { createErrorBlockTracker } from './error-block-tracker.js';

/** Which of the emulator's two apps: the private app (client credentials) or the one installed on stores. */
export type EmulatorApp = 'private' | 'public';

/** A block of an app for its error rate, as `emulator.stats.appBlocks` lists it. */
export interface AppBlock {
  /** The app blocked: the public app is blocked on every store it is installed on. */
  readonly app: EmulatorApp;
  readonly clientId: string;
  /** The rule that started it, as text: `>25%:1h:301:1h` (see `ErrorBlockRule`). */
  readonly rule: string;
  /** When it started: epoch milliseconds on the emulator's clock. */
  readonly since: number;
  /** When it ends, or `null` for a permanent block. */
  readonly until: number | null;
  /** Requests in the rule's window when it started, the last one included. */
  readonly requests: number;
  /** Errors among them. */
  readonly errors: number;
  /** Requests answered with this block so far. */
  refused: number;
}

/** The `extensions.code` of the answer to a blocked app. */
export const APP_BLOCKED = 'APP_BLOCKED';
/** The HTTP status of the answer to a blocked app. */
export const APP_BLOCKED_STATUS = 403;

/** `ms` as an ISO time, or as the number it is when no `Date` can hold it. */
export const isoTime = (ms: number) =>
  Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : String(ms);

/** The body of the answer to a blocked app's request. */
export function appBlockedBody(block: AppBlock) {
  const until = block.until === null ? 'permanently' : `until ${isoTime(block.until)}`;
  return {
    errors: [
      {
        message: `The app is blocked ${until} for its error rate (rule ${block.rule})`,
        extensions: { code: APP_BLOCKED, rule: block.rule, blockedUntil: block.until },
      },
    ],
  };
}

/**
 * The error-rate blocks of a running emulator: the tracker's windows per app, the blocks as
 * the stats show them, and the listener told of each new one.
 */
export function createErrorBlocks(
  config: ErrorBlockConfig,
  deps: { readonly now: () => number; readonly appBlocks: () => AppBlock[] },
) {
  const tracker = createErrorBlockTracker(config.rules, deps.now);
  const shown = new Map<string, AppBlock>();
  const keyOf = (app: EmulatorApp, clientId: string) => `${app} ${clientId}`;
  return {
    /** The block in force on the app now, if any. */
    active(app: EmulatorApp, clientId: string): AppBlock | undefined {
      const key = keyOf(app, clientId);
      return tracker.blockOf(key) ? shown.get(key) : undefined;
    },

    /** Counts one answered request of the app; a block it starts is listed and announced. */
    record(app: EmulatorApp, clientId: string, failed: boolean): void {
      const key = keyOf(app, clientId);
      const started = tracker.record(key, failed);
      const rule = started && config.rules[started.rule];
      if (!started || !rule) return;
      const block: AppBlock = {
        app,
        clientId,
        rule: formatBlockRule(rule),
        since: started.since,
        until: Number.isFinite(started.until) ? started.until : null,
        requests: started.requests,
        errors: started.errors,
        refused: 0,
      };
      shown.set(key, block);
      deps.appBlocks().push(block);
      try {
        config.onBlock?.(block);
      } catch {
        // A listener's failure must not fail the request that started the block.
      }
    },

    /** Lifts every block and empties every window. */
    reset(): void {
      tracker.reset();
      shown.clear();
    },
  };
}

export type ErrorBlocks = ReturnType<typeof createErrorBlocks>;
