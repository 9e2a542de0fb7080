import { type GraphQLResolveInfo, valueFromASTUntyped } from 'graphql';

/**
 * Every argument of the field as the client sent it, before graphql-js fills in defaults, with
 * variables substituted: a ledger of what was sent, not of the schema's placeholder defaults.
 */
export function sentArguments(
  info: GraphQLResolveInfo,
  variables: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  return Object.fromEntries(
    (info.fieldNodes[0]?.arguments ?? []).map((argument) => [
      argument.name.value,
      valueFromASTUntyped(argument.value, { ...variables }),
    ]),
  );
}
