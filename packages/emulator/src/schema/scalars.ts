import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';

function toTimestamp(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new GraphQLError(
    `Timestamp must be an integer number of milliseconds (got ${JSON.stringify(value)})`,
    {
      extensions: { code: 'BAD_USER_INPUT' },
    },
  );
}

/** Milliseconds since the Unix epoch, as an integer. */
export const TimestampScalar = new GraphQLScalarType({
  name: 'Timestamp',
  description: 'Milliseconds since the Unix epoch.',
  serialize: toTimestamp,
  parseValue: toTimestamp,
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT) {
      throw new GraphQLError('Timestamp literal must be an integer', {
        nodes: ast,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    return toTimestamp(Number(ast.value));
  },
});

/** Any JSON value, passed through. */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
