import { randomBytes } from 'node:crypto';
import { ConfigurationError } from '@admin-api/auth';
import { checkPositiveInteger } from '@admin-api/auth/internal';
import { type RateLimitConfig, type RateLimitOptions, resolveRateLimit } from '@admin-api/client';
import type { FleetKeys } from './keys.js';
import {
  arrayReply,
  integerReply,
  type RedisScriptClient,
  runScript,
  stringReply,
} from './lua-script.js';
import { ACQUIRE_SLOT, PAUSE_BUDGET, RELEASE_SLOT } from './rate-budget-scripts.js';

/**
 * How long an unreleased slot counts as in flight: longer than any attempt lasts (the client's
 * default timeout is 30 s), so only a process that died mid-request leaves one this long.
 */
export const DEFAULT_MAX_IN_FLIGHT_MS = 60_000;

/** Options of {@link createRateBudget}. */
export interface RateBudgetOptions {
  client: RedisScriptClient;
  keys: Pick<FleetKeys, 'budgetSlots' | 'budgetPause' | 'budgetConfigs'>;
  /** The app's budget, as the client takes it. @default 50 requests per 10 s */
  rateLimit?: RateLimitOptions;
  /**
   * The share of the budget this fleet may use, in (0, 1]: leaves the rest to other users of the
   * app. @default 1
   */
  share?: number;
  /** @default 60000 ({@link DEFAULT_MAX_IN_FLIGHT_MS}) */
  maxInFlightMs?: number;
}

/** A budget as processes record it; all processes of a fleet should agree on it. */
export interface BudgetConfig {
  readonly limit: number;
  readonly windowMs: number;
  readonly share: number;
}

/** A granted slot. */
export interface BudgetSlot {
  readonly id: string;
  /**
   * The response arrived (or the attempt failed): the slot counts for `windowMs` more. Calling it
   * again returns the first call's result.
   */
  release(): Promise<{ readonly released: boolean; readonly releasedAt: number }>;
}

/** What a caller of {@link RateBudget.tryAcquire} knows of the budget's past in Redis. */
export interface AcquireContext {
  /**
   * The generation this process saw recently enough that its keys cannot have expired since (see
   * {@link RateBudget.keysOutliveMs}), or `undefined` to vouch for none. Redis holding another
   * generation, or none, then means it lost the budget's keys: the fleet holds.
   */
  readonly knownGeneration?: string | undefined;
  /** This process's slowest recent request (ms): the first to notice a loss holds a window plus it. */
  readonly slowestMs?: number | undefined;
  /** How long this process's own requests through an earlier generation may still count (ms). */
  readonly pendingMs?: number | undefined;
}

/** The outcome of {@link RateBudget.tryAcquire}. */
export type BudgetAttempt = (
  | { readonly granted: true; readonly slot: BudgetSlot }
  | {
      readonly granted: false;
      /** The earliest a slot can free, or the fleet's pause or hold ends; retry then. */
      readonly waitMs: number;
      /** True when a pause (after a 429), not the window, holds the fleet. */
      readonly paused: boolean;
      /**
       * True when the fleet holds because Redis lost the budget's keys (a flush, a delete, an
       * eviction, a restart without persistence) and the server's window may still be full of
       * requests it forgot. A hold refuses no caller.
       */
      readonly held: boolean;
    }
) & {
  /** Redis time (epoch ms) of the decision: for a grant, when the slot started to count. */
  readonly at: number;
  /** The budget's generation in Redis now: a new one each time its keys are lost. */
  readonly generation: string;
  /** Other budgets in use by live processes of this fleet: a misconfiguration to report. */
  readonly otherConfigs: readonly BudgetConfig[];
  /**
   * What the decision held to: this process's `effectiveLimit` and `windowMs`, or, when live
   * processes disagree, the smallest effective limit of any over the longest window of any.
   */
  readonly applied: { readonly limit: number; readonly windowMs: number };
};

/** One app's rate budget, shared by every process of the fleet. */
export interface RateBudget {
  readonly config: BudgetConfig;
  /** What this process lets the fleet use: `floor(limit × share)`, at least 1. */
  readonly effectiveLimit: number;
  /**
   * The least time the budget's keys live after an acquisition: `windowMs + maxInFlightMs`. A
   * generation seen more recently than this cannot have expired; if Redis no longer has it, it
   * lost it.
   */
  readonly keysOutliveMs: number;
  /** Takes a slot if the window and any pause or hold allow; never waits. */
  tryAcquire(context?: AcquireContext): Promise<BudgetAttempt>;
  /**
   * Holds the whole fleet for `ms` (a 429's Retry-After) from now in Redis time; a longer pause
   * already set stays. Resolves with the pause in force: its end (Redis time) and what remains.
   */
  pauseFor(ms: number): Promise<{ readonly endsAt: number; readonly remainingMs: number }>;
}

function invalid(name: string, rule: string, value: unknown): ConfigurationError {
  return new ConfigurationError('INVALID_OPTION', `"${name}" must be ${rule} (got ${value})`);
}

/** Returns `value` if it is a share of a budget, in (0, 1]; throws a ConfigurationError naming `name` if not. */
export function checkShare(name: string, value: unknown): number {
  if (!(typeof value === 'number' && value > 0 && value <= 1)) {
    throw invalid(name, 'a number in (0, 1], e.g. 0.5', value);
  }
  return value;
}

/**
 * Checks a fleet's budget as the client checks its own (the same bounds, so a value refused only
 * when the fallback pacer starts is refused at creation), and in whole milliseconds, which
 * Redis's scripts count in.
 */
export function checkFleetRateLimit(rateLimit: RateLimitOptions): RateLimitConfig {
  const config = resolveRateLimit(rateLimit);
  checkPositiveInteger('rateLimit.windowMs', config.windowMs);
  return config;
}

/** A duration for a script: whole milliseconds, 0 for anything not a positive finite number. */
function nonNegativeMs(ms: number | undefined): number {
  return ms !== undefined && Number.isFinite(ms) && ms > 0 ? Math.ceil(ms) : 0;
}

function encodeConfig({ limit, windowMs, share }: BudgetConfig): string {
  return `${limit}/${windowMs}/${share}`;
}

function decodeConfig(field: unknown): BudgetConfig | undefined {
  const [limit, windowMs, share] = String(field).split('/').map(Number);
  if (limit === undefined || windowMs === undefined || share === undefined) return undefined;
  return Number.isFinite(limit + windowMs + share) ? { limit, windowMs, share } : undefined;
}

/**
 * Creates the fleet's {@link RateBudget}: a sliding window counted in Redis time by atomic
 * scripts, so however many processes call, no window of the server holds more than
 * `floor(limit × share)` requests of this fleet; and a generation marker beside the slots, so
 * that a Redis that lost them (and would count the window from empty) makes the fleet hold
 * instead.
 */
export function createRateBudget(options: RateBudgetOptions): RateBudget {
  const { client, keys, rateLimit = {} } = options;
  const { limit, windowMs } = checkFleetRateLimit(rateLimit);
  const maxInFlightMs = checkPositiveInteger(
    'maxInFlightMs',
    options.maxInFlightMs ?? DEFAULT_MAX_IN_FLIGHT_MS,
  );
  const share = checkShare('share', options.share ?? 1);
  const config: BudgetConfig = { limit, windowMs, share };
  const effectiveLimit = Math.max(1, Math.floor(limit * share));
  const configField = encodeConfig(config);
  const slotKeys = [keys.budgetSlots, keys.budgetPause, keys.budgetConfigs];
  // Slot ids only need to be unique across the fleet; nothing about the process is in them.
  const processId = randomBytes(8).toString('hex');
  let slotCount = 0;

  const slot = (id: string): BudgetSlot => {
    let released: ReturnType<BudgetSlot['release']> | undefined;
    return {
      id,
      release() {
        released ??= runScript(client, RELEASE_SLOT, [keys.budgetSlots], [id, windowMs]).then(
          (reply) => {
            const [done, at] = arrayReply(RELEASE_SLOT, reply, 2);
            return {
              released: integerReply(RELEASE_SLOT, done) === 1,
              releasedAt: integerReply(RELEASE_SLOT, at),
            };
          },
        );
        return released;
      },
    };
  };

  return {
    config,
    effectiveLimit,

    keysOutliveMs: windowMs + maxInFlightMs,

    async tryAcquire(context = {}) {
      const count = ++slotCount;
      const reply = await runScript(client, ACQUIRE_SLOT, slotKeys, [
        effectiveLimit,
        windowMs,
        maxInFlightMs,
        `${processId}:${count}`,
        configField,
        context.knownGeneration ?? '',
        // Used only if Redis has none: unique across the fleet, like slot ids.
        `${processId}g${count}`,
        nonNegativeMs(context.slowestMs),
        nonNegativeMs(context.pendingMs),
      ]);
      const [
        granted,
        waitMs,
        at,
        paused,
        appliedLimit,
        appliedWindowMs,
        generation,
        held,
        ...others
      ] = arrayReply(ACQUIRE_SLOT, reply, 8);
      const common = {
        at: integerReply(ACQUIRE_SLOT, at),
        generation: stringReply(ACQUIRE_SLOT, generation),
        otherConfigs: others.flatMap((field) => decodeConfig(field) ?? []),
        applied: {
          limit: integerReply(ACQUIRE_SLOT, appliedLimit),
          windowMs: integerReply(ACQUIRE_SLOT, appliedWindowMs),
        },
      };
      if (integerReply(ACQUIRE_SLOT, granted) === 1) {
        return { granted: true, slot: slot(`${processId}:${count}`), ...common };
      }
      return {
        granted: false,
        waitMs: integerReply(ACQUIRE_SLOT, waitMs),
        paused: integerReply(ACQUIRE_SLOT, paused) === 1,
        held: integerReply(ACQUIRE_SLOT, held) === 1,
        ...common,
      };
    },

    async pauseFor(ms) {
      if (!(Number.isFinite(ms) && ms > 0)) throw invalid('ms', 'a positive number', ms);
      const reply = await runScript(client, PAUSE_BUDGET, [keys.budgetPause], [Math.ceil(ms)]);
      const [remaining, at] = arrayReply(PAUSE_BUDGET, reply, 2);
      const remainingMs = integerReply(PAUSE_BUDGET, remaining);
      return { endsAt: integerReply(PAUSE_BUDGET, at) + remainingMs, remainingMs };
    },
  };
}
