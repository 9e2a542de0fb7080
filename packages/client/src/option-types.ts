import { ConfigurationError } from '@admin-api/auth';

/** What a value is, for a message: its type, never its content (it may be a secret). */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

function wrongType(name: string, expected: string, value: unknown): ConfigurationError {
  return new ConfigurationError(
    'INVALID_OPTION',
    `"${name}" must be ${expected} (got ${describeType(value)})`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  if (value !== undefined && value !== false && !isObject(value)) {
    throw wrongType(name, `false or an object such as ${example}`, value);
  }
}

/** An optional object that must have these methods, e.g. a `rateLimiter` or a `fleet`. */
export function checkOptionalImplementation(
  name: string,
  value: unknown,
  methods: readonly string[],
): void {
  if (value === undefined) return;
  const missing = isObject(value)
    ? methods.filter((method) => typeof value[method] !== 'function')
    : methods;
  if (missing.length > 0) {
    throw wrongType(name, `an object with ${methods.map((m) => `${m}()`).join(' and ')}`, value);
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
