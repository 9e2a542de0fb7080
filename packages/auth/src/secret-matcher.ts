import { decodeEscapes, hasEscapes } from './decode-escapes.js';

/** Shorter values are not secrets worth hunting for, and would match ordinary words. */
const MIN_SECRET_LENGTH = 4;
/**
 * Layers of escapes undone: one for a value echoed in a URL, a form, a JSON string or an HTML
 * page; a second for one of those inside another (a form body quoted in JSON, a URL in a query).
 */
const DECODE_LAYERS = 2;
/** Longest escape that can be cut short at the end of a read: `&#x10FFFF;` less its `;`. */
const LONGEST_ESCAPE = 12;

/** A range of a text, `[start, end)`. */
export type TextRange = readonly [start: number, end: number];

/** Secrets prepared once, to look for in any number of texts. */
export interface SecretMatcher {
  /**
   * Where `text` holds a secret, in any form a server may echo it. With `truncated` (the text is
   * the beginning of a longer body), also the beginning of one that the cut left at the end.
   */
  ranges(text: string, truncated: boolean): TextRange[];
  /** The index in `secrets` of the first secret `text` holds in any form, or -1. */
  find(text: string): number;
}

interface Pattern {
  readonly index: number;
  readonly folded: string;
  /** KMP failure function of `folded`, built when first needed. */
  failure: Int32Array | undefined;
}

/**
 * `+` and a space are one character to the matcher: a form encoder turns a space into `+`, and a
 * form decoder turns a `+` sent unencoded into a space; a server may echo either.
 */
function fold(text: string): string {
  return text.includes('+') ? text.replaceAll('+', ' ') : text;
}

function failureOf(pattern: Pattern): Int32Array {
  if (pattern.failure) return pattern.failure;
  const p = pattern.folded;
  const failure = new Int32Array(p.length);
  for (let i = 1, k = 0; i < p.length; i++) {
    while (k > 0 && p.charCodeAt(i) !== p.charCodeAt(k)) k = failure[k - 1] ?? 0;
    if (p.charCodeAt(i) === p.charCodeAt(k)) k++;
    failure[i] = k;
  }
  pattern.failure = failure;
  return failure;
}

/** Length of the longest beginning of `pattern` that `text.slice(0, end)` ends with. */
function partialAtEnd(text: string, end: number, pattern: Pattern): number {
  const p = pattern.folded;
  const failure = failureOf(pattern);
  let state = 0;
  for (let i = Math.max(0, end - p.length + 1); i < end; i++) {
    const code = text.charCodeAt(i);
    while (state > 0 && code !== p.charCodeAt(state)) state = failure[state - 1] ?? 0;
    if (code === p.charCodeAt(state)) state++;
    if (state === p.length) state = failure[state - 1] ?? 0;
  }
  return state;
}

const UNFINISHED_ESCAPE =
  /(?:%[89a-f][0-9a-f]){0,3}%[0-9a-f]?$|(?:%[89a-f][0-9a-f]){1,3}$|\\(?:u[0-9a-f]{0,3})?$|&(?:#x?[0-9a-f]{0,7}|[a-z]{0,5})$/i;

/**
 * Where the escapes that the cut left unfinished start (`%2`, `\u00`, `&#x2`, the first bytes of
 * a UTF-8 sequence, or one inside another: `\%` is `\` whose `%2F` was cut), or `text.length`.
 * Only the last few characters are looked at.
 */
function unfinishedEscapeStart(text: string): number {
  let end = text.length;
  for (let layer = 0; layer <= DECODE_LAYERS; layer++) {
    const from = Math.max(0, end - LONGEST_ESCAPE);
    const match = UNFINISHED_ESCAPE.exec(text.slice(from, end));
    if (!match) break;
    end = from + match.index;
  }
  return end;
}

/**
 * Prepares `secrets` for {@link SecretMatcher}: each is looked for as is, with `+` and spaces
 * interchanged, and under up to two layers of percent-encoding (either hex case), JSON string
 * escapes and HTML character references, in any mix. Time is linear in the text searched.
 */
export function createSecretMatcher(secrets: readonly string[]): SecretMatcher {
  const patterns: Pattern[] = [];
  secrets.forEach((secret, index) => {
    if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) {
      patterns.push({ index, folded: fold(secret), failure: undefined });
    }
  });
  const shortest = Math.min(...patterns.map((p) => p.folded.length));

  /**
   * Calls `visit` with the text at each decoding layer (folded) and a function mapping one of its
   * ranges back to the original text; stops early when `visit` returns true.
   */
  function eachLayer(
    text: string,
    visit: (
      layer: string,
      raw: string,
      toOriginal: (start: number, end: number) => TextRange,
    ) => boolean,
  ): void {
    let raw = text;
    let starts: Int32Array | undefined;
    let ends: Int32Array | undefined;
    for (let layer = 0; ; layer++) {
      const s = starts;
      const e = ends;
      const current = raw;
      const toOriginal = (start: number, end: number): TextRange =>
        s && e
          ? [
              start < current.length ? (s[start] ?? text.length) : text.length,
              e[end - 1] ?? text.length,
            ]
          : [start, end];
      if (visit(fold(current), current, toOriginal)) return;
      if (layer === DECODE_LAYERS || !hasEscapes(raw)) return;
      const decoded = decodeEscapes(raw);
      if (!decoded.changed) return;
      if (s && e) {
        const composedStarts = new Int32Array(decoded.text.length);
        const composedEnds = new Int32Array(decoded.text.length);
        for (let i = 0; i < decoded.text.length; i++) {
          composedStarts[i] = s[decoded.starts[i] ?? 0] ?? 0;
          composedEnds[i] = e[(decoded.ends[i] ?? 1) - 1] ?? text.length;
        }
        starts = composedStarts;
        ends = composedEnds;
      } else {
        starts = decoded.starts;
        ends = decoded.ends;
      }
      raw = decoded.text;
    }
  }

  return {
    ranges(text, truncated) {
      const found: TextRange[] = [];
      if (patterns.length === 0 || (text.length < shortest && !truncated)) return found;
      eachLayer(text, (layer, raw, toOriginal) => {
        for (const pattern of patterns) {
          const { length } = pattern.folded;
          for (
            let at = layer.indexOf(pattern.folded);
            at !== -1;
            at = layer.indexOf(pattern.folded, at + length)
          ) {
            found.push(toOriginal(at, at + length));
          }
        }
        if (truncated) {
          const cut = unfinishedEscapeStart(raw);
          let start = cut;
          for (const pattern of patterns) {
            start = Math.min(start, cut - partialAtEnd(layer, cut, pattern));
          }
          if (start < layer.length) found.push([toOriginal(start, start + 1)[0], text.length]);
        }
        return false;
      });
      return found;
    },
    find(text) {
      let index = -1;
      if (patterns.length === 0 || text.length < shortest) return index;
      eachLayer(text, (layer) => {
        const pattern = patterns.find((p) => layer.includes(p.folded));
        if (pattern) index = pattern.index;
        return pattern !== undefined;
      });
      return index;
    },
  };
}
