import { versionInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CodegenError } from '../src/errors.js';
import { assertBoundedValidation } from '../src/runner/graphql-version.js';

describe('the graphql codegen validates with', () => {
  it('is refused before 16.15, whose validation has no budgets, naming the version and the fix', () => {
    for (const [minor, patch] of [
      [0, 0],
      [11, 0],
      [14, 9],
    ] as const) {
      const refusal = (() => {
        try {
          assertBoundedValidation({ major: 16, minor, patch });
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(CodegenError);
      expect(refusal).toMatchObject({ code: 'MISSING_DEPENDENCY' });
      expect(String((refusal as Error).message)).toMatch(
        new RegExp(
          `graphql 16\\.${minor}\\.${patch} is installed; codegen needs graphql 16\\.15 or later.*graphql@\\^16\\.15`,
        ),
      );
    }
  });

  it('is accepted from 16.15 on, and the installed one is', () => {
    expect(() => assertBoundedValidation({ major: 16, minor: 15, patch: 0 })).not.toThrow();
    expect(() => assertBoundedValidation({ major: 17, minor: 0, patch: 0 })).not.toThrow();
    expect(() => assertBoundedValidation()).not.toThrow();
    expect(versionInfo.major * 100 + versionInfo.minor).toBeGreaterThanOrEqual(1615);
  });
});
