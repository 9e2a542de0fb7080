import { specifiedRules, type ValidationRule } from 'graphql';

// graphql-codegen's own choice: fragments and variables may go unused, and client-side
// directives are no error.
const IGNORED_RULES = ['NoUnusedFragments', 'NoUnusedVariables', 'KnownDirectives'];

/** The rules graphql-codegen validates documents by, less any the user chose to ignore. */
export function codegenValidationRules(ignore: readonly string[] = []): ValidationRule[] {
  const ignored = [...IGNORED_RULES, ...ignore];
  return specifiedRules.filter((rule) => !ignored.some((name) => rule.name.startsWith(name)));
}
