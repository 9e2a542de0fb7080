import { schema as octokitSchema } from '@octokit/graphql-schema';
import { buildClientSchema, type IntrospectionQuery } from 'graphql';

const introspection = octokitSchema.json as unknown as
  | IntrospectionQuery
  | { data: IntrospectionQuery };

/**
 * GitHub's public schema, built from the introspection its npm package ships (its SDL does not
 * validate). The tests' large schema, and their schema with interfaces and unions: the Admin API
 * has neither.
 */
export const githubSchema = buildClientSchema(
  'data' in introspection ? introspection.data : introspection,
);
