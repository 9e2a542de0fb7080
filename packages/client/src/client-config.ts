import type { SetTimer } from '@admin-api/auth';
import {
  checkDurationMs,
  checkFalseOrObject,
  checkOptionalBoolean,
  checkOptionalFunction,
  checkOptionalImplementation,
  checkPositiveInteger,
  envVariableOf,
  graphqlEndpointUrl,
  realMonotonicNow,
  realSetTimer,
} from '@admin-api/auth/internal';
import type { AdminApiEventListener } from './admin-api-events.js';
import { withDebugEvents } from './debug-events.js';
import type { ErrorBudget } from './error-budget.js';
import {
  type ErrorBudgetConfig,
  type ErrorBudgetOptions,
  resolveErrorBudgetOptions,
} from './error-budget-options.js';
import { type RateLimitConfig, type RateLimitOptions, resolveRateLimit } from './pacer.js';
import type { RateLimiter } from './rate-limiter.js';
import { type RetryConfig, type RetryOptions, resolveRetryConfig } from './retry-policy.js';

/** Default time budget of one HTTP attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * Default cap on a successful GraphQL answer: far above any real page (200 items), far below
 * what would exhaust a server's memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

/** Options shared by both ways of supplying tokens. */
export interface AdminClientBaseOptions {
  /** Origin of the GraphQL host, e.g. `https://api.myikas.com`. Not the token host. */
  baseUrl: string;
  /** A `fetch` implementation, used for GraphQL and token requests. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Time budget of one HTTP attempt, at most 2^31 − 1. @default 30000 */
  timeoutMs?: number;
  /** Retry budgets; `false` turns retries off (a 401 still refreshes the token once). */
  retry?: RetryOptions | false;
  /**
   * Client-side request budget; `false` turns pacing off. With a `fleet`, the budget the whole
   * fleet shares (the fleet's own `rateLimit` when absent).
   * @default 50 requests per 10 s
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * Paces the client instead of its own pacer, e.g. one `createPacer(...)` shared by several
   * clients of the app. Not together with `rateLimit`: give the budget to the limiter.
   * @default a pacer for `rateLimit`
   */
  rateLimiter?: RateLimiter | undefined;
  /**
   * Keeps the app's errors below the service's error-rate blocks (see the README's "Error
   * budget"): identical requests that keep failing for the caller's own fault are refused for a
   * cooldown, and once errors reach `maxErrorRate` of the window, operations that have been
   * failing are refused until it passes. Refusals are `ErrorBudgetError`s, never sent. Options,
   * or one `createErrorBudget(...)` shared by several clients of the app; `false` turns it off.
   * With a `fleet`, its processes share the counts.
   * @default an hour's window, at most 20% errors
   */
  errorBudget?: ErrorBudgetOptions | ErrorBudget | false | undefined;
  /**
   * Receives every {@link AdminApiEvent}: the client's (`graphql_*`), those of the token
   * provider it creates (`token_*`, `refresh_failed`) and, with a `fleet`, the fleet's
   * (`fleet_*`). Never given the secret or a token; exceptions it throws are swallowed.
   */
  onEvent?: AdminApiEventListener | undefined;
  /**
   * Largest successful answer read, in bytes; a larger one is `INVALID_RESPONSE`. Error answers
   * are always cut at 8 KiB.
   * @default 52428800 (50 MiB)
   */
  maxResponseBytes?: number;
  /** Allows plain `http://` to non-loopback hosts. Only for trusted networks. @default false */
  allowInsecureHttp?: boolean;
  /**
   * Wall clock, epoch ms, for what is wall-clock by nature: token expiry (shared with the token
   * provider the client creates) and `Retry-After` HTTP dates, each turned into a wait once, on
   * receipt. No wait is measured on it: see `monotonicNow`.
   * @default Date.now
   */
  now?: () => number;
  /**
   * Clock every wait of the client is measured on: pacing windows, the pause after a 429, the
   * token provider's backoff and request budget, and event durations. Only differences of it are
   * used, so it must not jump when the wall clock is set (a step back would hold calls for as
   * long, a step forward would release a burst). Tests pass a virtual one with `setTimer`.
   * @default performance.now
   */
  monotonicNow?: () => number;
  /**
   * Timer for the client's own waits (pacing, backoff, `Retry-After`), e.g. a virtual one in
   * tests, with `monotonicNow` reading the same virtual time. Request timeouts always use real
   * time.
   * @default setTimeout
   */
  setTimer?: SetTimer;
}

/** {@link AdminClientBaseOptions} checked, with the defaults filled in. */
export interface ClientConfig {
  readonly endpoint: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly retry: RetryConfig;
  readonly rateLimit: RateLimitConfig | undefined;
  /** Only when given as an option; the client makes its pacer otherwise. */
  readonly rateLimiter: RateLimiter | undefined;
  /** A budget given as an option, or the config of the client's own; `undefined` when off. */
  readonly errorBudget: ErrorBudget | ErrorBudgetConfig | undefined;
  readonly onEvent: AdminApiEventListener | undefined;
  readonly maxResponseBytes: number;
  readonly allowInsecureHttp: boolean;
  readonly now: () => number;
  readonly monotonicNow: () => number;
  readonly setTimer: SetTimer;
}

/**
 * Resolves the options once, at creation; a mistake throws a ConfigurationError naming it, and
 * never showing `secrets`.
 */
export function resolveClientConfig(
  options: AdminClientBaseOptions,
  secrets: readonly string[] = [],
): ClientConfig {
  checkOptionTypes(options);
  const allowInsecureHttp = options.allowInsecureHttp ?? false;
  return {
    endpoint: graphqlEndpointUrl(options.baseUrl, {
      allowInsecureHttp,
      variable: envVariableOf(options, 'baseUrl'),
      secrets,
    }).href,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: checkDurationMs('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    retry: resolveRetryConfig(options.retry),
    rateLimit: options.rateLimit === false ? undefined : resolveRateLimit(options.rateLimit ?? {}),
    rateLimiter: options.rateLimiter,
    errorBudget: resolveErrorBudget(options.errorBudget),
    onEvent: withDebugEvents(options.onEvent),
    maxResponseBytes: checkPositiveInteger(
      'maxResponseBytes',
      options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    ),
    allowInsecureHttp,
    now: options.now ?? Date.now,
    monotonicNow: options.monotonicNow ?? realMonotonicNow,
    setTimer: options.setTimer ?? realSetTimer,
  };
}

/** A given budget, the checked options of the client's own, or `undefined` for `false`. */
function resolveErrorBudget(
  option: AdminClientBaseOptions['errorBudget'],
): ErrorBudget | ErrorBudgetConfig | undefined {
  if (option === false) return undefined;
  checkFalseOrObject('errorBudget', option, '{ maxErrorRate: 0.2 }');
  if (isErrorBudget(option)) return option;
  return resolveErrorBudgetOptions(option);
}

/** A budget made by `createErrorBudget` (or one of your own), not options for one. */
export function isErrorBudget(value: unknown): value is ErrorBudget {
  const budget = value as Partial<ErrorBudget> | undefined;
  return typeof budget?.admit === 'function' && typeof budget.record === 'function';
}

/**
 * Options of the wrong type are refused, not read as something else: `rateLimit: 'off'` would
 * otherwise pace with the defaults and `allowInsecureHttp: 'false'` would allow plain http.
 */
function checkOptionTypes(options: AdminClientBaseOptions): void {
  checkOptionalFunction('fetch', options.fetch);
  checkFalseOrObject('retry', options.retry, '{ retries: 2 }');
  checkFalseOrObject('rateLimit', options.rateLimit, '{ limit: 50, windowMs: 10000 }');
  checkOptionalImplementation('rateLimiter', options.rateLimiter, ['acquire', 'pauseFor']);
  checkOptionalBoolean('rateLimiter.honorsMaxPauseMs', options.rateLimiter?.honorsMaxPauseMs);
  checkOptionalFunction('onEvent', options.onEvent);
  checkOptionalBoolean('allowInsecureHttp', options.allowInsecureHttp);
  checkOptionalFunction('now', options.now);
  checkOptionalFunction('monotonicNow', options.monotonicNow);
  checkOptionalFunction('setTimer', options.setTimer);
}
