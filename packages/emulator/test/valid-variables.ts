import {
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  typeFromAST,
} from 'graphql';

const SCALARS: Readonly<Record<string, unknown>> = {
  String: 'emulator',
  ID: 'emulator-id',
  Int: 1,
  Float: 1.5,
  Boolean: true,
  Timestamp: 1_767_225_600_000,
  JSON: { emulator: true },
};

/**
 * The smallest valid value of an input type: required fields only (non-null, no default), one
 * item per list, the first enum value, a fixed value per scalar.
 */
export function validValue(type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [validValue(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields())
        .filter((field) => isNonNullType(field.type) && field.defaultValue === undefined)
        .map((field) => [field.name, validValue(field.type)]),
    );
  }
  if (!(inner.name in SCALARS)) throw new Error(`No valid value for scalar ${inner.name}`);
  return SCALARS[inner.name];
}

/** Values for the required variables of a document's operations. */
export function requiredVariables(schema: GraphQLSchema, document: DocumentNode) {
  const variables: Record<string, unknown> = {};
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      const type = typeFromAST(schema, variable.type) as GraphQLInputType | undefined;
      if (!type) throw new Error(`Unknown type of $${variable.variable.name.value}`);
      if (isNonNullType(type)) variables[variable.variable.name.value] = validValue(type);
    }
  }
  return variables;
}
