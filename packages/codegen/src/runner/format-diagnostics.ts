import { styleText } from 'node:util';
import type { Diagnostic } from './diagnostic.js';

/** How text is highlighted: in colour on a terminal that has it, plain otherwise. */
export interface Style {
  error(text: string): string;
  warning(text: string): string;
  success(text: string): string;
  dim(text: string): string;
}

/** No highlighting: for logs, files and messages. */
export const plainStyle: Style = {
  error: (text) => text,
  warning: (text) => text,
  success: (text) => text,
  dim: (text) => text,
};

/** Colours for a stream that is a colour terminal, unless `NO_COLOR` is set. */
export function styleFor(stream: { isTTY?: boolean; hasColors?: () => boolean }): Style {
  if (!stream.isTTY || !stream.hasColors?.() || process.env.NO_COLOR) return plainStyle;
  return {
    error: (text) => styleText(['bold', 'red'], text),
    warning: (text) => styleText(['bold', 'yellow'], text),
    success: (text) => styleText('green', text),
    dim: (text) => styleText('dim', text),
  };
}

// C0 and C1 controls but tab, and DEL: from a document, they would drive the terminal.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** `text` with every control character but tab shown as an escape (`\x1b`), never sent raw. */
function visible(text: string): string {
  return text.replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

// A minified line can be megabytes long: the frame shows this much on each side of the column.
const FRAME_REACH = 60;

function codeFrame(line: number, column: number, lineText: string, style: Style): string[] {
  const from = Math.max(0, column - 1 - FRAME_REACH);
  const to = Math.min(lineText.length, column - 1 + FRAME_REACH);
  const shown = `${from > 0 ? '…' : ''}${visible(lineText.slice(from, to))}${to < lineText.length ? '…' : ''}`;
  const before = `${from > 0 ? '…' : ''}${visible(lineText.slice(from, column - 1))}`;
  // Tabs stay tabs under the caret, so it lines up however the terminal shows them.
  const padding = before.replace(/[^\t]/g, ' ');
  const gutter = String(line);
  return [
    style.dim(`  ${gutter} | `) + shown,
    style.dim(`  ${' '.repeat(gutter.length)} | `) + padding + style.error('^'),
  ];
}

/** `file:line:column: ` of a diagnostic, or nothing for one of the whole project. */
function placeOf(diagnostic: Diagnostic): string {
  const { location } = diagnostic;
  return location ? `${visible(location.file)}:${location.line}:${location.column}: ` : '';
}

/** A message with every control character shown as an escape; it may have lines of its own. */
const visibleMessage = (message: string) => message.split('\n').map(visible).join('\n');

/**
 * The head of a diagnostic, without the code frame: `file:line:column: error: message [CODE]` (or
 * `warning: message`), the form compilers use, which terminals and editors turn into links.
 */
export function formatDiagnosticHead(diagnostic: Diagnostic, style: Style): string {
  const severity =
    diagnostic.severity === 'error' ? style.error('error') : style.warning('warning');
  const code = diagnostic.severity === 'error' ? ` ${style.dim(`[${diagnostic.code}]`)}` : '';
  return `${placeOf(diagnostic)}${severity}: ${visibleMessage(diagnostic.message)}${code}`;
}

/** `file:line:column: message`, without severity or code: for a logger's warning. */
export function formatDiagnosticText(diagnostic: Diagnostic): string {
  return `${placeOf(diagnostic)}${visibleMessage(diagnostic.message)}`;
}

/** {@link formatDiagnosticHead} and a code frame of the line. */
export function formatDiagnostic(diagnostic: Diagnostic, style: Style): string {
  const head = formatDiagnosticHead(diagnostic, style);
  const { location } = diagnostic;
  if (!location) return head;
  return [head, ...codeFrame(location.line, location.column, location.lineText, style)].join('\n');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `2 errors in 1 file`, `1 error`, with `, 1 warning` when there are warnings. */
export function countProblems(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const files = new Set(errors.flatMap((d) => (d.location ? d.location.file : [])));
  const warnings = diagnostics.length - errors.length;
  return [
    errors.length > 0
      ? `${plural(errors.length, 'error')}${files.size > 0 ? ` in ${plural(files.size, 'file')}` : ''}`
      : '',
    warnings > 0 ? plural(warnings, 'warning') : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** `34 KB`, `0.8 KB`, `1.2 MB`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const kb = bytes / 1024;
  return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
}
