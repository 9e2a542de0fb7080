import {
  buildClientSchema,
  buildSchema,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  getIntrospectionQuery,
  type IntrospectionQuery,
  printSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { useAdminApi } from './helpers.js';

const SDL = /* GraphQL */ `
  interface Node { id: ID! }
  type User implements Node { id: ID! login: String! followers: Int! }
  type Repository implements Node { id: ID! name: String! stars: Int! owner: User! }
  union SearchResult = User | Repository
  type Query { viewer: User! search(query: String!): [SearchResult!]! node(id: ID!): Node }
  type Mutation { star(repositoryId: ID!): Repository }
`;
const schema = buildSchema(SDL);

describe('startEmulator({ schema }) with a schema of its own', () => {
  const api = useAdminApi({ schema });

  it('serves exactly that schema', async () => {
    const introspection = await api.data<IntrospectionQuery>(getIntrospectionQuery());
    expect(printSchema(buildClientSchema(introspection))).toBe(printSchema(schema));
  });

  it('answers every field with seeded mocks, interfaces and unions included, the same twice', async () => {
    const query = `{ viewer { id login } search(query: "graphql") { __typename ... on User { login }
      ... on Repository { name owner { login } } } node(id: "x") { __typename id } }`;
    const first = await api.execute<{ search: { __typename: string }[] }>(query);
    expect(first.errors).toBeUndefined();
    expect(first.extensions).toEqual({ mockedFields: ['viewer', 'search', 'node'] });
    expect(first.data?.search).toHaveLength(2);
    for (const result of first.data?.search ?? []) {
      expect(['User', 'Repository']).toContain(result.__typename);
    }
    expect(await api.execute(query)).toEqual(first);
  });

  it('records its mutations in the ledger', async () => {
    const { star } = await api.data<{ star: { id: string } }>(
      'mutation { star(repositoryId: "r1") { id } }',
    );
    expect(
      api.emulator().stats.mutations.map((m) => [m.field, m.args, m.resultId, m.mocked]),
    ).toEqual([['star', { repositoryId: 'r1' }, star.id, true]]);
  });
});

describe('startEmulator({ schema }) with resolvers of its own', () => {
  const greeting = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        hello: { type: GraphQLString, resolve: () => 'merhaba' },
        other: { type: GraphQLString },
      },
    }),
  });
  const api = useAdminApi({ schema: greeting });

  it('lets them answer, and mocks only the rest', async () => {
    const body = await api.execute<{ hello: string; other: string }>('{ hello other }');
    expect(body.data?.hello).toBe('merhaba');
    expect(typeof body.data?.other).toBe('string');
    expect(body.extensions).toEqual({ mockedFields: ['other'] });
  });
});
