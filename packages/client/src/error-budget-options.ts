import { ConfigurationError } from '@admin-api/auth';
import { checkCount, checkDurationMs, checkPositiveInteger } from '@admin-api/auth/internal';

/**
 * How much failure the app may show the service. The defaults keep an app below every
 * error-rate block the service is said to apply (see the README's "Error budget").
 */
export interface ErrorBudgetOptions {
  /** The sliding window errors are counted in. @default 3600000 (an hour) */
  windowMs?: number | undefined;
  /**
   * The largest share of errors among the app's requests in any window, as a fraction: the
   * service blocks above 0.25, the default keeps a margin below it.
   * @default 0.2
   */
  maxErrorRate?: number | undefined;
  /**
   * Errors a window may hold whatever the rate, so the few failures of a quiet app refuse
   * nothing. The default keeps the service's day and five-day rules out of reach too.
   * @default 25
   */
  freeErrors?: number | undefined;
  /**
   * Identical requests that failed for the caller's own fault (a 4xx other than 401 and 429, or
   * GraphQL errors) before the next identical one is refused without being sent.
   * @default 3
   */
  maxRepeats?: number | undefined;
  /**
   * How long such a request is refused; doubled each time it fails again after a cooldown, up
   * to `windowMs`. Any other request is sent meanwhile.
   * @default 60000
   */
  cooldownMs?: number | undefined;
}

/** {@link ErrorBudgetOptions} checked, with the defaults filled in. */
export interface ErrorBudgetConfig {
  readonly windowMs: number;
  readonly maxErrorRate: number;
  readonly freeErrors: number;
  readonly maxRepeats: number;
  readonly cooldownMs: number;
}

/** The service's hour, its shortest rule's window. */
export const DEFAULT_ERROR_WINDOW_MS = 3_600_000;
/** Below the service's 25%, with room for the failures no budget can foresee. */
export const DEFAULT_MAX_ERROR_RATE = 0.2;
/**
 * Over 120 windows (five days) this adds at most 3,000 errors to 20% of the requests, which stays
 * under 60% of any 9,001 or more; over a day, 600 under 60% of 3,001 or more; in one hour, with
 * 301 requests or more, the rate decides and stays at 20%.
 */
export const DEFAULT_FREE_ERRORS = 25;
export const DEFAULT_MAX_REPEATS = 3;
export const DEFAULT_COOLDOWN_MS = 60_000;
/** The window is counted in this many buckets: a bucket counts whole while any of it is inside. */
export const ERROR_WINDOW_BUCKETS = 60;

/** Resolves `errorBudget` once, at creation; a mistake throws a ConfigurationError naming it. */
export function resolveErrorBudgetOptions(options: ErrorBudgetOptions = {}): ErrorBudgetConfig {
  const windowMs = checkDurationMs(
    'errorBudget.windowMs',
    options.windowMs ?? DEFAULT_ERROR_WINDOW_MS,
  );
  if (windowMs < ERROR_WINDOW_BUCKETS) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"errorBudget.windowMs" must be at least ${ERROR_WINDOW_BUCKETS} ms (got ${windowMs})`,
    );
  }
  const maxErrorRate = options.maxErrorRate ?? DEFAULT_MAX_ERROR_RATE;
  if (typeof maxErrorRate !== 'number' || !(maxErrorRate > 0 && maxErrorRate < 1)) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"errorBudget.maxErrorRate" must be a fraction above 0 and below 1, e.g. 0.2 (got ${String(maxErrorRate)})`,
    );
  }
  return {
    windowMs,
    maxErrorRate,
    freeErrors: checkCount('errorBudget.freeErrors', options.freeErrors ?? DEFAULT_FREE_ERRORS),
    maxRepeats: checkPositiveInteger(
      'errorBudget.maxRepeats',
      options.maxRepeats ?? DEFAULT_MAX_REPEATS,
    ),
    cooldownMs: checkDurationMs(
      'errorBudget.cooldownMs',
      options.cooldownMs ?? DEFAULT_COOLDOWN_MS,
    ),
  };
}
