import { addMocksToSchema, type IMockStore } from '@graphql-tools/mock';
import { addResolversToSchema } from '@graphql-tools/schema';
import type { IResolvers } from '@graphql-tools/utils';
import { type GraphQLSchema, isObjectType } from 'graphql';
import { adminApiSchema } from '../admin-api-schema.js';
import { requestScopedMockStore } from '../mocks/mock-scope.js';
import { seededMockStores } from '../mocks/seeded-mock-store.js';
import { seededMocks } from '../mocks/seeded-mocks.js';
import { instrumentFields } from './instrument-fields.js';
import { mockedRootResolvers } from './mocked-root-resolvers.js';
import { scalarResolvers } from './scalars.js';
import { mergeResolvers, STATEFUL_ROOT_FIELDS, statefulResolvers } from './stateful-resolvers.js';

/** A schema ready to execute, and a fresh mock store for each request. */
export interface ServedSchema {
  readonly schema: GraphQLSchema;
  newMockStore(): IMockStore;
}

let adminApi: ServedSchema | undefined;

/**
 * The Admin API as the emulator serves it: the imported SDL, the stateful core's resolvers, and
 * seeded mocks (`preserveResolvers`) for every other field. Built once per process.
 */
export function servedAdminApiSchema(): ServedSchema {
  if (adminApi) return adminApi;
  const base = adminApiSchema();
  const stateful = new Set(STATEFUL_ROOT_FIELDS);
  const isStateful = (field: string) => stateful.has(field);
  const resolvers = {
    ...scalarResolvers,
    ...mergeResolvers(statefulResolvers, mockedRootResolvers(base, isStateful)),
  };
  adminApi = serve(
    addResolversToSchema({ schema: base, resolvers: resolvers as IResolvers }),
    isStateful,
  );
  return adminApi;
}

/**
 * Another schema (e.g. a large public one, to test codegen at scale): its own resolvers, if it
 * has any, answer; seeded mocks answer the rest, so any document runs against it.
 */
export function servedMockedSchema(schema: GraphQLSchema): ServedSchema {
  const resolved = new Set(
    [schema.getQueryType(), schema.getMutationType()].flatMap((type) =>
      isObjectType(type)
        ? Object.values(type.getFields())
            .filter((field) => field.resolve !== undefined)
            .map((field) => field.name)
        : [],
    ),
  );
  return serve(schema, (field) => resolved.has(field));
}

function serve(schema: GraphQLSchema, isStateful: (field: string) => boolean): ServedSchema {
  const mocks = seededMocks(schema);
  const mocked = addMocksToSchema({
    schema,
    store: requestScopedMockStore(),
    preserveResolvers: true,
  });
  return {
    schema: instrumentFields(mocked, isStateful),
    newMockStore: seededMockStores(schema, mocks),
  };
}
