import * as auth from '@admin-api/auth';
import * as authInternal from '@admin-api/auth/internal';
import * as client from '@admin-api/client';
import * as codegen from '@admin-api/codegen';
import * as emulator from '@admin-api/emulator';
import * as redis from '@admin-api/redis';
import { describe, expect, it } from 'vitest';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Every exported class whose name ends in `Error`, by package. */
function errorClasses(exports: Record<string, unknown>): [string, ErrorClass][] {
  return Object.entries(exports).filter(
    (entry): entry is [string, ErrorClass] =>
      entry[0].endsWith('Error') && typeof entry[1] === 'function',
  );
}

describe('one scheme across the kit', () => {
  it.each([
    ['@admin-api/auth', auth],
    ['@admin-api/client', client],
    ['@admin-api/codegen', codegen],
  ] as const)(
    'every error class %s exports extends AdminApiError, so one catch and one switch on code handle them all',
    (_name, exports) => {
      const classes = errorClasses(exports);
      expect(classes.length).toBeGreaterThan(0);
      for (const [name, errorClass] of classes) {
        expect(
          errorClass.prototype instanceof auth.AdminApiError || errorClass === auth.AdminApiError,
          name,
        ).toBe(true);
      }
    },
  );

  it('the kit exports the error classes the contract names, and fleet mode adds none of its own', () => {
    expect(errorClasses(redis)).toEqual([]);
    const names = [auth, client, codegen].flatMap((exports) =>
      errorClasses(exports).map(([name]) => name),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'AdminApiError',
        'ConfigurationError',
        'TokenRequestError',
        'GraphQLResponseError',
        'HttpError',
        'RateLimitError',
        'AuthError',
        'NetworkError',
        'TimeoutError',
        'AbortedError',
        'CodegenError',
      ]),
    );
  });

  it('the emulator serves the paths the kit calls (it depends on nothing of ours, so it keeps its own copy)', () => {
    expect(emulator.TOKEN_PATH).toBe(authInternal.TOKEN_PATH);
    expect(emulator.GRAPHQL_PATH).toBe(authInternal.GRAPHQL_PATH);
  });
});
