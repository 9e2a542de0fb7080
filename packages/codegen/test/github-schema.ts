import { schema as octokitSchema } from '@octokit/graphql-schema';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

let github: GraphQLSchema | undefined;

/**
 * GitHub's public schema, built (once, on first use) from the introspection its npm package
 * ships (its SDL does not validate). The tests' large schema, and their schema with interfaces
 * and unions: the Admin API has neither.
 */
export function githubSchema(): GraphQLSchema {
  const introspection = octokitSchema.json as unknown as
    | IntrospectionQuery
    | { data: IntrospectionQuery };
  github ??= buildClientSchema('data' in introspection ? introspection.data : introspection);
  return github;
}
