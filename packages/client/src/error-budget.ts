import { checkOptionalFunction, realMonotonicNow } from '@admin-api/auth/internal';
import {
  type ErrorBudgetConfig,
  type ErrorBudgetOptions,
  resolveErrorBudgetOptions,
} from './error-budget-options.js';
import { createErrorWindow, type ErrorCountBucket, type ErrorCounts } from './error-window.js';

/**
 * Where an error budget's counts are shared, e.g. by a fleet's processes through Redis. The
 * store counts on its own clock, so processes with skewed clocks agree on the window.
 */
export interface ErrorCountStore {
  /**
   * Adds `added` (this process's answers since its last exchange) to the app's counts and
   * answers the app's counts of the last `windowMs`, oldest first.
   */
  exchange(added: ErrorCounts, windowMs: number): Promise<readonly ErrorCountBucket[]>;
}

/** Which rule refused a call: see {@link ErrorBudgetOptions}. */
export type ErrorBudgetRule = 'repeated_failure' | 'error_rate';

/** Why a call is not sent, and for how long the same call would be refused. */
export interface ErrorBudgetRefusal {
  readonly rule: ErrorBudgetRule;
  readonly retryAfterMs: number;
}

/** A call as the budget tells calls apart. */
export interface BudgetedCall {
  /** Identical requests (document, variables, operation) have the same key. */
  readonly requestKey: string;
  /** The operation's type and name: its recent answers decide whether it may spend the last errors. */
  readonly operationKey: string;
}

/** What the service answered to an attempt, as the budget counts it. */
export interface BudgetedAnswer {
  /** The service counts it as an error: HTTP 4xx or 5xx, or GraphQL `errors`. */
  readonly failed: boolean;
  /** It failed for the caller's own fault, so sending it again unchanged fails again. */
  readonly callerFault: boolean;
}

/**
 * The app's error budget: consulted before each attempt and told of each answer. One budget may
 * be shared by several clients of one app (`createAdminClient({ errorBudget })`), e.g. one per
 * store or per token provider, since the service counts the app's errors across all of them.
 */
export interface ErrorBudget {
  /** Whether an attempt of `call` may be sent now; a refusal says which rule and for how long. */
  check(call: BudgetedCall): ErrorBudgetRefusal | undefined;
  /** Counts the service's answer to an attempt of `call`. */
  record(call: BudgetedCall, answer: BudgetedAnswer): void;
}

/** Options of {@link createErrorBudget}. */
export interface CreateErrorBudgetOptions extends ErrorBudgetOptions {
  /** Shares the counts, e.g. a fleet's `errorCounts(clientId)`. @default counts of this process */
  counts?: ErrorCountStore | undefined;
  /** Clock the windows and cooldowns are measured on; it must not jump. @default performance.now */
  monotonicNow?: (() => number) | undefined;
}

/** Distinct failing requests remembered for the repeat rule: the oldest is forgotten first. */
const MAX_REMEMBERED_REQUESTS = 10_000;
/** Operations whose recent answers are remembered. */
const MAX_REMEMBERED_OPERATIONS = 1_000;
/** Answers remembered per operation. */
const ANSWERS_PER_OPERATION = 16;
/** A process shares its counts at most this often, and learns the fleet's as often. */
const SHARE_INTERVAL_MS = 100;

interface RepeatState {
  failures: number;
  strikes: number;
  refusedUntil: number;
}

/** Adds `value` under `key`, forgetting the oldest entry when `map` holds `limit` already. */
function remember<T>(map: Map<string, T>, key: string, value: T, limit: number): void {
  map.delete(key);
  if (map.size >= limit) {
    const [oldest] = map.keys();
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

/**
 * Creates an error budget (see {@link ErrorBudgetOptions} for its rules). `createAdminClient`
 * makes one of its own unless given one or `errorBudget: false`; make one yourself to share it
 * between clients of one app.
 *
 * @example
 * const errorBudget = createErrorBudget({ maxErrorRate: 0.1 });
 * const orders = createAdminClient({ ...credentials, errorBudget });
 * const products = createAdminClient({ ...credentials, errorBudget });
 */
export function createErrorBudget(options: CreateErrorBudgetOptions = {}): ErrorBudget {
  checkOptionalFunction('monotonicNow', options.monotonicNow);
  return errorBudgetFromConfig(
    resolveErrorBudgetOptions(options),
    options.monotonicNow ?? realMonotonicNow,
    options.counts,
  );
}

/** {@link createErrorBudget} for options already checked. */
export function errorBudgetFromConfig(
  config: ErrorBudgetConfig,
  now: () => number,
  counts: ErrorCountStore | undefined,
): ErrorBudget {
  const { windowMs, maxErrorRate, freeErrors, maxRepeats, cooldownMs } = config;
  const window = createErrorWindow(windowMs);
  const repeats = new Map<string, RepeatState>();
  const operations = new Map<string, { at: number; failed: boolean }[]>();
  // One more error would still be within the budget.
  const roomForOneMore = ({ requests, errors }: ErrorCounts) =>
    errors + 1 <= Math.max(maxErrorRate * (requests + 1), freeErrors);
  const failing = (operationKey: string, at: number) => {
    const answers = operations.get(operationKey)?.filter((answer) => answer.at > at - windowMs);
    if (!answers?.length) return false;
    const failures = answers.filter((answer) => answer.failed).length;
    return failures > 0 && failures / answers.length > maxErrorRate;
  };

  // Counts not yet shared, the exchange under way, and whether an error waits for the next.
  let unshared = { requests: 0, errors: 0 };
  let exchanging = false;
  let errorWaiting = false;
  let lastExchange = Number.NEGATIVE_INFINITY;
  // An error is shared at once, so that the fleet learns of it before spending the last ones;
  // answers without one wait for the interval.
  const share = (urgent = false) => {
    const at = now();
    if (!counts) return;
    if (exchanging) {
      errorWaiting ||= urgent;
      return;
    }
    if (!urgent && at - lastExchange < SHARE_INTERVAL_MS) return;
    exchanging = true;
    errorWaiting = false;
    lastExchange = at;
    const sent = unshared;
    unshared = { requests: 0, errors: 0 };
    counts
      .exchange(sent, windowMs)
      .then(
        (shared) => {
          const arrived = now();
          window.replace(arrived, shared);
          // What this process counted while the exchange was under way is not in the answer.
          window.add(arrived, unshared.requests, unshared.errors);
        },
        () => {
          // The store failed: the counts wait for the next exchange; meanwhile they are counted
          // on top of the last the store answered.
          unshared = {
            requests: unshared.requests + sent.requests,
            errors: unshared.errors + sent.errors,
          };
        },
      )
      .finally(() => {
        exchanging = false;
        if (errorWaiting) share(true);
      });
  };

  return {
    check({ requestKey, operationKey }) {
      const at = now();
      share();
      const repeat = repeats.get(requestKey);
      if (repeat && repeat.refusedUntil > at) {
        return { rule: 'repeated_failure', retryAfterMs: Math.ceil(repeat.refusedUntil - at) };
      }
      if (!roomForOneMore(window.tally(at)) && failing(operationKey, at)) {
        return {
          rule: 'error_rate',
          retryAfterMs: Math.max(1, Math.ceil(window.whenFits(at, roomForOneMore) - at)),
        };
      }
      return undefined;
    },

    record({ requestKey, operationKey }, { failed, callerFault }) {
      const at = now();
      const errors = failed ? 1 : 0;
      window.add(at, 1, errors);
      if (counts) {
        unshared = { requests: unshared.requests + 1, errors: unshared.errors + errors };
        share(failed);
      }
      const answers = operations.get(operationKey) ?? [];
      answers.push({ at, failed });
      if (answers.length > ANSWERS_PER_OPERATION) answers.shift();
      remember(operations, operationKey, answers, MAX_REMEMBERED_OPERATIONS);

      if (!failed) {
        repeats.delete(requestKey);
        return;
      }
      if (!callerFault) return;
      const repeat = repeats.get(requestKey) ?? { failures: 0, strikes: 0, refusedUntil: 0 };
      repeat.failures++;
      if (repeat.failures >= maxRepeats) {
        repeat.refusedUntil = at + Math.min(cooldownMs * 2 ** repeat.strikes, windowMs);
        repeat.strikes++;
        // After the cooldown, one more failure refuses it again.
        repeat.failures = maxRepeats - 1;
      }
      remember(repeats, requestKey, repeat, MAX_REMEMBERED_REQUESTS);
    },
  };
}
