import { checkInteger } from './check-options.js';
import type { AppBlock } from './error-blocks.js';
import { EmulatorOptionError } from './errors.js';

/**
 * One rule of the service's error-rate blocks: once the app's requests in the last `windowMs`
 * are at least `minRequests` and their share of errors reaches `errorRate`, the app is blocked
 * for `blockMs`.
 */
export interface ErrorBlockRule {
  /** `{ above: 0.25 }`: more than 25% errors; `{ atLeast: 0.6 }`: 60% or more. */
  readonly errorRate: { readonly above: number } | { readonly atLeast: number };
  /** The sliding window the rule counts in, in milliseconds: a positive integer. */
  readonly windowMs: number;
  /** Fewest requests in the window for the rule to apply: a positive integer. */
  readonly minRequests: number;
  /** How long the block lasts, in milliseconds, or `'permanent'` (until `reset()` or a restart). */
  readonly blockMs: number | 'permanent';
}

/** The service's error-rate blocks as the emulator enforces them: `startEmulator({ errorBlocks })`. */
export interface ErrorBlockOptions {
  /** The rules; `[]` blocks nothing. @default SERVICE_ERROR_BLOCK_RULES */
  rules?: readonly ErrorBlockRule[];
  /** Hears of every block as it starts (the CLI prints one line each); a listener that throws is ignored. */
  onBlock?: (block: AppBlock) => void;
}

/** {@link ErrorBlockOptions} with the defaults filled in. */
export interface ErrorBlockConfig {
  readonly rules: readonly ErrorBlockRule[];
  readonly onBlock: ((block: AppBlock) => void) | undefined;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The service's rules, from public notes on its rate-limit page (second-hand): above 25% errors
 * over an hour blocks for an hour; at 60% or more, over 300 requests in an hour blocks for 30
 * minutes, over 3,000 in a day for 12 hours, over 9,000 in five days for good. The notes give
 * no volume for the first rule; the emulator assumes the hour's own, over 300 requests, so that
 * a few failures among a few requests block nothing.
 */
export const SERVICE_ERROR_BLOCK_RULES: readonly ErrorBlockRule[] = Object.freeze(
  (
    [
      { errorRate: { above: 0.25 }, windowMs: HOUR_MS, minRequests: 301, blockMs: HOUR_MS },
      { errorRate: { atLeast: 0.6 }, windowMs: HOUR_MS, minRequests: 301, blockMs: 30 * MINUTE_MS },
      { errorRate: { atLeast: 0.6 }, windowMs: DAY_MS, minRequests: 3_001, blockMs: 12 * HOUR_MS },
      {
        errorRate: { atLeast: 0.6 },
        windowMs: 5 * DAY_MS,
        minRequests: 9_001,
        blockMs: 'permanent',
      },
    ] as const
  ).map(freezeRule),
);

/** A copy of `rule` that no later change to the one given can reach. */
function freezeRule(rule: ErrorBlockRule): ErrorBlockRule {
  return Object.freeze({ ...rule, errorRate: Object.freeze({ ...rule.errorRate }) });
}

const RULE_SHAPE = '{ errorRate: { above } | { atLeast }, windowMs, minRequests, blockMs }';

function checkErrorRate(name: string, value: unknown): void {
  const given = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const keys = Object.keys(given);
  const [key] = keys;
  const rate = key === undefined ? undefined : given[key];
  const usable =
    keys.length === 1 &&
    typeof rate === 'number' &&
    ((key === 'above' && rate >= 0 && rate < 1) || (key === 'atLeast' && rate > 0 && rate <= 1));
  if (!usable) {
    throw new EmulatorOptionError(
      `"${name}" must be { above: r } (0 ≤ r < 1) or { atLeast: r } (0 < r ≤ 1), e.g. { above: 0.25 }`,
    );
  }
}

/** Throws an {@link EmulatorOptionError} for the first unusable field of `errorBlocks`. */
export function checkErrorBlockOptions(errorBlocks: unknown): void {
  if (errorBlocks === false) return;
  if (typeof errorBlocks !== 'object' || errorBlocks === null) {
    throw new EmulatorOptionError(`"errorBlocks" must be false or { rules?, onBlock? }`);
  }
  const { rules, onBlock } = errorBlocks as Record<string, unknown>;
  if (rules !== undefined) {
    if (!Array.isArray(rules)) {
      throw new EmulatorOptionError(`"errorBlocks.rules" must be an array of ${RULE_SHAPE}`);
    }
    rules.forEach((rule: unknown, i) => {
      const name = `errorBlocks.rules[${i}]`;
      if (typeof rule !== 'object' || rule === null) {
        throw new EmulatorOptionError(`"${name}" must be ${RULE_SHAPE}`);
      }
      const { errorRate, windowMs, minRequests, blockMs } = rule as Record<string, unknown>;
      checkErrorRate(`${name}.errorRate`, errorRate);
      checkInteger(`${name}.windowMs`, windowMs, {
        min: 1,
        example: HOUR_MS,
        unit: 'milliseconds',
      });
      checkInteger(`${name}.minRequests`, minRequests, { min: 1, example: 301 });
      if (blockMs !== 'permanent') {
        checkInteger(`${name}.blockMs`, blockMs, {
          min: 1,
          example: HOUR_MS,
          unit: 'milliseconds',
        });
      }
    });
  }
  if (onBlock !== undefined && typeof onBlock !== 'function') {
    throw new EmulatorOptionError(`"errorBlocks.onBlock" must be a function`);
  }
}

/** The checked options with their defaults; `undefined` when blocks are off. */
export function resolveErrorBlocks(
  errorBlocks: ErrorBlockOptions | false = {},
): ErrorBlockConfig | undefined {
  if (errorBlocks === false) return undefined;
  return {
    rules: Object.freeze((errorBlocks.rules ?? SERVICE_ERROR_BLOCK_RULES).map(freezeRule)),
    onBlock: errorBlocks.onBlock,
  };
}
