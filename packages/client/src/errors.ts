import { AdminApiError, type AdminApiErrorDetails } from '@admin-api/auth';
import type { GraphQLFormattedError } from 'graphql';

/** The server answered with `errors[]` (HTTP 200, or a 4xx whose body is a GraphQL result). */
export class GraphQLResponseError extends AdminApiError {
  declare readonly code: 'GRAPHQL_ERROR';
  /** The GraphQL errors as the server sent them, redacted. */
  readonly errors: readonly GraphQLFormattedError[];
  /** Partial `data`, when the server sent some. */
  readonly data: unknown;

  constructor(
    errors: readonly GraphQLFormattedError[],
    data: unknown,
    details: AdminApiErrorDetails,
  ) {
    const first = errors[0]?.message ?? 'unknown error';
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

/** A non-2xx answer that is not a GraphQL result, or a 2xx whose body is not one (`INVALID_RESPONSE`). */
export class HttpError extends AdminApiError {
  declare readonly code: 'HTTP_ERROR' | 'INVALID_RESPONSE';
  /** A short excerpt of the body. */
  readonly bodyExcerpt: string;

  constructor(
    code: 'HTTP_ERROR' | 'INVALID_RESPONSE',
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
