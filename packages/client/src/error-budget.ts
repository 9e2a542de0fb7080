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

/** What the budget says of an attempt about to be sent. */
export type ErrorBudgetAdmission =
  /** Send it; the budget holds it as a possible error until {@link ErrorBudget.record}. */
  | { readonly admitted: true }
  /** Do not send it. */
  | { readonly admitted: false; readonly refusal: ErrorBudgetRefusal }
  /**
   * Ask again once this settles: an attempt of the same operation is on its way, and its answer
   * tells whether the operation fails.
   */
  | { readonly admitted: false; readonly wait: Promise<void> };

/**
 * The app's error budget: asked before each attempt is sent and told how each admitted attempt
 * ended. One budget may be shared by several clients of one app (`createAdminClient({
 * errorBudget })`), e.g. one per store or per token provider, since the service counts the app's
 * errors across all of them.
 */
export interface ErrorBudget {
  /** Whether an attempt of `call` may be sent now; admitted, it is held until `record`. */
  admit(call: BudgetedCall): ErrorBudgetAdmission;
  /**
   * How an admitted attempt of `call` ended: the service's answer, or `undefined` when it was
   * never sent. Every admitted attempt is recorded exactly once.
   */
  record(call: BudgetedCall, answer: BudgetedAnswer | undefined): void;
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

/** What the budget knows of one operation: its recent answers and its attempts on their way. */
interface OperationState {
  answers: { at: number; failed: boolean }[];
  inFlight: number;
  /** Callers waiting for the next answer. */
  waiters: (() => void)[];
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
 * between clients of one app (with a fleet, give it the fleet's counts too).
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

/**
 * {@link createErrorBudget} for options already checked.
 *
 * An admitted attempt counts as a request at once, and, unless its operation has been
 * succeeding, as a possible error until its answer: calls sent together cannot spend the same
 * room twice. Once one more error would pass the budget, an operation that has been succeeding
 * is still admitted (its answers raise the requests the rate is counted on); one that has been
 * failing is refused; one with no recent answer waits for the answer of its attempt on the way,
 * and is refused when none is.
 */
export function errorBudgetFromConfig(
  config: ErrorBudgetConfig,
  now: () => number,
  counts: ErrorCountStore | undefined,
): ErrorBudget {
  const { windowMs, maxErrorRate, freeErrors, maxRepeats, cooldownMs } = config;
  const window = createErrorWindow(windowMs);
  const repeats = new Map<string, RepeatState>();
  const operations = new Map<string, OperationState>();
  // Admitted attempts not yet answered: all of them, and those that may fail.
  let inFlight = 0;
  let riskyInFlight = 0;
  // Each call's admitted attempts, with the state they were admitted under (kept even if the
  // operation is forgotten meanwhile, so its waiters are woken).
  const held = new Map<BudgetedCall, { state: OperationState; attempts: number; risky: number }>();

  // One more error would still be within the budget.
  const roomForOneMore = ({ requests, errors }: ErrorCounts) =>
    errors + 1 <= Math.max(maxErrorRate * (requests + 1), freeErrors);
  /** `failing`, `succeeding`, or `unknown` when it has no answer in the window. */
  const standing = (state: OperationState | undefined, at: number) => {
    const answers = state?.answers.filter((answer) => answer.at > at - windowMs) ?? [];
    if (answers.length === 0) return 'unknown';
    const failures = answers.filter((answer) => answer.failed).length;
    return failures / answers.length > maxErrorRate ? 'failing' : 'succeeding';
  };
  const stateOf = (operationKey: string) => {
    let state = operations.get(operationKey);
    if (!state) {
      state = { answers: [], inFlight: 0, waiters: [] };
      remember(operations, operationKey, state, MAX_REMEMBERED_OPERATIONS);
    }
    return state;
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
          // The store failed: the counts wait for the next exchange (counted twice if the
          // store did apply them, never lost); meanwhile they count on top of its last answer.
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

  const refusedFor = (at: number): ErrorBudgetRefusal => ({
    rule: 'error_rate',
    retryAfterMs: Math.max(
      1,
      Math.ceil(
        window.whenFits(at, ({ requests, errors }) =>
          roomForOneMore({ requests: requests + inFlight, errors: errors + riskyInFlight }),
        ) - at,
      ),
    ),
  });

  return {
    admit(call) {
      const at = now();
      share();
      const repeat = repeats.get(call.requestKey);
      if (repeat && repeat.refusedUntil > at) {
        const retryAfterMs = Math.ceil(repeat.refusedUntil - at);
        return { admitted: false, refusal: { rule: 'repeated_failure', retryAfterMs } };
      }
      const state = operations.get(call.operationKey);
      const known = standing(state, at);
      const { requests, errors } = window.tally(at);
      const room = roomForOneMore({
        requests: requests + inFlight,
        errors: errors + riskyInFlight,
      });
      if (!room && known === 'failing') return { admitted: false, refusal: refusedFor(at) };
      if (!room && known === 'unknown') {
        if (!state || state.inFlight === 0) return { admitted: false, refusal: refusedFor(at) };
        const { waiters } = state;
        return { admitted: false, wait: new Promise<void>((resolve) => waiters.push(resolve)) };
      }
      const mayFail = known !== 'succeeding';
      const holding = held.get(call) ?? {
        state: stateOf(call.operationKey),
        attempts: 0,
        risky: 0,
      };
      holding.attempts++;
      holding.state.inFlight++;
      inFlight++;
      if (mayFail) {
        holding.risky++;
        riskyInFlight++;
      }
      held.set(call, holding);
      return { admitted: true };
    },

    record(call, answer) {
      const at = now();
      const holding = held.get(call);
      if (!holding) return;
      inFlight--;
      holding.attempts--;
      if (holding.risky > 0) {
        holding.risky--;
        riskyInFlight--;
      }
      if (holding.attempts === 0) held.delete(call);
      const { state } = holding;
      state.inFlight--;
      const waiters = state.waiters.splice(0);
      if (answer) record(call, state, answer, at);
      for (const wake of waiters) wake();
    },
  };

  function record(
    { requestKey }: BudgetedCall,
    state: OperationState,
    { failed, callerFault }: BudgetedAnswer,
    at: number,
  ): void {
    const errors = failed ? 1 : 0;
    window.add(at, 1, errors);
    if (counts) {
      unshared = { requests: unshared.requests + 1, errors: unshared.errors + errors };
      share(failed);
    }
    state.answers.push({ at, failed });
    if (state.answers.length > ANSWERS_PER_OPERATION) state.answers.shift();

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
  }
}
