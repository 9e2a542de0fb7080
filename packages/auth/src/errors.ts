import { redact } from './redact.js';

/** Stable codes carried by {@link TokenRequestError}. */
export type TokenRequestErrorCode =
  /** The token endpoint answered with an RFC 6749 §5.2 error body (`invalid_client`, ...). */
  | 'OAUTH_ERROR'
  /** The token endpoint answered with a non-2xx status and no OAuth error body. */
  | 'HTTP_ERROR'
  /** A 2xx answer that is not a valid token response (not JSON, missing or mistyped fields). */
  | 'INVALID_RESPONSE'
  /** The request never got an HTTP answer (DNS, refused or dropped connection). */
  | 'NETWORK_ERROR'
  /** No answer within `timeoutMs`. */
  | 'TIMEOUT'
  /** The caller's `AbortSignal` fired. */
  | 'ABORTED';

/** Stable codes carried by {@link AuthConfigError}. */
export type AuthConfigErrorCode =
  /** One or more required environment variables are missing or empty. */
  | 'MISSING_ENV'
  /** An option is missing or malformed. */
  | 'INVALID_OPTION'
  /** The secret would travel over plain `http://` to a non-loopback host. */
  | 'INSECURE_URL';

/** Base class of every error thrown by `@admin-api/auth`. */
export class AdminAuthError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }

  /** Serialises without `stack` or `cause` internals; only fields that are safe to log. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = {
      name: this.name,
      code: this.code,
      message: this.message,
    };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'code' && value !== undefined) json[key] = value;
    }
    return json;
  }
}

/** A caller mistake detected before any request is sent. Fix the options or the environment. */
export class AuthConfigError extends AdminAuthError {
  declare readonly code: AuthConfigErrorCode;
  /** For `MISSING_ENV`: every variable that is missing. */
  readonly missing: readonly string[] | undefined;

  constructor(code: AuthConfigErrorCode, message: string, missing?: readonly string[]) {
    super(code, message);
    this.missing = missing;
  }
}

/** Details that {@link TokenRequestError} can carry. */
export interface TokenRequestErrorDetails {
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** OAuth `error` code from an RFC 6749 §5.2 body, e.g. `invalid_client`. */
  error?: string;
  /** OAuth `error_description`, redacted. */
  errorDescription?: string;
  /** A short, redacted excerpt of a body that was not a valid token response. */
  bodyExcerpt?: string;
  /** How many requests were sent, retries included. */
  attempts?: number;
  cause?: unknown;
}

/**
 * The token endpoint could not give a usable token. Check `code`, `status` and `error`:
 * `invalid_client` means wrong credentials (never retried), 5xx and network errors were already
 * retried a bounded number of times.
 */
export class TokenRequestError extends AdminAuthError {
  declare readonly code: TokenRequestErrorCode;
  readonly status: number | undefined;
  readonly error: string | undefined;
  readonly errorDescription: string | undefined;
  readonly bodyExcerpt: string | undefined;
  readonly attempts: number | undefined;

  constructor(
    code: TokenRequestErrorCode,
    message: string,
    details: TokenRequestErrorDetails = {},
  ) {
    super(code, message, { cause: details.cause });
    this.status = details.status;
    this.error = details.error;
    this.errorDescription = details.errorDescription;
    this.bodyExcerpt = details.bodyExcerpt;
    this.attempts = details.attempts;
  }
}

/** Replaces every listed secret in `error`, in place: message, stack and cause chain. */
export function redactError<E extends Error>(error: E, secrets: readonly string[]): E {
  error.message = redact(error.message, secrets);
  if (error.stack) error.stack = redact(error.stack, secrets);
  const cause: unknown = error.cause;
  if (cause instanceof Error && cause !== error) redactError(cause, secrets);
  return error;
}
