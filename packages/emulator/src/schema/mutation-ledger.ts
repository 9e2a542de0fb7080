import { type GraphQLResolveInfo, isObjectType } from 'graphql';
import type { ResolverContext } from './context.js';
import { sentArguments } from './sent-argument.js';

/**
 * Appends an applied mutation field to the ledger (`stats.mutations`) once it resolves; a field
 * that fails changed nothing and is not recorded.
 */
export async function recordMutation(
  context: ResolverContext,
  info: GraphQLResolveInfo,
  mocked: boolean,
  result: unknown,
): Promise<unknown> {
  const value = await result;
  context.data.ledger.push({
    seq: context.data.ledger.length + 1,
    field: info.fieldName,
    // As sent: the schema's placeholder defaults (see its header) would only mislead here.
    args: structuredClone(sentArguments(info, context.params.variables)),
    resultId: resultId(value, info),
    mocked,
    at: context.now(),
  });
  return value;
}

/** The `id` of the object a mutation answered with: a record's, or a mock's key. */
function resultId(value: unknown, info: GraphQLResolveInfo): string | null {
  if (value === null || typeof value !== 'object') return null;
  const { id, $ref } = value as { id?: unknown; $ref?: { typeName: string; key: unknown } };
  if (typeof id === 'string') return id;
  // graphql-tools/mock keys a mocked object by its `id` when its type has one.
  const type = $ref ? info.schema.getType($ref.typeName) : undefined;
  return isObjectType(type) && 'id' in type.getFields() && typeof $ref?.key === 'string'
    ? $ref.key
    : null;
}
