import type { PaginationInput, TypedDocumentString } from '@admin-api/client';

/** `me`, typed by hand as `@admin-api/codegen` would type it: a compact string with its types. */
export const GetMeDocument = 'query GetMe{me{id name scopes}}' as TypedDocumentString<
  { me: { id: string | null; name: string | null; scopes: string[] | null } | null },
  Record<string, never>
>;

export interface ListProductsQueryVariables {
  pagination?: PaginationInput | null | undefined;
}

export interface ListProductsQuery {
  listProduct: {
    count: number;
    hasNext: boolean;
    page: number;
    limit: number;
    data: { id: string; name: string }[];
  };
}

/** One page of products, ids and names only. */
export const ListProductsDocument =
  'query ListProducts($pagination:PaginationInput){listProduct(pagination:$pagination){count hasNext page limit data{id name}}}' as TypedDocumentString<
    ListProductsQuery,
    ListProductsQueryVariables
  >;
