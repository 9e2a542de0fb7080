import {
  type ASTNode,
  GraphQLError,
  getNamedType,
  isInputObjectType,
  KnownTypeNamesRule,
  LoneAnonymousOperationRule,
  NoUndefinedVariablesRule,
  UniqueFragmentNamesRule,
  UniqueOperationNamesRule,
  type ValidationRule,
  VariablesInAllowedPositionRule,
} from 'graphql';
import { codegenValidationRules } from '../validate-against-schema.js';
import { variableUsageRule } from './variable-usage-rule.js';

/** Marks the errors {@link deprecatedUsageRule} reports, which are warnings. */
export const DEPRECATED_EXTENSION = 'adminApiDeprecated';
/** Marks what {@link unknownTypeProbeRule} reports: graphql-js's own rule then says it properly. */
export const UNKNOWN_TYPE_EXTENSION = 'adminApiUnknownType';

/**
 * Stands in for graphql-js's `KnownTypeNamesRule`, which lists every type name of the schema each
 * time it is set up (for "did you mean" hints): with one validation per file that is most of the
 * cost on a large schema (1,606 types, 500 files: 60% of validating). This only notes that some
 * type is unknown; the checker then runs the real rule on that document, for the real message.
 */
const unknownTypeProbeRule: ValidationRule = (context) => {
  const schema = context.getSchema();
  let reported = false;
  return {
    NamedType(node) {
      if (reported || schema.getType(node.name.value)) return;
      reported = true;
      context.reportError(
        new GraphQLError('unknown type', {
          nodes: node,
          extensions: { [UNKNOWN_TYPE_EXTENSION]: true },
        }),
      );
    },
  };
};

/**
 * Warns, like graphql-js's `NoDeprecatedCustomRule`, about every deprecated field, argument, enum
 * value and input field a document uses, worded `Type.member is deprecated: reason`.
 */
const deprecatedUsageRule: ValidationRule = (context) => {
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

/** Checked across all files by the runner itself, with both places in the message. */
const CHECKED_ACROSS_FILES: readonly ValidationRule[] = [
  UniqueOperationNamesRule,
  LoneAnonymousOperationRule,
  UniqueFragmentNamesRule,
];

/** Done together by {@link variableUsageRule}, which finds each operation's variables faster. */
const VARIABLE_USAGE: readonly ValidationRule[] = [
  NoUndefinedVariablesRule,
  VariablesInAllowedPositionRule,
];

/**
 * The rules documents are validated by: graphql-codegen's ({@link codegenValidationRules}, less
 * those the user ignores), with {@link unknownTypeProbeRule} for `KnownTypeNamesRule` and {@link variableUsageRule}
 * for the two rules about where variables are used, plus the deprecation warnings.
 */
export function documentRules(ignoreRules: readonly string[] = []): ValidationRule[] {
  const rules = codegenValidationRules(ignoreRules);
  const checks = {
    undefinedVariables: rules.includes(NoUndefinedVariablesRule),
    allowedPositions: rules.includes(VariablesInAllowedPositionRule),
  };
  return [
    ...rules
      .filter((rule) => !CHECKED_ACROSS_FILES.includes(rule) && !VARIABLE_USAGE.includes(rule))
      .map((rule) => (rule === KnownTypeNamesRule ? unknownTypeProbeRule : rule)),
    ...(checks.undefinedVariables || checks.allowedPositions ? [variableUsageRule(checks)] : []),
    deprecatedUsageRule,
  ];
}
