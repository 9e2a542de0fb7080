import { AdminApiError, type AdminApiErrorCode } from '@admin-api/auth';

/** Codes of {@link CodegenError}. */
export type CodegenErrorCode = Extract<
  AdminApiErrorCode,
  | 'ANONYMOUS_OPERATION'
  | 'DUPLICATE_METHOD'
  | 'DOCUMENT_ERROR'
  | 'MISSING_ENV'
  | 'INTROSPECTION_FAILED'
  | 'INVALID_CACHE'
  | 'INVALID_OPTION'
>;

/** A codegen failure the user can act on; the message names the file and line where there is one. */
export class CodegenError extends AdminApiError {
  declare readonly code: CodegenErrorCode;

  constructor(code: CodegenErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
  }
}
