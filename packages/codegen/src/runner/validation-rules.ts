import {
  type ASTNode,
  GraphQLError,
  getNamedType,
  isInputObjectType,
  KnownDirectivesRule,
  LoneAnonymousOperationRule,
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  specifiedRules,
  UniqueFragmentNamesRule,
  UniqueOperationNamesRule,
  type ValidationRule,
} from 'graphql';

/** Marks the errors {@link deprecatedUsageRule} reports, which are warnings. */
export const DEPRECATED_EXTENSION = 'adminApiDeprecated';

/**
 * Warns, like graphql-js's `NoDeprecatedCustomRule`, about every deprecated field, argument, enum
 * value and input field a document uses, worded `Type.member is deprecated: reason`.
 */
export const deprecatedUsageRule: ValidationRule = (context) => {
  const warn = (what: string, reason: string, node: ASTNode) =>
    context.reportError(
      new GraphQLError(`${what} is deprecated: ${reason}`, {
        nodes: node,
        extensions: { [DEPRECATED_EXTENSION]: true },
      }),
    );
  return {
    Field(node) {
      const field = context.getFieldDef();
      const parent = context.getParentType();
      if (field?.deprecationReason != null && parent) {
        warn(`${parent.name}.${field.name}`, field.deprecationReason, node);
      }
    },
    Argument(node) {
      const argument = context.getArgument();
      const field = context.getFieldDef();
      const parent = context.getParentType();
      if (argument?.deprecationReason != null) {
        const owner = context.getDirective()
          ? `@${context.getDirective()?.name}`
          : `${parent?.name ?? '?'}.${field?.name ?? '?'}`;
        warn(`argument "${argument.name}" of ${owner}`, argument.deprecationReason, node);
      }
    },
    ObjectField(node) {
      const parent = getNamedType(context.getParentInputType());
      if (!isInputObjectType(parent)) return;
      const field = parent.getFields()[node.name.value];
      if (field?.deprecationReason != null) {
        warn(`${parent.name}.${field.name}`, field.deprecationReason, node);
      }
    },
    EnumValue(node) {
      const value = context.getEnumValue();
      const type = getNamedType(context.getInputType());
      if (value?.deprecationReason != null && type) {
        warn(`${type.name}.${value.name}`, value.deprecationReason, node);
      }
    },
  };
};

/** graphql-codegen's choice: fragments and variables may go unused; client directives are fine. */
const CODEGEN_IGNORED: readonly ValidationRule[] = [
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  KnownDirectivesRule,
];
/** Checked across all files by the runner itself, with both places in the message. */
const CHECKED_ACROSS_FILES: readonly ValidationRule[] = [
  UniqueOperationNamesRule,
  LoneAnonymousOperationRule,
  UniqueFragmentNamesRule,
];

/**
 * The rules each file is validated by: graphql-js's, as graphql-codegen applies them, less those
 * the user ignores (`skipDocumentsValidation.ignoreRules`, matched by name prefix as graphql-codegen
 * does), plus the deprecation warnings.
 */
export function documentRules(ignoreRules: readonly string[] = []): ValidationRule[] {
  return [
    ...specifiedRules.filter(
      (rule) =>
        !CODEGEN_IGNORED.includes(rule) &&
        !CHECKED_ACROSS_FILES.includes(rule) &&
        !ignoreRules.some((name) => rule.name.startsWith(name)),
    ),
    deprecatedUsageRule,
  ];
}
