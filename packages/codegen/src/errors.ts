/** Stable codes carried by {@link CodegenError}. */
export type CodegenErrorCode =
  /** An operation has no name, so it cannot become an SDK method. */
  | 'ANONYMOUS_OPERATION'
  /** Two operations map to one SDK method name. */
  | 'DUPLICATE_METHOD'
  /** Credentials are missing and no schema cache can stand in. */
  | 'MISSING_ENV'
  /** Introspection failed (HTTP, GraphQL errors, unreadable answer). */
  | 'INTROSPECTION_FAILED'
  /** The schema cache file exists but cannot be read. */
  | 'INVALID_CACHE'
  /** An option is missing or malformed. */
  | 'INVALID_OPTION';

/** A codegen failure the user can act on; the message names the file and line where there is one. */
export class CodegenError extends Error {
  readonly code: CodegenErrorCode;

  constructor(code: CodegenErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CodegenError';
    this.code = code;
  }
}
