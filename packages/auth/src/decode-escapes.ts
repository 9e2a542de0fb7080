/** One layer of escapes undone, with where each decoded unit came from in the source. */
export interface DecodedText {
  readonly text: string;
  /** For each UTF-16 unit of `text`: where the escape (or plain character) it came from starts in the source. */
  readonly starts: Int32Array;
  /** …and where it ends (exclusive). */
  readonly ends: Int32Array;
  /** False when the source held no escape that could be undone: `text` is the source. */
  readonly changed: boolean;
}

/** HTML named references a server's error page may use for a character of an echoed value. */
const NAMED_REFERENCES: readonly (readonly [string, number])[] = [
  ['amp;', 38],
  ['lt;', 60],
  ['gt;', 62],
  ['quot;', 34],
  ['apos;', 39],
];

/** JSON's two-character escapes, by the character after the backslash. */
const JSON_SHORT_ESCAPES: Readonly<Record<string, number>> = {
  '"': 34,
  '\\': 92,
  '/': 47,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
};

/** True when `text` holds a character that starts an escape {@link decodeEscapes} undoes. */
export function hasEscapes(text: string): boolean {
  return text.includes('%') || text.includes('\\') || text.includes('&');
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

/** The value of `count` hex digits at `at`, or -1. */
function hexAt(source: string, at: number, count: number): number {
  if (at + count > source.length) return -1;
  let value = 0;
  for (let i = 0; i < count; i++) {
    const digit = hexDigit(source.charCodeAt(at + i));
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

function isCodePoint(value: number): boolean {
  return value > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff);
}

/** A percent-encoded UTF-8 sequence at `at`: its code point and length, or undefined. */
function percentAt(source: string, at: number): { codePoint: number; length: number } | undefined {
  const lead = hexAt(source, at + 1, 2);
  if (lead < 0) return undefined;
  if (lead < 0x80) return { codePoint: lead, length: 3 };
  const more = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc2 ? 1 : -1;
  if (more < 0 || lead > 0xf4) return undefined;
  let codePoint = lead & (0x3f >> more);
  let end = at + 3;
  for (let i = 0; i < more; i++, end += 3) {
    if (source.charCodeAt(end) !== 37) return undefined;
    const next = hexAt(source, end + 1, 2);
    if (next < 0x80 || next > 0xbf) return undefined;
    codePoint = (codePoint << 6) | (next & 0x3f);
  }
  const smallest = [0, 0x80, 0x800, 0x10000][more] ?? 0;
  return codePoint >= smallest && isCodePoint(codePoint)
    ? { codePoint, length: end - at }
    : undefined;
}

/** A JSON escape at `at` (`\n`, `\/`, `\u002B`): its UTF-16 unit and length, or undefined. */
function jsonEscapeAt(source: string, at: number): { unit: number; length: number } | undefined {
  const next = source.charAt(at + 1);
  const short = JSON_SHORT_ESCAPES[next];
  if (short !== undefined) return { unit: short, length: 2 };
  if (next !== 'u') return undefined;
  const unit = hexAt(source, at + 2, 4);
  return unit < 0 ? undefined : { unit, length: 6 };
}

/** An HTML character reference at `at` (`&#43;`, `&#x2F;`, `&amp;`), or undefined. */
function htmlReferenceAt(
  source: string,
  at: number,
): { codePoint: number; length: number } | undefined {
  if (source.charCodeAt(at + 1) !== 35) {
    for (const [name, codePoint] of NAMED_REFERENCES) {
      if (source.startsWith(name, at + 1)) return { codePoint, length: name.length + 1 };
    }
    return undefined;
  }
  const hex = (source.charCodeAt(at + 2) | 0x20) === 120;
  const digitsAt = at + (hex ? 3 : 2);
  let end = digitsAt;
  let codePoint = 0;
  // Seven digits reach past U+10FFFF in either base; a longer run is not a reference.
  while (end - digitsAt < 8) {
    const code = source.charCodeAt(end);
    const digit = hex ? hexDigit(code) : code >= 48 && code <= 57 ? code - 48 : -1;
    if (digit < 0) break;
    codePoint = codePoint * (hex ? 16 : 10) + digit;
    end++;
  }
  if (end === digitsAt || source.charCodeAt(end) !== 59 || !isCodePoint(codePoint)) {
    return undefined;
  }
  return { codePoint, length: end + 1 - at };
}

/**
 * Undoes one layer of the escapes a server may have applied to a value it echoes: percent-encoding
 * (either hex case, UTF-8 bytes), JSON string escapes (`\/`, `\uXXXX` in either case) and HTML
 * character references. Kinds may mix; a malformed escape is kept as it is. Linear: each source
 * character is read a bounded number of times, and the result is never longer than the source.
 */
export function decodeEscapes(source: string): DecodedText {
  const n = source.length;
  const units = new Uint16Array(n);
  const starts = new Int32Array(n + 1);
  const ends = new Int32Array(n);
  let length = 0;
  let changed = false;
  const emit = (codePoint: number, from: number, to: number) => {
    if (codePoint > 0xffff) {
      const offset = codePoint - 0x10000;
      units[length] = 0xd800 + (offset >> 10);
      starts[length] = from;
      ends[length++] = to;
      codePoint = 0xdc00 + (offset & 0x3ff);
    }
    units[length] = codePoint;
    starts[length] = from;
    ends[length++] = to;
  };
  for (let i = 0; i < n; ) {
    const code = source.charCodeAt(i);
    let decoded: { codePoint: number; length: number } | undefined;
    if (code === 37) decoded = percentAt(source, i);
    else if (code === 38) decoded = htmlReferenceAt(source, i);
    else if (code === 92) {
      const json = jsonEscapeAt(source, i);
      decoded = json && { codePoint: json.unit, length: json.length };
    }
    if (decoded) {
      emit(decoded.codePoint, i, i + decoded.length);
      i += decoded.length;
      changed = true;
    } else {
      emit(code, i, i + 1);
      i++;
    }
  }
  starts[length] = n;
  if (!changed) return { text: source, starts, ends, changed };
  const chunks: string[] = [];
  for (let at = 0; at < length; at += 8192) {
    chunks.push(String.fromCharCode(...units.subarray(at, Math.min(length, at + 8192))));
  }
  return { text: chunks.join(''), starts: starts.subarray(0, length + 1), ends, changed };
}
