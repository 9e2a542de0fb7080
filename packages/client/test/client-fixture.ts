import type { Emulator } from '@admin-api/emulator';
import { emulatorCredentials } from '@admin-api/emulator/testing';
import { expect } from 'vitest';
import {
  type AdminClient,
  type AdminClientBaseOptions,
  ConfigurationError,
  createAdminClient,
} from '../src/index.js';

/**
 * A client for the emulator, pacing off, with fast retries so tests do not sleep through real
 * backoff; `options` override, and retry options merge over the fast defaults.
 */
export function clientFor(emulator: Emulator, options: Partial<AdminClientBaseOptions> = {}) {
  return createAdminClient({
    ...emulatorCredentials(emulator),
    rateLimit: false,
    ...options,
    retry: {
      baseDelayMs: 5,
      maxDelayMs: 20,
      ...(options.retry === false ? { retries: 0, rateLimitRetries: 0 } : options.retry),
    },
  });
}

/** The service's 429 as an emulator fault, with `Retry-After` when given. */
export const tooMany = (retryAfter?: string) => ({
  status: 429,
  body: '{"errors":[{"message":"Too many requests"}]}',
  headers: {
    'content-type': 'application/json',
    ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
  },
});

/** Calls `fn`, which must throw a ConfigurationError, and returns the error. */
export function thrown(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a throw');
}

/** Awaits a promise that must reject and returns the reason. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

/**
 * The ConfigurationError that a client of `createAdminClientFromEnv` fails its first call with;
 * reading its `endpoint` then throws one too, since the environment is read again.
 */
export async function refusedAtFirstUse(client: AdminClient): Promise<ConfigurationError> {
  const error = await rejection(client.request('{ me { id } }'));
  expect(error).toBeInstanceOf(ConfigurationError);
  expect(() => client.endpoint).toThrow(ConfigurationError);
  return error as ConfigurationError;
}
