import { GraphQLError, Kind, type ValueNode, valueFromASTUntyped } from 'graphql';
import { argumentValidationError } from './graphql-errors.js';

function toTimestamp(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw argumentValidationError(
    `Timestamp must be an integer number of milliseconds since the epoch (got ${JSON.stringify(value)})`,
  );
}

/**
 * How the schema's two custom scalars behave; their SDL (and so their introspection) stays as
 * imported. `Timestamp`: epoch milliseconds, an integer both ways. `JSON`: any value, as is.
 */
export const scalarResolvers = {
  Timestamp: {
    serialize: (value: unknown) => {
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      throw new GraphQLError(`Timestamp cannot represent ${JSON.stringify(value)}`);
    },
    parseValue: toTimestamp,
    parseLiteral: (ast: ValueNode) =>
      toTimestamp(ast.kind === Kind.INT ? Number(ast.value) : valueFromASTUntyped(ast)),
  },
  JSON: {
    serialize: (value: unknown) => value,
    parseValue: (value: unknown) => value,
    parseLiteral: (ast: ValueNode, variables?: Readonly<Record<string, unknown>> | null) =>
      valueFromASTUntyped(ast, variables ?? undefined),
  },
};
