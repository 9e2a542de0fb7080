import type { GraphQLFormattedError } from 'graphql';

/** Stable codes carried by {@link AdminApiError}s. */
export type AdminApiErrorCode =
  | 'GRAPHQL_ERROR'
  | 'HTTP_ERROR'
  | 'INVALID_RESPONSE'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'TOKEN_REQUEST_FAILED'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'MISSING_ENV'
  | 'INVALID_OPTION'
  | 'INSECURE_ENVIRONMENT';

/** What every {@link AdminApiError} knows about the call that failed. */
export interface AdminApiErrorDetails {
  /** Name of the GraphQL operation, when it has one. */
  operationName?: string | undefined;
  /** HTTP status of the last answer, when there was one. */
  status?: number | undefined;
  /** How many HTTP attempts were made, retries included. */
  attempts?: number | undefined;
  /**
   * True when the call was a mutation that may have reached the server before failing: check
   * before repeating it.
   */
  mayHaveBeenApplied?: boolean | undefined;
  cause?: unknown;
}

/** Base class of every error thrown by `@admin-api/client`. Never holds the secret or a token. */
export class AdminApiError extends Error {
  readonly code: AdminApiErrorCode;
  readonly operationName: string | undefined;
  readonly status: number | undefined;
  readonly attempts: number | undefined;
  readonly mayHaveBeenApplied: boolean;

  constructor(code: AdminApiErrorCode, message: string, details: AdminApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.code = code;
    this.operationName = details.operationName;
    this.status = details.status;
    this.attempts = details.attempts;
    this.mayHaveBeenApplied = details.mayHaveBeenApplied ?? false;
  }

  /** Serialises the fields that are safe to log; no `stack`, no `cause`. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (value !== undefined) json[key] = value;
    }
    return json;
  }
}

/** The server answered with `errors[]` (HTTP 200, or a 4xx whose body is a GraphQL result). */
export class GraphQLResponseError extends AdminApiError {
  /** The GraphQL errors as the server sent them. */
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
export class AuthError extends AdminApiError {}

/** No HTTP answer: refused, reset or dropped connection, DNS failure. */
export class NetworkError extends AdminApiError {}

/** No answer within `timeoutMs`. */
export class TimeoutError extends AdminApiError {
  readonly timeoutMs: number;

  constructor(message: string, timeoutMs: number, details: AdminApiErrorDetails) {
    super('TIMEOUT', message, details);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's `AbortSignal` fired; `cause` is the signal's reason. */
export class AbortedError extends AdminApiError {}

/** A caller mistake found at creation time: bad options or missing environment variables. */
export class ConfigurationError extends AdminApiError {
  /** For `MISSING_ENV`: every variable that is missing. */
  readonly missing: readonly string[] | undefined;

  constructor(
    code: 'MISSING_ENV' | 'INVALID_OPTION' | 'INSECURE_ENVIRONMENT',
    message: string,
    missing?: readonly string[],
  ) {
    super(code, message);
    this.missing = missing;
  }
}
