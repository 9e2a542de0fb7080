import {
  type ArgumentNode,
  type DirectiveNode,
  type ExecutableDefinitionNode,
  type GraphQLArgument,
  type GraphQLCompositeType,
  type GraphQLDirective,
  GraphQLError,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type GraphQLType,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInputObjectType,
  isInputType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isNullableType,
  isObjectType,
  isTypeSubTypeOf,
  Kind,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  typeFromAST,
  type ValidationRule,
  type ValueNode,
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

type ArgumentOwner = { readonly args: readonly GraphQLArgument[] };
type FieldDef = GraphQLField<unknown, unknown>;

/** graphql-js's `TypeInfo` field lookup, meta fields included. */
function fieldDefinition(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType,
  name: string,
): FieldDef | undefined {
  const isQuery = schema.getQueryType() === parent;
  if (name === SchemaMetaFieldDef.name && isQuery) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name && isQuery) return TypeMetaFieldDef;
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

const asInput = (type: unknown): GraphQLInputType | undefined =>
  isInputType(type) ? type : undefined;

const asComposite = (type: GraphQLType | null | undefined): GraphQLCompositeType | undefined => {
  const named = getNamedType(type);
  return isCompositeType(named) ? named : undefined;
};

/**
 * The variables one definition uses, in document order, with the type and default value of
 * each place: what `getVariableUsages` finds with a `TypeInfo` visit, found by a plain walk
 * (most of graphql-js's cost of validating large operations was that visit, once per operation
 * and fragment).
 */
function usagesIn(schema: GraphQLSchema, definition: ExecutableDefinitionNode): VariableUsage[] {
  const usages: VariableUsage[] = [];
  const value = (
    node: ValueNode,
    type: GraphQLInputType | undefined,
    defaultValue: unknown,
    parentType: GraphQLInputType | undefined,
  ): void => {
    if (node.kind === Kind.VARIABLE) {
      usages.push({ node, type, defaultValue, parentType });
    } else if (node.kind === Kind.LIST) {
      const list = getNullableType(type);
      const item = asInput(isListType(list) ? list.ofType : list);
      for (const element of node.values) value(element, item, undefined, type);
    } else if (node.kind === Kind.OBJECT) {
      const object = getNamedType(type);
      for (const field of node.fields) {
        const definition = isInputObjectType(object)
          ? object.getFields()[field.name.value]
          : undefined;
        value(field.value, asInput(definition?.type), definition?.defaultValue, type);
      }
    }
  };
  const args = (nodes: readonly ArgumentNode[] | undefined, owner: ArgumentOwner | undefined) => {
    for (const argument of nodes ?? []) {
      const definition = owner?.args.find((arg) => arg.name === argument.name.value);
      value(argument.value, asInput(definition?.type), definition?.defaultValue, undefined);
    }
  };
  // An unknown directive's arguments are looked up on the enclosing field, as TypeInfo does.
  const directives = (nodes: readonly DirectiveNode[] | undefined, field: FieldDef | undefined) => {
    for (const directive of nodes ?? []) {
      const known: GraphQLDirective | undefined | null = schema.getDirective(directive.name.value);
      args(directive.arguments, known ?? field);
    }
  };
  const selections = (
    set: SelectionSetNode,
    parent: GraphQLCompositeType | undefined,
    enclosing: FieldDef | undefined,
  ): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = parent ? fieldDefinition(schema, parent, selection.name.value) : undefined;
        args(selection.arguments, field);
        directives(selection.directives, field);
        if (selection.selectionSet)
          selections(selection.selectionSet, asComposite(field?.type), field);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        directives(selection.directives, enclosing);
        const type = selection.typeCondition
          ? asComposite(typeFromAST(schema, selection.typeCondition))
          : parent;
        selections(selection.selectionSet, type, enclosing);
      } else {
        directives(selection.directives, enclosing);
      }
    }
  };
  if (definition.kind === Kind.OPERATION_DEFINITION) {
    directives(definition.directives, undefined);
    const root = schema.getRootType(definition.operation);
    selections(definition.selectionSet, isObjectType(root) ? root : undefined, undefined);
  } else {
    directives(definition.directives, undefined);
    selections(
      definition.selectionSet,
      asComposite(typeFromAST(schema, definition.typeCondition)),
      undefined,
    );
  }
  return usages;
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
 * same messages and nodes, over usages found by a plain walk instead of a `TypeInfo` visit per
 * operation and fragment (on the Admin API's large operations that visit was a third of all
 * validation). Usages of each fragment are found once per validation, however many operations
 * spread it.
 */
export function variableUsageRule(checks: VariableUsageChecks): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    const found = new Map<ExecutableDefinitionNode, VariableUsage[]>();
    const usagesOf = (definition: ExecutableDefinitionNode) => {
      let usages = found.get(definition);
      if (!usages) {
        usages = usagesIn(schema, definition);
        found.set(definition, usages);
      }
      return usages;
    };
    let defined = new Map<string, VariableDefinitionNode>();
    return {
      OperationDefinition: {
        enter() {
          defined = new Map();
        },
        leave(operation) {
          const usages = [
            ...usagesOf(operation),
            ...context.getRecursivelyReferencedFragments(operation).flatMap(usagesOf),
          ];
          if (checks.undefinedVariables) {
            for (const { node } of usages) {
              const name = node.name.value;
              if (defined.has(name)) continue;
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
          for (const { node, type, defaultValue, parentType } of usages) {
            const definition = defined.get(node.name.value);
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
            if (
              isInputObjectType(parentType) &&
              parentType.isOneOf &&
              isNullableType(variableType)
            ) {
              context.reportError(
                new GraphQLError(
                  `Variable "$${node.name.value}" is of type "${String(variableType)}" but must be non-nullable to be used for OneOf Input Object "${String(parentType)}".`,
                  { nodes: [definition, node] },
                ),
              );
            }
          }
        },
      },
      VariableDefinition(node) {
        defined.set(node.variable.name.value, node);
      },
    };
  };
}
