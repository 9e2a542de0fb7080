import { type ASTNode, getLocation } from 'graphql';

/** `file:line:column` of a node, for messages that point the user at the source. */
export function sourceLocation(file: string | undefined, node: ASTNode): string {
  const where = file ?? 'unknown file';
  if (!node.loc) return where;
  const { line, column } = getLocation(node.loc.source, node.loc.start);
  return `${where}:${line}:${column}`;
}

/** How many lines of an operation's leading comment go into its SDK method's TSDoc, at most. */
export const MAX_COMMENT_LINES = 20;
/** How many characters of an operation's leading comment go into its SDK method's TSDoc, at most. */
export const MAX_COMMENT_LENGTH = 2_000;

const isLineBreak = (code: number) => code === 0x0a || code === 0x0d;
/** What GraphQL ignores within a line: spaces, tabs, commas, a byte order mark. */
const isBlank = (code: number) =>
  code === 0x20 || code === 0x09 || code === 0x2c || code === 0xfeff;

/** Where the line holding `index` starts (GraphQL's line terminators: `\n`, `\r\n`, `\r`). */
function lineStart(body: string, index: number): number {
  let start = index;
  while (start > 0 && !isLineBreak(body.charCodeAt(start - 1))) start--;
  return start;
}

/** Where the line before the one starting at `start` ends (before its terminator). */
function previousLineEnd(body: string, start: number): number {
  const end = start - 1;
  return body.charCodeAt(end) === 0x0a && body.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
}

/** Where the line starting at `start` ends (before its terminator), looking no further than `limit`. */
function lineEnd(body: string, start: number, limit: number): number {
  let end = start;
  while (end < limit && !isLineBreak(body.charCodeAt(end))) end++;
  return end;
}

/** A comment line up to its text: the indentation, `#` and one space. */
const COMMENT_START = /^\s*#\s?/;

/**
 * The `#` comment lines directly above a node (no blank line between, nothing but indentation
 * before the node on its line), without the `#`: the first {@link MAX_COMMENT_LINES} lines and
 * {@link MAX_COMMENT_LENGTH} characters, and ` …` where more was cut, so comments cannot make
 * a module as large as themselves. GraphQL drops comments from the AST, so they are read from
 * the source text: once backwards over the comment to find its first line, then forwards over
 * what is kept; never the rest of the file, so the comments of many operations cost one pass.
 */
export function leadingComment(node: ASTNode): string | undefined {
  if (!node.loc) return undefined;
  const { body } = node.loc.source;
  let nodeLine = node.loc.start;
  while (nodeLine > 0 && isBlank(body.charCodeAt(nodeLine - 1))) nodeLine--;
  // After other text on its line: no comment of its own (and no walk back over a long line).
  if (nodeLine > 0 && !isLineBreak(body.charCodeAt(nodeLine - 1))) return undefined;
  let first = nodeLine;
  while (first > 0) {
    const start = lineStart(body, previousLineEnd(body, first));
    if (!COMMENT_START.test(body.slice(start, first))) break;
    first = start;
  }
  const lines: string[] = [];
  let room = MAX_COMMENT_LENGTH;
  let cut = false;
  for (let start = first; start < nodeLine; ) {
    if (lines.length === MAX_COMMENT_LINES || room <= 0) {
      cut = true;
      break;
    }
    const end = lineEnd(body, start, nodeLine);
    const textStart = start + (COMMENT_START.exec(body.slice(start, end))?.[0].length ?? 0);
    let text = body.slice(textStart, Math.min(end, textStart + room));
    if (textStart + room < end) {
      cut = true;
      // Not between the halves of a surrogate pair, which no encoding can write.
      if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    }
    lines.push(text.trimEnd());
    room -= text.length + 1;
    start = end + (body.charCodeAt(end) === 0x0d && body.charCodeAt(end + 1) === 0x0a ? 2 : 1);
  }
  const text = lines.join('\n').trim();
  if (text === '') return undefined;
  return cut ? `${text} …` : text;
}
