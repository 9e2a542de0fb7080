import type { AdminApiErrorDetails } from '@admin-api/auth';
import { onAbort } from '@admin-api/auth/internal';
import type { AttemptOutcome } from './classify-attempt.js';
import type { BudgetedAnswer, ErrorBudgetRefusal } from './error-budget.js';
import { abortedError, type CallSoFar, ErrorBudgetError, GraphQLResponseError } from './errors.js';
import { label } from './operation-label.js';

/**
 * What the service counts of an attempt: an error is an answer with HTTP 4xx or 5xx or GraphQL
 * `errors`, and an attempt that may have reached it but brought no answer (the service may have
 * failed it). `undefined` for what cannot count against the app: an attempt that reached nobody,
 * and a refused token (the service cannot tell whose request it was). The caller is at fault
 * when nothing in the answer asks to try again: not a 429, a 5xx, a malformed answer or a
 * GraphQL error that is only the service's own (`INTERNAL_SERVER_ERROR`).
 */
export function budgetedAnswer(
  status: number | undefined,
  outcome: AttemptOutcome,
): BudgetedAnswer | undefined {
  if (outcome.ok) return { failed: false, callerFault: false };
  if (outcome.reason === 'unauthenticated') return undefined;
  if (status === undefined)
    return outcome.reached ? { failed: true, callerFault: false } : undefined;
  const { error } = outcome;
  const graphql = error instanceof GraphQLResponseError;
  const failed = status >= 400 || graphql;
  const serviceOnly =
    graphql &&
    error.errors.length > 0 &&
    error.errors.every((entry) => entry.extensions?.code === 'INTERNAL_SERVER_ERROR');
  return {
    failed,
    callerFault: failed && outcome.reason === undefined && status < 500 && !serviceOnly,
  };
}

/** The error a call refused by the error budget fails with. */
export function budgetRefusalError(
  { rule, retryAfterMs }: ErrorBudgetRefusal,
  details: AdminApiErrorDetails & { operationName: string | undefined },
): ErrorBudgetError {
  const wait = `${Math.ceil(retryAfterMs / 1000)} s`;
  const why =
    rule === 'repeated_failure'
      ? `the same request failed for its own fault several times in a row, so for ${wait} it is refused without being sent. Fix what the earlier error named; other requests are sent meanwhile`
      : `the app's errors reached its error budget for the window and this operation has been failing, so for ${wait} it is refused without being sent, lest the service block the app. Other operations are sent meanwhile`;
  return new ErrorBudgetError(
    `${label(details.operationName)} was not sent: ${why}.`,
    rule,
    retryAfterMs,
    details,
  );
}

/**
 * Waits for `wait`, or fails as `AbortedError` once `signal` fires; one listener per signal
 * however many calls wait on it.
 */
export function settledOrAborted(
  wait: Promise<void>,
  signal: AbortSignal | undefined,
  call: () => CallSoFar,
): Promise<void> {
  if (!signal) return wait;
  return new Promise((resolve, reject) => {
    const unlink = onAbort(signal, () => reject(abortedError(signal, call())));
    wait.then(() => {
      unlink();
      resolve();
    });
  });
}
