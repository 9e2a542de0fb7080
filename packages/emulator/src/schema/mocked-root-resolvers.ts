import {
  GraphQLBoolean,
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isObjectType,
} from 'graphql';
import type { FieldResolver, Resolvers } from './context.js';
import { checkListArguments, readPagination } from './list-arguments.js';
import { listRules } from './list-rules.js';

/** graphql-tools/mock makes every list two items long. */
const MOCK_LIST_LENGTH = 2;

type Args = Readonly<Record<string, unknown>>;

/**
 * What the mocked root fields add to the mocks: the documented argument rules (pagination and
 * sort, as on the stateful lists), a page that agrees with its mocked data, `true` from mutations
 * that answer a Boolean (a mocked operation succeeds), and `save<Thing>` echoing `input.id`.
 * Each returns undefined where the mocks alone answer.
 */
export function mockedRootResolvers(
  schema: GraphQLSchema,
  isStateful: (field: string) => boolean,
): Resolvers {
  const query: Record<string, FieldResolver> = {};
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    const takes = (name: string) => field.args.some((arg) => arg.name === name);
    if (isStateful(field.name) || !(takes('pagination') || takes('sort'))) continue;
    query[field.name] = (_: unknown, args: Args) => {
      const rules = listRules(schema, field.name);
      checkListArguments(args, rules);
      if (!rules.paginated) return undefined;
      const { page, limit } = readPagination(
        args.pagination as Parameters<typeof readPagination>[0],
      );
      return { page, limit, count: MOCK_LIST_LENGTH, hasNext: false };
    };
  }
  const mutation: Record<string, FieldResolver> = {};
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    if (isStateful(field.name)) continue;
    const resolver = mutationResolver(field);
    if (resolver) mutation[field.name] = resolver;
  }
  return { Query: query, Mutation: mutation };
}

function mutationResolver(field: GraphQLField<unknown, unknown>): FieldResolver | undefined {
  if (getNullableType(field.type) === GraphQLBoolean) return () => true;
  const type = getNamedType(field.type);
  const echoesId =
    field.name.startsWith('save') &&
    isObjectType(type) &&
    'id' in type.getFields() &&
    field.args.some((arg) => arg.name === 'input');
  if (!echoesId) return undefined;
  return (_: unknown, { input }: { input?: { id?: unknown } }) =>
    typeof input?.id === 'string' ? { id: input.id } : undefined;
}
