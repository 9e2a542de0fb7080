import type { AdminApiErrorCode } from './error-codes.js';

/** What an {@link AdminApiError} can say about the call that failed. */
export interface AdminApiErrorDetails {
  /** Name of the GraphQL operation, when there is one. */
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

/**
 * Base class of every error the kit throws (auth, client, codegen, fleet). `code` is stable and
 * the same for the same condition in every package; the message says what to do next. No error
 * ever holds the client secret or an access token, in its message, stack, `cause` or JSON.
 */
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

  /** The fields that are safe to log; no `stack`, no `cause`. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (value !== undefined) json[key] = value;
    }
    return json;
  }
}

/** Codes of {@link ConfigurationError}. */
export type ConfigurationErrorCode = Extract<
  AdminApiErrorCode,
  | 'MISSING_ENV'
  | 'INVALID_OPTION'
  | 'INSECURE_URL'
  | 'INSECURE_ENVIRONMENT'
  | 'INVALID_DOCUMENT'
  | 'INVALID_VARIABLES'
>;

/** A caller mistake found before anything was sent: fix what the message names. */
export class ConfigurationError extends AdminApiError {
  declare readonly code: ConfigurationErrorCode;
  /** For `MISSING_ENV`: every variable that is missing. */
  readonly missing: readonly string[] | undefined;

  constructor(
    code: ConfigurationErrorCode,
    message: string,
    details: AdminApiErrorDetails & { missing?: readonly string[] } = {},
  ) {
    super(code, message, details);
    this.missing = details.missing;
  }
}

/** Codes of {@link TokenRequestError}. */
export type TokenRequestErrorCode = Extract<
  AdminApiErrorCode,
  | 'OAUTH_ERROR'
  | 'HTTP_ERROR'
  | 'INVALID_RESPONSE'
  | 'REDIRECT_REFUSED'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
>;

/** Details that {@link TokenRequestError} can carry. */
export interface TokenRequestErrorDetails extends AdminApiErrorDetails {
  /** OAuth `error` code from an RFC 6749 §5.2 body, e.g. `invalid_client`. */
  error?: string | undefined;
  /** OAuth `error_description`, redacted. */
  errorDescription?: string | undefined;
  /** A short, redacted excerpt of a body that was not a valid token response. */
  bodyExcerpt?: string | undefined;
  /**
   * The least wait before asking again, in ms: the token host's `Retry-After`, or, from a
   * provider inside its backoff after a failure, the time left of that backoff.
   */
  retryAfterMs?: number | undefined;
  /** For `ABORTED` while waiting to retry: the failed attempt the abort cut short. */
  lastFailure?: TokenRequestError | undefined;
}

/**
 * The token endpoint could not give a usable token. Check `code`, `status` and `error`:
 * `invalid_client` means wrong credentials (never retried), 5xx and network errors were already
 * retried a bounded number of times.
 */
export class TokenRequestError extends AdminApiError {
  declare readonly code: TokenRequestErrorCode;
  readonly error: string | undefined;
  readonly errorDescription: string | undefined;
  readonly bodyExcerpt: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly lastFailure: TokenRequestError | undefined;

  constructor(
    code: TokenRequestErrorCode,
    message: string,
    details: TokenRequestErrorDetails = {},
  ) {
    super(code, message, details);
    this.error = details.error;
    this.errorDescription = details.errorDescription;
    this.bodyExcerpt = details.bodyExcerpt;
    this.retryAfterMs = details.retryAfterMs;
    this.lastFailure = details.lastFailure;
  }
}
