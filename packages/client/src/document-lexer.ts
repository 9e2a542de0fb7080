/**
 * GraphQL's lexer, as graphql-js 16 has it (same tokens, same errors at the same places), for
 * document-scanner.ts. One token per call, read from a position: no state, nothing kept.
 */

/** A token: `kind` is a punctuator itself, or Name, Int, Float, String, BlockString, <EOF>. */
export interface Token {
  readonly kind: string;
  /** The token's text; for a string, what is between the quotes, undecoded. */
  readonly value: string | undefined;
  readonly start: number;
  readonly end: number;
}

/** Why a document was refused, and where (an offset in the source). */
export class DocumentScanError extends Error {
  constructor(
    message: string,
    readonly position: number,
    /** False for a type system definition, which parses but cannot be sent. */
    readonly syntax = true,
  ) {
    super(message);
  }
}

export const PUNCTUATORS = '!$&():=@[]{|}';
export const NAME = 'Name';
export const EOF = '<EOF>';

const isDigit = (code: number) => code >= 48 && code <= 57;
const isNameStart = (code: number) =>
  code === 95 || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isScalar = (code: number) =>
  (code >= 0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff);
const isLeading = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isTrailing = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isSupplementary = (source: string, at: number) =>
  isLeading(source.charCodeAt(at)) && isTrailing(source.charCodeAt(at + 1));
const hexDigit = (code: number) =>
  isDigit(code)
    ? code - 48
    : code >= 65 && code <= 70
      ? code - 55
      : code >= 97 && code <= 102
        ? code - 87
        : -1;
const hex16 = (source: string, at: number) =>
  (hexDigit(source.charCodeAt(at)) << 12) |
  (hexDigit(source.charCodeAt(at + 1)) << 8) |
  (hexDigit(source.charCodeAt(at + 2)) << 4) |
  hexDigit(source.charCodeAt(at + 3));

/** A code point as graphql-js names it in a message: `"a"`, `'"'`, `U+00E9`, `<EOF>`. */
function printCodePoint(source: string, at: number): string {
  const point = source.codePointAt(at);
  if (point === undefined) return EOF;
  if (point >= 0x20 && point <= 0x7e) {
    const char = String.fromCodePoint(point);
    return char === '"' ? `'"'` : `"${char}"`;
  }
  return `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Past one source character at `at`, or throws for a lone surrogate. */
function sourceCharacter(source: string, at: number): number {
  if (isScalar(source.charCodeAt(at))) return at + 1;
  if (isSupplementary(source, at)) return at + 2;
  throw new DocumentScanError(
    `Invalid character within String: ${printCodePoint(source, at)}.`,
    at,
  );
}

function readDigits(source: string, at: number): number {
  if (!isDigit(source.charCodeAt(at))) {
    throw new DocumentScanError(
      `Invalid number, expected digit but got: ${printCodePoint(source, at)}.`,
      at,
    );
  }
  let end = at + 1;
  while (isDigit(source.charCodeAt(end))) end++;
  return end;
}

function readNumber(source: string, start: number): Token {
  let at = start;
  let float = false;
  if (source.charCodeAt(at) === 45) at++;
  if (source.charCodeAt(at) === 48) {
    at++;
    if (isDigit(source.charCodeAt(at))) {
      throw new DocumentScanError(
        `Invalid number, unexpected digit after 0: ${printCodePoint(source, at)}.`,
        at,
      );
    }
  } else {
    at = readDigits(source, at);
  }
  if (source.charCodeAt(at) === 46) {
    float = true;
    at = readDigits(source, at + 1);
  }
  if (source.charCodeAt(at) === 69 || source.charCodeAt(at) === 101) {
    float = true;
    at++;
    if (source.charCodeAt(at) === 43 || source.charCodeAt(at) === 45) at++;
    at = readDigits(source, at);
  }
  if (source.charCodeAt(at) === 46 || isNameStart(source.charCodeAt(at))) {
    throw new DocumentScanError(
      `Invalid number, expected digit but got: ${printCodePoint(source, at)}.`,
      at,
    );
  }
  return { kind: float ? 'Float' : 'Int', value: source.slice(start, at), start, end: at };
}

/** The length of the escape sequence at `at` (a backslash in a string), or throws. */
function escapeLength(source: string, at: number): number {
  if (source.charCodeAt(at + 1) !== 117) {
    if (at + 1 < source.length && '"\\/bfnrt'.includes(source.charAt(at + 1))) return 2;
    throw new DocumentScanError(
      `Invalid character escape sequence: "${source.slice(at, at + 2)}".`,
      at,
    );
  }
  let size = 6;
  if (source.charCodeAt(at + 2) === 123) {
    // \u{…}: at least one hex digit, 12 characters at most, a Unicode scalar value.
    let point = 0;
    size = 3;
    while (size < 12) {
      const code = source.charCodeAt(at + size++);
      if (code === 125) {
        if (size < 5 || !isScalar(point)) break;
        return size;
      }
      point = (point << 4) | hexDigit(code);
      if (point < 0) break;
    }
  } else {
    const unit = hex16(source, at + 2);
    if (isScalar(unit)) return 6;
    // A surrogate pair written as two escapes.
    if (isLeading(unit) && source.startsWith('\\u', at + 6) && isTrailing(hex16(source, at + 8))) {
      return 12;
    }
  }
  throw new DocumentScanError(
    `Invalid Unicode escape sequence: "${source.slice(at, at + size)}".`,
    at,
  );
}

function readString(source: string, start: number): Token {
  let at = start + 1;
  while (at < source.length) {
    const code = source.charCodeAt(at);
    if (code === 34)
      return { kind: 'String', value: source.slice(start + 1, at), start, end: at + 1 };
    if (code === 10 || code === 13) break;
    at = code === 92 ? at + escapeLength(source, at) : sourceCharacter(source, at);
  }
  throw new DocumentScanError('Unterminated string.', at);
}

function readBlockString(source: string, start: number): Token {
  let at = start + 3;
  while (at < source.length) {
    if (source.startsWith('"""', at)) {
      return { kind: 'BlockString', value: source.slice(start + 3, at), start, end: at + 3 };
    }
    const code = source.charCodeAt(at);
    if (source.startsWith('\\"""', at)) at += 4;
    else if (code === 10 || code === 13) at++;
    else at = sourceCharacter(source, at);
  }
  throw new DocumentScanError('Unterminated string.', at);
}

/**
 * The token at `from` or after it, past the ignored: BOM, tabs, spaces, line ends, commas and
 * comments. Throws a {@link DocumentScanError} for what no token can start with.
 */
export function readToken(source: string, from: number): Token {
  let at = from;
  while (at < source.length) {
    const code = source.charCodeAt(at);
    if (code === 0xfeff || code === 9 || code === 32 || code === 44 || code === 10 || code === 13) {
      at++;
    } else if (code === 35) {
      // A comment ends at a line end, or before a character that is not a source character.
      at++;
      while (at < source.length) {
        const next = source.charCodeAt(at);
        if (next === 10 || next === 13) break;
        if (isScalar(next)) at++;
        else if (isSupplementary(source, at)) at += 2;
        else break;
      }
    } else if (PUNCTUATORS.includes(source.charAt(at))) {
      return { kind: source.charAt(at), value: undefined, start: at, end: at + 1 };
    } else if (source.startsWith('...', at)) {
      return { kind: '...', value: undefined, start: at, end: at + 3 };
    } else if (source.startsWith('"""', at)) {
      return readBlockString(source, at);
    } else if (code === 34) {
      return readString(source, at);
    } else if (isDigit(code) || code === 45) {
      return readNumber(source, at);
    } else if (isNameStart(code)) {
      let end = at + 1;
      while (isNameStart(source.charCodeAt(end)) || isDigit(source.charCodeAt(end))) end++;
      return { kind: NAME, value: source.slice(at, end), start: at, end };
    } else {
      throw new DocumentScanError(
        code === 39
          ? `Unexpected single quote character ('), did you mean to use a double quote (")?`
          : isScalar(code) || isSupplementary(source, at)
            ? `Unexpected character: ${printCodePoint(source, at)}.`
            : `Invalid character: ${printCodePoint(source, at)}.`,
        at,
      );
    }
  }
  return { kind: EOF, value: undefined, start: at, end: at };
}

/**
 * The (1-based) line and column of an offset, as graphql-js counts them: `\r\n`, `\n` and `\r`
 * end a line.
 */
export function lineAndColumn(source: string, position: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (const match of source.matchAll(/\r\n|[\n\r]/g)) {
    if (match.index >= position) break;
    line++;
    lineStart = match.index + match[0].length;
  }
  return [line, position + 1 - lineStart];
}
