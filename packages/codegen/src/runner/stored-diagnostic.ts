import type { Diagnostic, DiagnosticLocation } from './diagnostic.js';

/** What {@link restoredDiagnostic} reads a file's text from: document texts by project path. */
export type FileTexts = ReadonlyMap<string, unknown>;

/** Line `line` (1-based) of `text`, as a diagnostic shows it; `undefined` past the end. */
function lineOf(text: string, line: number): string | undefined {
  let start = 0;
  for (let at = 1; at < line; at++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return undefined;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}

/**
 * A diagnostic as a cache stores it: without the text of its line when that is the line of its
 * file (the file is read anyway, and the vendor's one-line operations would store kilobytes a
 * warning).
 */
export interface StoredDiagnostic extends Omit<Diagnostic, 'location'> {
  readonly location?:
    | (Omit<DiagnosticLocation, 'lineText'> & { readonly lineText?: string | undefined })
    | undefined;
}

/** `diagnostic` as a cache stores it: its line's text dropped where `texts` has that line. */
export function storedDiagnostic(diagnostic: Diagnostic, texts: FileTexts): StoredDiagnostic {
  const { location } = diagnostic;
  const text = location && texts.get(location.file);
  if (!location || typeof text !== 'string' || lineOf(text, location.line) !== location.lineText) {
    return diagnostic;
  }
  const { file, line, column } = location;
  return { ...diagnostic, location: { file, line, column } };
}

/** A stored diagnostic with the text of its line back; `undefined` when its file has no such line. */
export function restoredDiagnostic(
  diagnostic: StoredDiagnostic,
  texts: FileTexts,
): Diagnostic | undefined {
  const { location, ...rest } = diagnostic;
  if (!location) return rest;
  const text = texts.get(location.file);
  const lineText =
    location.lineText ?? (typeof text === 'string' ? lineOf(text, location.line) : undefined);
  return lineText === undefined ? undefined : { ...rest, location: { ...location, lineText } };
}

const isLocation = (value: unknown): boolean => {
  const { file, line, column, lineText } = (value ?? {}) as Record<string, unknown>;
  return (
    typeof file === 'string' &&
    Number.isInteger(line) &&
    Number.isInteger(column) &&
    (lineText === undefined || typeof lineText === 'string')
  );
};

/** Whether `value`, read from a cache file, is a {@link StoredDiagnostic}: checked field by field. */
export const isStoredDiagnostic = (value: unknown): value is StoredDiagnostic => {
  if (typeof value !== 'object' || value === null) return false;
  const { severity, code, message, location } = value as Record<string, unknown>;
  return (
    (severity === 'error' || severity === 'warning') &&
    typeof code === 'string' &&
    typeof message === 'string' &&
    (location === undefined || isLocation(location))
  );
};
