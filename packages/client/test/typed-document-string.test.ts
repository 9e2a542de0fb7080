import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type GraphQLFormattedError, parse } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AdminClient,
  type GraphQLResponseError,
  type PaginationInput,
  paginate,
  type RequestArgs,
  type RequestOptions,
  type TypedDocumentString,
} from '../src/index.js';

// Typed strings as @admin-api/codegen emits them, over the Admin API schema.
type GetMeQuery = { me: { id: string | null; name: string | null } | null };
type GetMeQueryVariables = Record<string, never>;
const GetMe = 'query GetMe{me{id name}}' as TypedDocumentString<GetMeQuery, GetMeQueryVariables>;
const GetMeNode = parse('query GetMe{me{id name}}') as TypedDocumentNode<
  GetMeQuery,
  GetMeQueryVariables
>;

type DeleteProductsMutation = { deleteProductList: boolean };
type DeleteProductsMutationVariables = { idList: string[] | string };
const DeleteProducts =
  'mutation DeleteProducts($idList:[String!]!){deleteProductList(idList:$idList)}' as TypedDocumentString<
    DeleteProductsMutation,
    DeleteProductsMutationVariables
  >;

type ListProductsQuery = {
  listProduct: { hasNext: boolean; page: number; data: { id: string; name: string }[] };
};
type ListProductsQueryVariables = {
  pagination?: PaginationInput | null | undefined;
  search?: string | null | undefined;
};
const ListProducts =
  'query ListProducts($pagination:PaginationInput$search:String){listProduct(pagination:$pagination search:$search){hasNext page data{id name}}}' as TypedDocumentString<
    ListProductsQuery,
    ListProductsQueryVariables
  >;

// Compiled by `pnpm typecheck`: each @ts-expect-error must be an error, or the build fails.
function typeChecks(client: AdminClient) {
  expectTypeOf(client.request(GetMe)).resolves.toEqualTypeOf<GetMeQuery>();
  expectTypeOf(client.request(GetMe)).toEqualTypeOf(client.request(GetMeNode));
  expectTypeOf(
    client.request(DeleteProducts, { idList: ['p1'] }),
  ).resolves.toEqualTypeOf<DeleteProductsMutation>();
  void client.request(GetMe, {}, { signal: AbortSignal.timeout(1000) });
  void client.request(DeleteProducts, { idList: 'p1' }, { idempotent: true });
  // @ts-expect-error required variables are required
  void client.request(DeleteProducts);
  // @ts-expect-error a variable of the wrong type
  void client.request(DeleteProducts, { idList: [1] });
  // @ts-expect-error an unknown variable
  void client.request(GetMe, { id: 'x' });
  // @ts-expect-error an unknown per-call option
  void client.request(GetMe, {}, { retries: 3 });
  // A plain string stays untyped.
  expectTypeOf(client.request('{ me { id } }')).resolves.toBeUnknown();
  // A typed string is a string wherever one is expected.
  expectTypeOf(GetMe).toExtend<string>();
  // An untyped DocumentNode stays untyped too, and a typed one from its own package infers (above).
  expectTypeOf(client.request(parse('{ me { id } }'))).resolves.toBeUnknown();
  // @ts-expect-error an object that is not a document
  void client.request({ kind: 'Field' });

  // An SDK method built on it, as getSdk builds them: the same signature as from a node.
  const call =
    <R, V extends object>(document: TypedDocumentString<R, V>) =>
    (...args: RequestArgs<V>): Promise<R> =>
      client.request(document, ...args);
  expectTypeOf(call(DeleteProducts)).parameters.toEqualTypeOf<
    [variables: DeleteProductsMutationVariables, options?: RequestOptions]
  >();
  expectTypeOf(call(GetMe)).parameters.toEqualTypeOf<
    [variables?: GetMeQueryVariables, options?: RequestOptions]
  >();
  expectTypeOf(call(GetMe)).returns.resolves.toEqualTypeOf<GetMeQuery>();

  // The entries of `errors` and graphql's GraphQLFormattedError are interchangeable.
  const fromServer = (error: GraphQLResponseError): readonly GraphQLFormattedError[] =>
    error.errors;
  const fromGraphQL = (errors: readonly GraphQLFormattedError[]): GraphQLResponseError['errors'] =>
    errors;
  expectTypeOf(fromServer).toBeFunction();
  expectTypeOf(fromGraphQL).toBeFunction();

  return async () => {
    for await (const product of paginate(
      client,
      ListProducts,
      { search: 'mug' },
      { select: (result) => result.listProduct },
    )) {
      expectTypeOf(product).toEqualTypeOf<{ id: string; name: string }>();
    }
  };
}

describe('typed string documents', () => {
  it('type requests and pages as TypedDocumentNodes do, checked at compile time', () => {
    expectTypeOf(typeChecks).toBeFunction();
  });

  it('are plain strings at runtime', () => {
    expect(typeof GetMe).toBe('string');
    expect(GetMe).toBe('query GetMe{me{id name}}');
  });
});
