/** graphql-codegen's `skipDocumentsValidation` option, read once for the preset and the runner. */
export interface SkipDocumentsValidation {
  /** `true`: graphql-codegen skips every check of the documents. */
  readonly all: boolean;
  /** Validate against the schema: neither `true` nor `{ skipValidationAgainstSchema: true }`. */
  readonly againstSchema: boolean;
  /** graphql-js rules to leave out, by name prefix (`'NoUnusedFragments'`), if given. */
  readonly ignoreRules: readonly string[] | undefined;
  /** As given, when a boolean. */
  readonly skipDuplicateValidation: boolean | undefined;
}

/**
 * Reads `config.skipDocumentsValidation` as graphql-codegen does: `true`, or
 * `{ skipValidationAgainstSchema, skipDuplicateValidation, ignoreRules }`; anything else skips
 * nothing.
 */
export function readSkipDocumentsValidation(config: object): SkipDocumentsValidation {
  const skip = (config as { skipDocumentsValidation?: unknown }).skipDocumentsValidation;
  if (typeof skip !== 'object' || skip === null) {
    return {
      all: skip === true,
      againstSchema: skip !== true,
      ignoreRules: undefined,
      skipDuplicateValidation: undefined,
    };
  }
  const { ignoreRules, skipDuplicateValidation, skipValidationAgainstSchema } = skip as {
    ignoreRules?: unknown;
    skipDuplicateValidation?: unknown;
    skipValidationAgainstSchema?: unknown;
  };
  return {
    all: false,
    againstSchema: skipValidationAgainstSchema !== true,
    ignoreRules:
      ignoreRules === undefined
        ? undefined
        : Array.isArray(ignoreRules)
          ? ignoreRules.filter((rule): rule is string => typeof rule === 'string')
          : [],
    skipDuplicateValidation:
      typeof skipDuplicateValidation === 'boolean' ? skipDuplicateValidation : undefined,
  };
}
