import { writeSchemaCache } from '../src/index.js';

/**
 * The schema of the tests that need no particular service: the fake Admin API serves it, and
 * tests that run from a cache write it. The one place such tests depend on a schema's content.
 */
export const TINY_SDL = `type Me {
  id: String
  name: String
}

type Product {
  id: String!
  title: String!
}

type Query {
  """The app the token belongs to."""
  me: Me
  products(first: Int!): [Product!]!
}
`;

/** Writes {@link TINY_SDL} as a schema cache, header and all, as `admin-api schema pull` would. */
export function writeTinyCache(path: string, fetchedAt?: Date): void {
  writeSchemaCache(path, TINY_SDL, 'https://api.example.com/api/v2/admin/graphql', fetchedAt);
}
