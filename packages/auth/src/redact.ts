import { createSecretMatcher, type TextRange } from './secret-matcher.js';

const REDACTED = '[redacted]';
/** Shortest segment of a JWT-shaped run: shorter dotted words are prose, not tokens. */
const MIN_JWT_SEGMENT = 8;
/** Deeper JSON than this is cut rather than walked: no real GraphQL error nests this far. */
const MAX_DEPTH = 64;

function isTokenChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 45 || // -
    code === 95 // _
  );
}

function isWordChar(code: number): boolean {
  return isTokenChar(code) && code !== 45;
}

function isSpace(char: string): boolean {
  return (
    char === ' ' ||
    char === '\t' ||
    char === '\n' ||
    char === '\r' ||
    char === '\f' ||
    char === '\v' ||
    char === '\u00a0'
  );
}

/** Ends the credential that follows `Bearer `: what a header value or a quoted string would end with. */
function endsCredential(char: string): boolean {
  return isSpace(char) || char === '"' || char === "'" || char === ',' || char === ';';
}

function startsWithBearer(text: string, at: number): boolean {
  return text.slice(at, at + 6).toLowerCase() === 'bearer';
}

/**
 * One left-to-right pass that redacts JWT-shaped runs (three or more base64url segments of at
 * least eight characters, joined by single dots) and the credential after `Bearer`. Linear by
 * construction: the cursor only moves forward and each character is looked at a bounded number
 * of times, whatever the input (a regex with overlapping quantifiers took quadratic time).
 */
function redactShapes(text: string): string {
  const out: string[] = [];
  let copiedUpTo = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (!isTokenChar(code)) {
      i++;
      continue;
    }
    // A run of token characters starts here; it may open a dotted chain or be `Bearer`.
    const atWordStart = i === 0 || !isWordChar(text.charCodeAt(i - 1));
    if (atWordStart && (code === 66 || code === 98) && startsWithBearer(text, i)) {
      let j = i + 6;
      let spaces = 0;
      while (j < n && isSpace(text.charAt(j))) {
        j++;
        spaces++;
      }
      if (spaces > 0 && j < n && !endsCredential(text.charAt(j))) {
        let end = j;
        while (end < n && !endsCredential(text.charAt(end))) end++;
        out.push(text.slice(copiedUpTo, j), REDACTED);
        copiedUpTo = end;
        i = end;
        continue;
      }
    }
    const chainStart = i;
    let segments = 0;
    let lastEnd = i;
    let cursor = i;
    for (;;) {
      let end = cursor;
      while (end < n && isTokenChar(text.charCodeAt(end))) end++;
      if (end - cursor < MIN_JWT_SEGMENT) {
        // A short segment ends the chain; it is rescanned as a run of its own only if it
        // is the chain's first, so the cursor still never moves back past `lastEnd`.
        if (segments === 0) cursor = end;
        break;
      }
      segments++;
      lastEnd = end;
      cursor = end;
      if (end + 1 < n && text.charAt(end) === '.' && isTokenChar(text.charCodeAt(end + 1))) {
        cursor = end + 1;
        continue;
      }
      break;
    }
    if (segments >= 3) {
      out.push(text.slice(copiedUpTo, chainStart), REDACTED);
      copiedUpTo = lastEnd;
      i = lastEnd;
    } else {
      i = segments === 0 ? cursor : lastEnd;
    }
  }
  if (copiedUpTo === 0) return text;
  out.push(text.slice(copiedUpTo));
  return out.join('');
}

/** `text` with each of `ranges` (in any order, overlapping or not) replaced by `[redacted]`. */
function replaceRanges(text: string, ranges: TextRange[]): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let end = -1;
  for (const [start, rangeEnd] of ranges) {
    // Overlapping and adjacent ranges become one `[redacted]`.
    if (start > end) out.push(text.slice(Math.max(end, 0), start), REDACTED);
    end = Math.max(end, rangeEnd);
  }
  out.push(text.slice(end));
  return out.join('');
}

/**
 * At the end of a text cut short, a run of token characters may be the beginning of a credential
 * too short to look like one any more (two segments of a JWT): it goes as well.
 */
function redactCutCredential(text: string): string {
  let start = text.length;
  while (start > 0 && isCredentialChar(text.charCodeAt(start - 1))) start--;
  return text.length - start >= MIN_JWT_SEGMENT ? `${text.slice(0, start)}${REDACTED}` : text;
}

function isCredentialChar(code: number): boolean {
  // token68 (RFC 6750) and the dots of a JWT.
  return (
    isTokenChar(code) || code === 46 || code === 126 || code === 43 || code === 47 || code === 61
  );
}

/** Secrets prepared once, for many texts. */
export type Redactor = (text: string, truncated?: boolean) => string;

/** {@link redact} with `secrets` prepared once, for many texts. */
export function createRedactor(secrets: readonly string[]): Redactor {
  const matcher = createSecretMatcher(secrets);
  return (text, truncated = false) => {
    const shaped = redactShapes(replaceRanges(text, matcher.ranges(text, truncated)));
    return truncated ? redactCutCredential(shaped) : shaped;
  };
}

/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`, in any form a server may
 * echo it: as is; with `+` read as a space or a space sent as `+`; under up to two layers of
 * percent-encoding (either hex case), JSON string escapes (`\/`, `\u002B`) and HTML character
 * references (`&#x2F;`), in any mix. Also anything shaped like a JWT or a `Bearer` credential, so
 * that a token issued earlier is caught too. With `truncated` (the text is the beginning of a
 * longer body), the beginning of a secret or credential that the cut left at the end goes too.
 * Runs in time linear in `text`.
 */
export function redact(text: string, secrets: readonly string[], truncated = false): string {
  return createRedactor(secrets)(text, truncated);
}

/**
 * The forms a URL can show each of `secrets` in: as written, and lowercased, since `URL`
 * lowercases the scheme and host it parsed a secret into.
 */
export function urlSecretForms(secrets: readonly string[]): string[] {
  return [...new Set(secrets.flatMap((secret) => [secret, secret.toLowerCase()]))];
}

/** The first of `secrets` that `text` holds in any form {@link redact} knows, if any. */
export function findSecret(text: string, secrets: readonly string[]): string | undefined {
  return secrets[createSecretMatcher(secrets).find(text)];
}

/**
 * A copy of a JSON-like value with every string in it, keys included, passed through
 * {@link redact}. Errors and partial data a server sends can echo anything it was sent. The
 * secrets are prepared once per call; anything nested deeper than 64 levels is cut.
 */
export function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  const redactText = createRedactor(secrets);
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redactText(item);
    if (typeof item !== 'object' || item === null) return item;
    if (depth >= MAX_DEPTH) return REDACTED;
    if (Array.isArray(item)) return item.map((element) => walk(element, depth + 1));
    // fromEntries defines keys such as `__proto__` as plain properties, as JSON.parse does.
    return Object.fromEntries(
      Object.entries(item).map(([key, element]) => [redactText(key), walk(element, depth + 1)]),
    );
  };
  return walk(value, 0);
}

/**
 * A short, one-line excerpt of a response body for an error. Redacts before cutting, so a
 * secret or token that straddles the cut cannot leave its beginning behind; pass `truncated` when
 * the body itself was cut at a read limit, for the same reason.
 */
export function bodyExcerpt(
  body: string,
  secrets: readonly string[],
  maxLength: number,
  truncated = false,
): string {
  const flat = redact(body, secrets, truncated).replace(/\s+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength)}…` : flat;
}

/** Shows enough of a token to correlate log lines, never enough to use it. */
export function tokenFingerprint(accessToken: string): string {
  return accessToken.length <= 12 ? '…' : `…${accessToken.slice(-6)}`;
}
