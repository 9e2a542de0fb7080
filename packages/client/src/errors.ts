import { AdminApiError, type AdminApiErrorDetails } from '@admin-api/auth';
// From its own module, not graphql's index: a module importing the client's types then reads 7 of
// graphql's declaration files instead of about 100, and an augmentation of graphql's
// `GraphQLFormattedErrorExtensions` still reaches `errors`.
import type { GraphQLFormattedError } from 'graphql/error/GraphQLError.js';
import type { ErrorBudgetRule } from './error-budget.js';
import { label } from './operation-label.js';

/** Longest server message quoted in an error's own message; `errors` has them whole. */
const MAX_QUOTED_MESSAGE = 300;

/**
 * The `extensions.code`s of the Admin API's GraphQL errors that the vendor's own client knows:
 * - `ARGUMENT_VALIDATION_ERROR`: an argument breaks a rule of the service, or names a record
 *   that does not exist;
 * - `UNAUTHENTICATED`: no valid token (the client refreshes it once on its own);
 * - `INTERNAL_SERVER_ERROR`: the service failed;
 * - `ORDER_LINE_IS_ALREADY_PACKAGED`: the order line is in a package already;
 * - `ORDER_NOT_ELIGIBLE_FOR_UPDATE`: the order's status does not allow the change.
 *
 * The service may send others, so compare with these and keep a default branch; to type
 * `GraphQLResponseError.errors[].extensions.code` with them, see the README's "Errors".
 */
export type ServiceErrorCode =
  | 'ARGUMENT_VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'INTERNAL_SERVER_ERROR'
  | 'ORDER_LINE_IS_ALREADY_PACKAGED'
  | 'ORDER_NOT_ELIGIBLE_FOR_UPDATE';

/**
 * What a {@link GraphQLResponseError} left out of a large answer. The client sets these; you need
 * them only to build one yourself, e.g. in a test double of the client.
 */
export interface GraphQLResponseErrorOptions {
  /** Entries of the server's `errors` beyond those kept. @default 0 */
  omittedErrors?: number;
  /** The server sent partial `data`, left out because the answer was too large. @default false */
  omittedData?: boolean;
  /**
   * The entries kept are `message`, `path`, `locations` and `extensions.code` only, because the
   * answer was too large. @default false
   */
  trimmedErrors?: boolean;
}

/**
 * The server answered with `errors[]` (HTTP 200, or a 4xx whose body is a GraphQL result). For
 * a mutation, `mayHaveBeenApplied` is true when the answer carried `data` (execution had begun),
 * unless the service refused its only root field outright with a refusal code such as
 * `ARGUMENT_VALIDATION_ERROR`; the message then says to check before repeating it.
 *
 * An answer over 1,048,576 characters (a JavaScript string's `length`: UTF-16 code units, so
 * 1 MiB of ASCII JSON, and up to 3 MiB of UTF-8 bytes of other text) is too large to keep a
 * redacted copy of whole: its partial `data` is left out (`omittedData`) and each kept entry of
 * `errors` is only its `message`, `path`, `locations` and `extensions.code` (`trimmedErrors`).
 * The limit counts characters, not bytes, because it bounds the cost of copying the parsed
 * answer, which grows with the characters parsed.
 */
export class GraphQLResponseError extends AdminApiError {
  declare readonly code: 'GRAPHQL_ERROR';
  /**
   * The GraphQL errors as the server sent them, every string in them redacted: the first 100,
   * when it sent more (`omittedErrors` counts the rest); from an answer too large to keep whole,
   * only `message`, `path`, `locations` and `extensions.code` of each (`trimmedErrors`).
   */
  readonly errors: readonly GraphQLFormattedError[];
  /** Entries of the server's `errors` beyond those in `errors`. */
  readonly omittedErrors: number;
  /**
   * Partial `data`, when the server sent some; redacted, since it can echo the input. Left out
   * (`undefined`, `omittedData` true, and the message says so) when the answer was too large to
   * keep a redacted copy of.
   */
  readonly data: unknown;
  /** The server sent partial `data` but it was left out: the answer was too large to keep. */
  readonly omittedData: boolean;
  /** Each entry of `errors` was cut to its `message`, `path`, `locations` and `extensions.code`. */
  readonly trimmedErrors: boolean;

  /**
   * @param errors - The server's `errors` as kept, redacted.
   * @param data - Partial `data`, redacted; `undefined` when the server sent none or it was left out.
   * @param details - The operation's name, attempts, status and `mayHaveBeenApplied`.
   * @param options - What was left out of a large answer: {@link GraphQLResponseErrorOptions}.
   *   Each field defaults to nothing left out.
   * @example
   * ```ts
   * // In a test double: the error the client throws for a 2 MB answer with 101 errors and data.
   * const kept = Array.from({ length: 100 }, (_, i) => ({
   *   message: 'Internal server error',
   *   path: ['listProduct', 'data', i, 'totalStock'],
   *   extensions: { code: 'INTERNAL_SERVER_ERROR' },
   * }));
   * new GraphQLResponseError(
   *   kept,
   *   undefined,
   *   { operationName: 'ListProducts', attempts: 1, status: 200 },
   *   { omittedErrors: 1, omittedData: true, trimmedErrors: true },
   * );
   * ```
   */
  constructor(
    errors: readonly GraphQLFormattedError[],
    data: unknown,
    details: AdminApiErrorDetails,
    {
      omittedErrors = 0,
      omittedData = false,
      trimmedErrors = false,
    }: GraphQLResponseErrorOptions = {},
  ) {
    const message = errors[0]?.message ?? 'unknown error';
    const first =
      message.length > MAX_QUOTED_MESSAGE ? `${message.slice(0, MAX_QUOTED_MESSAGE)}…` : message;
    const others = errors.length - 1 + omittedErrors;
    const more =
      others > 0
        ? ` (and ${others} more${omittedErrors > 0 ? `; ${omittedErrors} not kept` : ''})`
        : '';
    const notes = [
      omittedData ? 'its partial data was left out' : '',
      trimmedErrors
        ? 'each error kept is only its message, path, locations and extensions.code'
        : '',
    ].filter(Boolean);
    const largeNote =
      notes.length > 0
        ? ` The answer is too large to keep a redacted copy of whole: ${notes.join('; ')}.`
        : '';
    const applied = details.mayHaveBeenApplied
      ? ' The mutation may have been applied: check before repeating it.'
      : '';
    super(
      'GRAPHQL_ERROR',
      `${details.operationName ?? 'Anonymous operation'} failed: ${first}${more}${largeNote}${applied}`,
      details,
    );
    this.errors = errors;
    this.omittedErrors = omittedErrors;
    this.data = data;
    this.omittedData = omittedData;
    this.trimmedErrors = trimmedErrors;
  }
}

/** Codes of {@link HttpError}. */
export type HttpErrorCode = 'HTTP_ERROR' | 'INVALID_RESPONSE' | 'REDIRECT_REFUSED';

/**
 * An HTTP answer the client cannot use: a non-2xx that is not a GraphQL result (`HTTP_ERROR`), a
 * 2xx that is not what the protocol promises (`INVALID_RESPONSE`: not JSON, no `data` object, too
 * large, a list that does not advance), or a redirect, which is never followed (`REDIRECT_REFUSED`).
 */
export class HttpError extends AdminApiError {
  declare readonly code: HttpErrorCode;
  /** A short, redacted excerpt of the body. */
  readonly bodyExcerpt: string;

  constructor(
    code: HttpErrorCode,
    message: string,
    bodyExcerpt: string,
    details: AdminApiErrorDetails,
  ) {
    super(code, message, details);
    this.bodyExcerpt = bodyExcerpt;
  }
}

/** HTTP 429 more often than the retry budget allows, or a wait longer than `maxRetryAfterMs`. */
export class RateLimitError extends AdminApiError {
  declare readonly code: 'RATE_LIMITED';
  /** The wait the server asked for, in milliseconds. */
  readonly retryAfterMs: number;

  constructor(message: string, retryAfterMs: number, details: AdminApiErrorDetails) {
    super('RATE_LIMITED', message, details);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The client's error budget refused the call without sending it (see the README's "Error
 * budget"): `repeated_failure`, the same request failed for the caller's own fault
 * `maxRepeats` times and is refused for a cooldown; `error_rate`, the app's errors in the window
 * are at the budget and this operation has been failing. Other calls are sent meanwhile.
 */
export class ErrorBudgetError extends AdminApiError {
  declare readonly code: 'ERROR_BUDGET_EXCEEDED';
  /** The rule that refused the call. */
  readonly rule: ErrorBudgetRule;
  /** How long the same call would be refused, in milliseconds. */
  readonly retryAfterMs: number;

  constructor(
    message: string,
    rule: ErrorBudgetRule,
    retryAfterMs: number,
    details: AdminApiErrorDetails,
  ) {
    super('ERROR_BUDGET_EXCEEDED', message, details);
    this.rule = rule;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * `UNAUTHENTICATED`: the API refused a freshly fetched token too.
 * `TOKEN_REQUEST_FAILED`: no token could be had; `cause` is the auth package's `TokenRequestError`.
 */
export class AuthError extends AdminApiError {
  declare readonly code: 'UNAUTHENTICATED' | 'TOKEN_REQUEST_FAILED';

  constructor(
    code: 'UNAUTHENTICATED' | 'TOKEN_REQUEST_FAILED',
    message: string,
    details: AdminApiErrorDetails,
  ) {
    super(code, message, details);
  }
}

/** No HTTP answer: refused, reset or dropped connection, DNS failure. */
export class NetworkError extends AdminApiError {
  declare readonly code: 'NETWORK_ERROR';

  constructor(message: string, details: AdminApiErrorDetails) {
    super('NETWORK_ERROR', message, details);
  }
}

/** No answer within `timeoutMs`. */
export class TimeoutError extends AdminApiError {
  declare readonly code: 'TIMEOUT';
  readonly timeoutMs: number;

  constructor(message: string, timeoutMs: number, details: AdminApiErrorDetails) {
    super('TIMEOUT', message, details);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's `AbortSignal` fired; `cause` is the signal's reason. */
export class AbortedError extends AdminApiError {
  declare readonly code: 'ABORTED';

  constructor(message: string, details: AdminApiErrorDetails) {
    super('ABORTED', message, details);
  }
}

/** What a call's error says about the attempts it made before it ended. */
export interface CallSoFar {
  operationName: string | undefined;
  attempts: number;
  mayHaveBeenApplied: boolean;
}

/** The {@link AbortedError} of a call the caller aborted between attempts. */
export function abortedError(signal: AbortSignal | undefined, call: CallSoFar): AbortedError {
  return new AbortedError(`${label(call.operationName)} was aborted by the caller`, {
    ...call,
    cause: signal?.reason,
  });
}
