import {
  type ASTNode,
  type ExecutableDefinitionNode,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isInputObjectType,
  isInputType,
  isNonNullType,
  isNullableType,
  isTypeSubTypeOf,
  Kind,
  type OperationDefinitionNode,
  typeFromAST,
  type ValidationContext,
  type ValidationRule,
  type VariableDefinitionNode,
  type VariableNode,
} from 'graphql';

/** A variable where a document uses it, as graphql-js's `ValidationContext.getVariableUsages`. */
interface VariableUsage {
  readonly node: VariableNode;
  readonly type: GraphQLInputType | undefined;
  readonly defaultValue: unknown;
  readonly parentType: GraphQLInputType | undefined;
}

const asInput = (type: unknown): GraphQLInputType | undefined =>
  isInputType(type) ? type : undefined;

const isReadonlyArray = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/**
 * The default value of the place a variable is in, as `TypeInfo.getDefaultValue()` gives it
 * (`ValidationContext` does not pass it on): an argument's, an input field's, none in a list.
 */
function locationDefault(
  context: ValidationContext,
  parent: ASTNode | readonly ASTNode[] | undefined,
): unknown {
  if (parent === undefined || isReadonlyArray(parent)) return undefined;
  if (parent.kind === Kind.ARGUMENT) return context.getArgument()?.defaultValue;
  if (parent.kind !== Kind.OBJECT_FIELD) return undefined;
  const object = getNamedType(context.getParentInputType());
  return isInputObjectType(object)
    ? object.getFields()[parent.name.value]?.defaultValue
    : undefined;
}

/** graphql-js's `allowedVariableUsage`, from `VariablesInAllowedPositionRule`. */
function allowedUsage(
  schema: GraphQLSchema,
  variableType: GraphQLInputType,
  variableDefault: VariableDefinitionNode['defaultValue'],
  locationType: GraphQLInputType,
  locationDefault: unknown,
): boolean {
  if (isNonNullType(locationType) && !isNonNullType(variableType)) {
    const nonNullDefault = variableDefault != null && variableDefault.kind !== Kind.NULL;
    if (!nonNullDefault && locationDefault === undefined) return false;
    return isTypeSubTypeOf(schema, variableType, locationType.ofType);
  }
  return isTypeSubTypeOf(schema, variableType, locationType);
}

/** Which of the two graphql-js rules {@link variableUsageRule} stands in for. */
export interface VariableUsageChecks {
  /** `NoUndefinedVariablesRule` */
  readonly undefinedVariables: boolean;
  /** `VariablesInAllowedPositionRule` */
  readonly allowedPositions: boolean;
}

/**
 * graphql-js's `NoUndefinedVariablesRule` and `VariablesInAllowedPositionRule` in one, with the
 * same messages and nodes. graphql-js finds each operation's usages with a `TypeInfo` visit of
 * the operation and of every fragment it spreads, again for each operation (on the Admin API's
 * large operations a third of all validation); this notes them during the validation's own visit,
 * which already knows each place's type, once per definition, and checks every operation when
 * the document is done (a fragment may come after the operations that spread it).
 */
export function variableUsageRule(checks: VariableUsageChecks): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    const usages = new Map<ExecutableDefinitionNode, VariableUsage[]>();
    const operations: [OperationDefinitionNode, Map<string, VariableDefinitionNode>][] = [];
    let current: VariableUsage[] = [];
    let defined = new Map<string, VariableDefinitionNode>();
    // The variable a definition declares is no usage of it.
    let inDefinition = false;
    const begin = (definition: ExecutableDefinitionNode) => {
      current = [];
      usages.set(definition, current);
    };

    const check = (
      operation: OperationDefinitionNode,
      variables: ReadonlyMap<string, VariableDefinitionNode>,
    ) => {
      const all = [
        ...(usages.get(operation) ?? []),
        ...context
          .getRecursivelyReferencedFragments(operation)
          .flatMap((fragment) => usages.get(fragment) ?? []),
      ];
      if (checks.undefinedVariables) {
        for (const { node } of all) {
          const name = node.name.value;
          if (variables.has(name)) continue;
          context.reportError(
            new GraphQLError(
              operation.name
                ? `Variable "$${name}" is not defined by operation "${operation.name.value}".`
                : `Variable "$${name}" is not defined.`,
              { nodes: [node, operation] },
            ),
          );
        }
      }
      if (!checks.allowedPositions) return;
      for (const { node, type, defaultValue, parentType } of all) {
        const definition = variables.get(node.name.value);
        if (!definition || !type) continue;
        const variableType = asInput(typeFromAST(schema, definition.type));
        if (!variableType) continue;
        if (!allowedUsage(schema, variableType, definition.defaultValue, type, defaultValue)) {
          context.reportError(
            new GraphQLError(
              `Variable "$${node.name.value}" of type "${String(variableType)}" used in position expecting type "${String(type)}".`,
              { nodes: [definition, node] },
            ),
          );
        }
        if (isInputObjectType(parentType) && parentType.isOneOf && isNullableType(variableType)) {
          context.reportError(
            new GraphQLError(
              `Variable "$${node.name.value}" is of type "${String(variableType)}" but must be non-nullable to be used for OneOf Input Object "${String(parentType)}".`,
              { nodes: [definition, node] },
            ),
          );
        }
      }
    };

    return {
      OperationDefinition(operation) {
        begin(operation);
        defined = new Map();
        operations.push([operation, defined]);
      },
      FragmentDefinition: begin,
      VariableDefinition: {
        enter(node) {
          defined.set(node.variable.name.value, node);
          inDefinition = true;
        },
        leave() {
          inDefinition = false;
        },
      },
      Variable(node, _key, parent) {
        if (inDefinition) return;
        current.push({
          node,
          type: context.getInputType() ?? undefined,
          defaultValue: locationDefault(context, parent),
          parentType: context.getParentInputType() ?? undefined,
        });
      },
      Document: {
        leave() {
          for (const [operation, variables] of operations) check(operation, variables);
        },
      },
    };
  };
}
