import { type GraphQLResolveInfo, valueFromASTUntyped } from 'graphql';

/**
 * An argument as the client sent it, before graphql-js fills in defaults, with variables
 * substituted. It tells a value the client chose from a schema default, which matters where
 * the imported schema's default is only a placeholder (see the SDL's header).
 */
export function sentArgument(
  info: GraphQLResolveInfo,
  name: string,
  variables: Readonly<Record<string, unknown>> | undefined,
): unknown {
  const node = info.fieldNodes[0]?.arguments?.find((argument) => argument.name.value === name);
  return node ? valueFromASTUntyped(node.value, { ...variables }) : undefined;
}

/** Every argument of the field as the client sent it (see {@link sentArgument}). */
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

/** The value at `path` inside a sent argument, or undefined where the client sent none. */
export function sentValueAt(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
