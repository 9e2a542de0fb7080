import { writeSchemaCache } from '../src/index.js';

/**
 * The schema of the tests that need no particular service: the fake Admin API serves it, and
 * tests that run from a cache write it. A slice of the Admin API schema (`me` and `listProduct`,
 * a few of their fields), each type and field as the real schema has it. The one place such
 * tests depend on a schema's content.
 */
export const TINY_SDL = `enum AppScopeEnum {
  READ_CAMPAIGNS
  READ_CUSTOMERS
  READ_INVENTORIES
  READ_ORDERS
  READ_PRODUCTS
  WRITE_CAMPAIGNS
  WRITE_CUSTOMERS
  WRITE_INVENTORIES
  WRITE_ORDERS
  WRITE_PRODUCTS
  WRITE_STOREFRONT
}

type MeResponse {
  id: String
  name: String
  scopes: [AppScopeEnum!]
}

input PaginationInput {
  limit: Int
  page: Int
}

type Product {
  id: String!
  name: String!
}

type ProductPaginationResponse {
  count: Int!
  data: [Product!]!
  hasNext: Boolean!
  limit: Int!
  page: Int!
}

type Query {
  listProduct(pagination: PaginationInput, search: String): ProductPaginationResponse!
  me: MeResponse
}
`;

/** Writes {@link TINY_SDL} as a schema cache, header and all, as `admin-api schema pull` would. */
export function writeTinyCache(path: string, fetchedAt?: Date): void {
  writeSchemaCache(path, TINY_SDL, 'https://api.example.com/api/v2/admin/graphql', fetchedAt);
}
