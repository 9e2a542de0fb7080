import { AdminApiError, type AdminApiErrorDetails } from '@admin-api/auth';
import type { GraphQLFormattedError } from 'graphql';

/** Longest server message quoted in an error's own message; `errors` has them whole. */
const MAX_QUOTED_MESSAGE = 300;

/**
 * The server answered with `errors[]` (HTTP 200, or a 4xx whose body is a GraphQL result). For
 * a mutation, `mayHaveBeenApplied` is true when the answer carried `data`: execution had begun.
 */
export class GraphQLResponseError extends AdminApiError {
  declare readonly code: 'GRAPHQL_ERROR';
  /** The GraphQL errors as the server sent them, every string in them redacted. */
  readonly errors: readonly GraphQLFormattedError[];
  /** Partial `data`, when the server sent some; redacted, since it can echo the input. */
  readonly data: unknown;

  constructor(
    errors: readonly GraphQLFormattedError[],
    data: unknown,
    details: AdminApiErrorDetails,
  ) {
    const message = errors[0]?.message ?? 'unknown error';
    const first =
      message.length > MAX_QUOTED_MESSAGE ? `${message.slice(0, MAX_QUOTED_MESSAGE)}…` : message;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    super(
      'GRAPHQL_ERROR',
      `${details.operationName ?? 'Anonymous operation'} failed: ${first}${more}`,
      details,
    );
    this.errors = errors;
    this.data = data;
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
