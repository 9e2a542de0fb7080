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

/** Collections whose entries are internal slots, out of reach of a walk of properties. */
function isCollection(value: object): boolean {
  return (
    value instanceof Map ||
    value instanceof Set ||
    value instanceof WeakMap ||
    value instanceof WeakSet
  );
}

/** Removes `key` from `holder`, or blanks it; false when neither is possible (a frozen holder). */
function drop(holder: object, key: PropertyKey): boolean {
  return Reflect.deleteProperty(holder, key) || Reflect.set(holder, key, undefined);
}

/**
 * Redacts the strings among `holder`'s own data properties and walks the objects among them.
 * False when something that had to change could not, so that the caller drops `holder` itself.
 */
function scrub(
  holder: object,
  redactText: Redactor,
  seen: WeakSet<object>,
  depth: number,
): boolean {
  seen.add(holder);
  let clean = true;
  for (const key of Reflect.ownKeys(holder)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(holder, key);
    // Only data properties: calling a getter would run code of whoever made the object.
    if (!descriptor || !('value' in descriptor)) continue;
    const value: unknown = descriptor.value;
    if (typeof value === 'string') {
      const redacted = redactText(value);
      if (redacted !== value && !Reflect.set(holder, key, redacted) && !drop(holder, key)) {
        clean = false;
      }
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      const unwalkable = isBinary(value) || isCollection(value) || depth >= MAX_DEPTH;
      if (unwalkable || !scrub(value, redactText, seen, depth + 1)) {
        if (!drop(holder, key)) clean = false;
      }
    }
  }
  return clean;
}

/**
 * Replaces every listed secret (and anything shaped like a token, as {@link redact} does) in
 * `error`, in place: every own string data property of the error and of every object hanging off
 * it, whatever its class: its `cause` chain, an AggregateError's `errors`, what a custom `fetch`
 * attached. Raw bytes (undici's `HTTPParserError.data`, which may hold an echo of the request in
 * any encoding), Maps and Sets (their entries are out of reach) and anything nested deeper than
 * 16 levels are dropped; cycles are walked once; getters are never called. A property that
 * cannot be written is removed, and an object that can be neither is dropped from its holder.
 */
export function redactError<E extends Error>(error: E, secrets: readonly string[]): E {
  scrub(error, createRedactor(secrets), new WeakSet(), 0);
  return error;
}
