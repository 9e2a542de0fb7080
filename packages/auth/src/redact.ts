const MIN_SECRET_LENGTH = 4;
const REDACTED = '[redacted]';
/** Shortest segment of a JWT-shaped run: shorter dotted words are prose, not tokens. */
const MIN_JWT_SEGMENT = 8;
/** Deeper JSON than this is cut rather than walked: no real GraphQL error nests this far. */
const MAX_DEPTH = 64;

/**
 * The forms in which a secret can come back from a server: as sent in a form body
 * (`a%2Bb%2Fc%3D%3D`), percent-encoded with either hex case, and form-decoded by a server that
 * took `+` for a space (`a b/c==`).
 */
function secretVariants(secret: string): string[] {
  const form = new URLSearchParams({ v: secret }).toString().slice(2);
  const uri = encodeURIComponent(secret);
  const lowerHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
  const variants = new Set([secret, form, uri, lowerHex(form), lowerHex(uri)]);
  variants.add(secret.replaceAll('+', ' '));
  return [...variants].filter((v) => v.length >= MIN_SECRET_LENGTH);
}

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

/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`, in the forms a server
 * may echo it (see {@link secretVariants}), and also anything shaped like a JWT or a `Bearer`
 * credential, so that a token issued earlier is caught too. Runs in time linear in `text`.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    for (const variant of secretVariants(secret)) {
      if (result.includes(variant)) result = result.split(variant).join(REDACTED);
    }
  }
  return redactShapes(result);
}

/**
 * A copy of a JSON-like value with every string in it, keys included, passed through
 * {@link redact}. Errors and partial data a server sends can echo anything it was sent.
 */
export function redactDeep(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return redact(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[redact(key, secrets)] = redactDeep(item, secrets, depth + 1);
  }
  return copy;
}

/**
 * A short, one-line excerpt of a response body for an error. Redacts before cutting, so a
 * secret or token that straddles the cut cannot leave its beginning behind.
 */
export function bodyExcerpt(body: string, secrets: readonly string[], maxLength: number): string {
  const flat = redact(body, secrets).replace(/\s+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength)}…` : flat;
}

/** Shows enough of a token to correlate log lines, never enough to use it. */
export function tokenFingerprint(accessToken: string): string {
  return accessToken.length <= 12 ? '…' : `…${accessToken.slice(-6)}`;
}
