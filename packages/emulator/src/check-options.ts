import { checkStoreOptions } from './check-store-options.js';
import { checkErrorBlockOptions } from './error-block-rules.js';
import { EmulatorOptionError } from './errors.js';
import { checkQueryLimitOptions } from './query-limits.js';
import type { EmulatorOptions } from './start-emulator.js';
import { checkWebhookOptions } from './webhook-options.js';

interface IntegerRule {
  min: number;
  max?: number;
  /** A usable value, shown in the message. */
  example: number;
  /** What the number counts, e.g. `seconds`. */
  unit?: string;
}

function describeRange({ min, max, unit }: IntegerRule): string {
  const kind =
    max !== undefined
      ? `an integer from ${min} to ${max}`
      : min === Number.MIN_SAFE_INTEGER
        ? 'an integer'
        : min === 1
          ? 'a positive integer'
          : min === 0
            ? 'a non-negative integer'
            : `an integer of at least ${min}`;
  return unit ? `${kind} number of ${unit}` : kind;
}

/** The kind of `value` alone, for a message about an option that may hold a secret. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (value === '') return 'an empty string';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** What was given, for a message: a number or boolean as itself, anything else by its kind. */
function describeGiven(value: unknown): string {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : kindOf(value);
}

/** `value` if it is a safe integer within `rule`; otherwise throws an {@link EmulatorOptionError}. */
export function checkInteger(name: string, value: unknown, rule: IntegerRule): number {
  const max = rule.max ?? Number.MAX_SAFE_INTEGER;
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value < rule.min ||
    value > max
  ) {
    throw new EmulatorOptionError(
      `"${name}" must be ${describeRange(rule)}, e.g. ${rule.example} (got ${describeGiven(value)})`,
    );
  }
  return value;
}

/**
 * Throws unless `value` is a non-empty string (an empty secret would be "found" in every
 * request); the message never shows the value, which may be the secret.
 */
function checkText(name: string, value: unknown, example: string): void {
  if (typeof value !== 'string' || value === '') {
    throw new EmulatorOptionError(
      `"${name}" must be a non-empty string, e.g. '${example}' (got ${kindOf(value)})`,
    );
  }
}

const PORT = { min: 0, max: 65_535, example: 0 } as const;
const COUNT = { min: 0, example: 10 } as const;

/**
 * Throws an {@link EmulatorOptionError} for the first option given that the emulator cannot use,
 * before anything listens. `tokenLifetimeS` is checked by the settings; `schema` by graphql.
 */
export function checkEmulatorOptions(options: EmulatorOptions): void {
  const { host, authPort, graphqlPort, clientId, clientSecret, rateLimit, now, fixtures } = options;
  if (host !== undefined) checkText('host', host, '127.0.0.1');
  if (authPort !== undefined) checkInteger('authPort', authPort, PORT);
  if (graphqlPort !== undefined) checkInteger('graphqlPort', graphqlPort, PORT);
  if (authPort !== undefined && authPort !== 0 && authPort === graphqlPort) {
    throw new EmulatorOptionError(
      `"authPort" and "graphqlPort" must differ: the two hosts are two origins (both ${authPort})`,
    );
  }
  if (clientId !== undefined) checkText('clientId', clientId, 'emulator-client');
  if (clientSecret !== undefined) checkText('clientSecret', clientSecret, 'emu_secret_1');
  if (rateLimit !== undefined && rateLimit !== false) {
    if (typeof rateLimit !== 'object' || rateLimit === null) {
      throw new EmulatorOptionError(
        `"rateLimit" must be false or { limit?, windowMs? } (got ${describeGiven(rateLimit)})`,
      );
    }
    if (rateLimit.limit !== undefined) {
      checkInteger('rateLimit.limit', rateLimit.limit, { min: 1, example: 50 });
    }
    if (rateLimit.windowMs !== undefined) {
      checkInteger('rateLimit.windowMs', rateLimit.windowMs, {
        min: 1,
        example: 10_000,
        unit: 'milliseconds',
      });
    }
  }
  if (now !== undefined && typeof now !== 'function') {
    throw new EmulatorOptionError(`"now" must be a function returning epoch milliseconds`);
  }
  if (fixtures !== undefined) checkFixtures('fixtures', fixtures);
  if (options.queryLimits !== undefined) checkQueryLimitOptions(options.queryLimits);
  if (options.errorBlocks !== undefined) checkErrorBlockOptions(options.errorBlocks);
  checkStoreOptions(options);
  if (options.webhooks !== undefined) checkWebhookOptions(options.webhooks);
}

/** Throws an {@link EmulatorOptionError} unless `fixtures` are usable fixture options. */
export function checkFixtures(name: string, fixtures: unknown): void {
  if (typeof fixtures !== 'object' || fixtures === null) {
    throw new EmulatorOptionError(
      `"${name}" must be { seed?, products?, customers?, orders? } (got ${describeGiven(fixtures)})`,
    );
  }
  const given = fixtures as Record<string, unknown>;
  if (given.seed !== undefined) {
    checkInteger(`${name}.seed`, given.seed, { min: Number.MIN_SAFE_INTEGER, example: 1 });
  }
  for (const key of ['products', 'customers', 'orders'] as const) {
    const count = given[key];
    if (count !== undefined) checkInteger(`${name}.${key}`, count, COUNT);
  }
}
