import { ConfigurationError } from './errors.js';
import { isRecord } from './is-record.js';

/** The longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a value is, for a message: its type, never its content (it may be a secret). */
function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

function invalidOption(name: string, expected: string, got: string): ConfigurationError {
  return new ConfigurationError('INVALID_OPTION', `"${name}" must be ${expected} (got ${got})`);
}

/** Out of range: a number or a boolean is shown as it is (no secret is one), else its type. */
function invalid(name: string, expected: string, value: unknown): ConfigurationError {
  const shown =
    typeof value === 'number' || typeof value === 'boolean' ? String(value) : describeType(value);
  return invalidOption(name, expected, shown);
}

/** Of the wrong type: shown by its type only. */
function wrongType(name: string, expected: string, value: unknown): ConfigurationError {
  return invalidOption(name, expected, describeType(value));
}

/**
 * A time budget or delay in milliseconds: a finite number up to {@link MAX_TIMER_MS}, above zero
 * unless `allowZero`. Throws a {@link ConfigurationError} naming the option otherwise.
 */
export function checkDurationMs(name: string, value: unknown, allowZero = false): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    (value === 0 && !allowZero) ||
    value > MAX_TIMER_MS
  ) {
    throw invalid(
      name,
      `a ${allowZero ? 'non-negative' : 'positive'} number of milliseconds up to ${MAX_TIMER_MS} (the timer maximum)`,
      value,
    );
  }
  return value;
}

/** A count such as a number of retries: a non-negative safe integer. */
export function checkCount(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(name, 'a non-negative integer', value);
  }
  return value;
}

/** A size or limit: a positive safe integer. */
export function checkPositiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalid(name, 'a positive integer', value);
  }
  return value;
}

/** An optional function option, e.g. `fetch` or `onEvent`. */
export function checkOptionalFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function')
    throw wrongType(name, 'a function', value);
}

/** An optional boolean option; `'false'` from an env file is the mistake this catches. */
export function checkOptionalBoolean(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') {
    throw wrongType(name, 'true or false', value);
  }
}

/** An option that is absent, `false` to turn a feature off, or an object of settings. */
export function checkFalseOrObject(name: string, value: unknown, example: string): void {
  if (value !== undefined && value !== false && !isRecord(value)) {
    throw wrongType(name, `false or an object such as ${example}`, value);
  }
}

const listed = (methods: readonly string[]) => methods.map((m) => `${m}()`).join(' and ');

/**
 * An optional object that must have these methods, and may have the optional ones (then as
 * methods), e.g. a `rateLimiter`, a `fleet` or a token `store`.
 */
export function checkOptionalImplementation(
  name: string,
  value: unknown,
  methods: readonly string[],
  optionalMethods: readonly string[] = [],
): void {
  if (value === undefined) return;
  const valid =
    isRecord(value) &&
    methods.every((method) => typeof value[method] === 'function') &&
    optionalMethods.every(
      (method) => value[method] === undefined || typeof value[method] === 'function',
    );
  if (!valid) {
    const optional =
      optionalMethods.length > 0 ? `, and optionally ${listed(optionalMethods)}` : '';
    throw wrongType(name, `an object with ${listed(methods)}${optional}`, value);
  }
}

/** A per-call `signal`: an AbortSignal, or absent. */
export function checkOptionalSignal(value: unknown): void {
  if (value === undefined) return;
  const signal = value as Partial<AbortSignal> | null;
  if (
    typeof signal !== 'object' ||
    signal === null ||
    typeof signal.aborted !== 'boolean' ||
    typeof signal.addEventListener !== 'function' ||
    typeof signal.removeEventListener !== 'function'
  ) {
    throw wrongType('signal', 'an AbortSignal', value);
  }
}
