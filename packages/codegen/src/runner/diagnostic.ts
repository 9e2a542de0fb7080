import type { CodegenErrorCode } from '../errors.js';

/** A place in a file, 1-based. */
export interface DiagnosticLocation {
  /** The file, relative to the project (the working directory), with `/` separators. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The text of that line, for a code frame. */
  readonly lineText: string;
}

/** `DEPRECATED`: a warning, for a deprecated field, argument, enum value or input field. */
export type DiagnosticCode = CodegenErrorCode | 'DEPRECATED';

/** One problem with the documents, as a compiler reports it. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly code: DiagnosticCode;
  readonly message: string;
  /** Where; absent for problems of the project as a whole (no documents at all). */
  readonly location?: DiagnosticLocation | undefined;
}

/** Files first (by path, by code unit), then lines and columns; problems without a place last. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const x = a.location;
  const y = b.location;
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  if (x.file !== y.file) return x.file < y.file ? -1 : 1;
  return x.line - y.line || x.column - y.column || (a.message < b.message ? -1 : 1);
}
