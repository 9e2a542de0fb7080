import {
  type GraphQLSchema,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';

/** The one operation of `text`. */
export function operationOf(text: string): OperationDefinitionNode {
  const definition = parse(text).definitions.find(
    (node): node is OperationDefinitionNode => node.kind === Kind.OPERATION_DEFINITION,
  );
  if (!definition) throw new Error(`no operation in ${text}`);
  return definition;
}

/**
 * graphql-js's verdict on variables for an operation, as a server running it answers before
 * executing: `undefined` when it accepts them, else its first message
 * (`Variable "$a" of non-null type "[Int]!" must not be null.`).
 */
export function variablesError(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): string | undefined {
  const result = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  return result.errors?.[0]?.message;
}

/**
 * A TypeScript line that assigns `value` to a variable of type `type`, preceded by
 * `// @ts-expect-error` when graphql-js refuses it: one tsc run then fails on every case where
 * the generated types and graphql-js disagree, an accepted value refused or (through the unused
 * directive) a refused value accepted.
 */
export function assignment(name: string, type: string, value: unknown, refused: boolean): string {
  const line = `export const ${name}: ${type} = ${JSON.stringify(value)};`;
  return refused ? `// @ts-expect-error refused by graphql-js\n${line}` : line;
}
