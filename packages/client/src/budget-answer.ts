import type { AdminApiErrorDetails } from '@admin-api/auth';
import type { AttemptOutcome } from './classify-attempt.js';
import type { BudgetedAnswer, ErrorBudgetRefusal } from './error-budget.js';
import { ErrorBudgetError, GraphQLResponseError } from './errors.js';
import { label } from './operation-label.js';

/**
 * What the service counts of an answer: an error is an HTTP 4xx or 5xx or GraphQL `errors`.
 * `undefined` for what cannot count against the app: no answer, and a refused token (the
 * service cannot tell whose request it was). The caller is at fault when nothing in the answer
 * asks to try again: not a 429, a 5xx or a malformed answer.
 */
export function budgetedAnswer(
  status: number | undefined,
  outcome: AttemptOutcome,
): BudgetedAnswer | undefined {
  if (status === undefined || (!outcome.ok && outcome.reason === 'unauthenticated')) {
    return undefined;
  }
  if (outcome.ok) return { failed: false, callerFault: false };
  const failed = status >= 400 || outcome.error instanceof GraphQLResponseError;
  return { failed, callerFault: failed && outcome.reason === undefined && status < 500 };
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
