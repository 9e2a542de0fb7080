import { ConfigurationError } from './errors.js';

/** The longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

function invalid(name: string, expected: string, value: unknown): ConfigurationError {
  const shown =
    typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value;
  return new ConfigurationError('INVALID_OPTION', `"${name}" must be ${expected} (got ${shown})`);
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
