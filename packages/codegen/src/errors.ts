import { AdminApiError, type AdminApiErrorCode } from '@admin-api/auth';

/**
 * Codes of {@link CodegenError}. The introspection request reports what went wrong on the wire
 * with the codes the client uses for the same condition (`REDIRECT_REFUSED`, `UNAUTHENTICATED`,
 * `HTTP_ERROR`, `GRAPHQL_ERROR`, `NETWORK_ERROR`, `TIMEOUT`); `INTROSPECTION_FAILED` is a 2xx
 * answer that is not a usable schema.
 */
export type CodegenErrorCode = Extract<
  AdminApiErrorCode,
  | 'ANONYMOUS_OPERATION'
  | 'DUPLICATE_METHOD'
  | 'DUPLICATE_OPERATION'
  | 'RESERVED_METHOD_NAME'
  | 'DOCUMENT_TOO_DEEP'
  | 'DOCUMENT_TOO_COMPLEX'
  | 'DOCUMENT_FILE_TOO_LARGE'
  | 'DOCUMENT_ERROR'
  | 'NO_DOCUMENTS'
  | 'INVALID_CONFIG'
  | 'WRITE_FAILED'
  | 'MISSING_DEPENDENCY'
  | 'MISSING_ENV'
  | 'INVALID_OPTION'
  | 'INSECURE_URL'
  | 'TOKEN_REQUEST_FAILED'
  | 'REDIRECT_REFUSED'
  | 'UNAUTHENTICATED'
  | 'HTTP_ERROR'
  | 'GRAPHQL_ERROR'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'INTROSPECTION_FAILED'
  | 'INVALID_CACHE'
>;

/** What a {@link CodegenError} can carry besides its message. */
export interface CodegenErrorDetails {
  /** HTTP status of the answer that failed, when there was one. */
  status?: number | undefined;
  /** For `MISSING_ENV`: every variable that is missing. */
  missing?: readonly string[] | undefined;
  cause?: unknown;
}

/**
 * A codegen failure the user can act on; the message names the file and line where there is one.
 * The message starts with the code in brackets (`[DOCUMENT_ERROR] …`): graphql-codegen's CLI shows
 * only messages, so that is how the code reaches a terminal or a CI log, where it can be grepped.
 */
export class CodegenError extends AdminApiError {
  declare readonly code: CodegenErrorCode;
  /** For `MISSING_ENV`: every variable that is missing. */
  readonly missing: readonly string[] | undefined;

  constructor(code: CodegenErrorCode, message: string, details: CodegenErrorDetails = {}) {
    super(code, `[${code}] ${message}`, { status: details.status, cause: details.cause });
    this.missing = details.missing;
  }
}
