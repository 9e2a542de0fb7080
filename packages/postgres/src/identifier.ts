import { ConfigurationError } from '@admin-api/auth';

/** Identifiers we quote ourselves: plain ones only, so no quoting rule can be got wrong. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `value` when it is a plain identifier of at most `maxLength` characters; else the option is named. */
export function checkIdentifier(name: string, value: unknown, maxLength: number): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value) || value.length > maxLength) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"${name}" must be letters, digits and _ (not starting with a digit), at most ${maxLength} characters`,
    );
  }
  return value;
}
