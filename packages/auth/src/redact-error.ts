import { createRedactor, type Redactor } from './redact.js';

/**
 * Deeper than this, what hangs off an error is dropped rather than walked: a real cause chain is
 * a handful of errors deep (ours, fetch's TypeError, undici's socket or parser error).
 */
const MAX_DEPTH = 16;

/** Raw bytes: undici's HTTPParserError keeps what followed a parse error, an echo included. */
function isBinary(value: object): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

/** Containers walked in place: errors, arrays (`AggregateError.errors`) and plain objects. */
function isWalked(value: object): boolean {
  if (value instanceof Error || Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Removes `key` from `holder`, or blanks it when it cannot be removed. */
function drop(holder: object, key: PropertyKey): void {
  if (Reflect.deleteProperty(holder, key)) return;
  Reflect.set(holder, key, undefined);
}

function scrub(holder: object, redactText: Redactor, seen: WeakSet<object>, depth: number): void {
  seen.add(holder);
  for (const key of Reflect.ownKeys(holder)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(holder, key);
    // An accessor (a DOMException's message) belongs to the runtime, not to what a server sent.
    if (!descriptor || !('value' in descriptor)) continue;
    const value: unknown = descriptor.value;
    if (typeof value === 'string') {
      const redacted = redactText(value);
      if (redacted !== value && !Reflect.set(holder, key, redacted)) drop(holder, key);
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      if (isBinary(value) || (isWalked(value) && depth >= MAX_DEPTH)) drop(holder, key);
      else if (isWalked(value)) scrub(value, redactText, seen, depth + 1);
    }
  }
}

/**
 * Replaces every listed secret (and anything shaped like a token, as {@link redact} does) in
 * `error`, in place: every own string property of the error, of each error in its `cause` chain
 * and its `errors` (an AggregateError), and of the plain objects and arrays hanging off them, a
 * non-Error `cause` included. Raw bytes (undici's `HTTPParserError.data`) are dropped, since they
 * may hold an echo of the request in any encoding, and so is anything nested deeper than 16
 * levels; cycles are walked once. A property that cannot be written is removed instead; objects
 * of other classes (a URL, a signal's reason) are left as they are.
 */
export function redactError<E extends Error>(error: E, secrets: readonly string[]): E {
  scrub(error, createRedactor(secrets), new WeakSet(), 0);
  return error;
}
