/**
 * How deep a document's text may nest braces, brackets and parentheses before it is parsed.
 * graphql-js parses recursively and runs out of stack at about 2,000 levels (less when called from
 * deeper in a program); real documents nest a few dozen, and selections past `MAX_SELECTION_DEPTH`
 * (64) are refused after parsing anyway.
 */
export const MAX_NESTING = 256;

/** Where a document's text nests past {@link MAX_NESTING}, and the definition it is in. */
export interface TooDeepText {
  /** Offset in the text of the bracket that goes one level too deep. */
  readonly offset: number;
  /** `query "GetMe"`, `fragment "Card"`, `an anonymous query`. */
  readonly definition: string;
}

const OPERATION_KEYWORDS = new Set(['query', 'mutation', 'subscription', 'fragment']);
const OPENING = new Set(['{', '[', '(']);
const CLOSING = new Set(['}', ']', ')']);
const NAME = /[_0-9A-Za-z]/;

/** Offset just past the string that opens at `start` (`"…"` or `"""…"""`), or the text's end. */
function skipString(text: string, start: number): number {
  if (text.startsWith('"""', start)) {
    for (let i = start + 3; i < text.length; i++) {
      if (text.startsWith('\\"""', i)) i += 3;
      else if (text.startsWith('"""', i)) return i + 3;
    }
    return text.length;
  }
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '"' || char === '\n' || char === '\r') return i + 1;
  }
  return text.length;
}

/**
 * Where `text` nests braces, brackets and parentheses deeper than `limit`, outside strings and
 * comments: one pass, no recursion, so it is safe on any input, which `parse` is not. `undefined`
 * when it does not (the text may still not parse: that is for `parse` to say).
 */
export function findTooDeepNesting(text: string, limit = MAX_NESTING): TooDeepText | undefined {
  let depth = 0;
  // The definition being read: its keyword and name, as met at the top level.
  let keyword: string | undefined;
  let name: string | undefined;
  // A directive's name follows `@`: not the definition's.
  let directive = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (char === '"') {
      i = skipString(text, i);
      continue;
    } else if (OPENING.has(char)) {
      depth++;
      if (depth > limit) {
        const label = keyword ?? 'query';
        return {
          offset: i,
          definition: name === undefined ? `an anonymous ${label}` : `${label} "${name}"`,
        };
      }
    } else if (CLOSING.has(char)) {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && char === '}') keyword = name = undefined;
    } else if (char === '@') {
      directive = true;
    } else if (NAME.test(char)) {
      const start = i;
      while (i + 1 < text.length && NAME.test(text[i + 1] as string)) i++;
      if (depth === 0 && !directive) {
        const word = text.slice(start, i + 1);
        if (keyword === undefined && OPERATION_KEYWORDS.has(word)) keyword = word;
        else if (keyword !== undefined && name === undefined) name = word;
      }
      directive = false;
    }
    i++;
  }
  return undefined;
}
