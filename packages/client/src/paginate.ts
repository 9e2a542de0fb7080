import { ConfigurationError } from '@admin-api/auth';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { AdminClient, RequestOptions, Variables } from './admin-client.js';

/** The service's largest page. */
export const MAX_PAGE_LIMIT = 200;

/** The part of a list answer that paging needs: `{ data, hasNext }` (`count`, `page`, `limit` may follow). */
export interface Page<TItem> {
  readonly data: readonly TItem[];
  readonly hasNext: boolean;
}

/** The `pagination` argument of list queries. */
export interface PaginationInput {
  page?: number | null;
  limit?: number | null;
}

/** Options of {@link paginate}. */
export interface PaginateOptions<TResult, TItem> extends Omit<RequestOptions, 'idempotent'> {
  /** Picks the list out of a result, e.g. `(r) => r.listProduct`. */
  select: (result: TResult) => Page<TItem>;
  /** Page size, capped at 200. @default 200 */
  limit?: number;
  /** First page to fetch (1-based). @default 1 */
  startPage?: number;
}

/**
 * Iterates over every item of a page-based list query, one request per page, stopping when
 * `hasNext` is false. Pages go through the client, so they are paced and retried like any call.
 *
 * @example
 * for await (const product of paginate(client, ListProductsDocument, { search: 'mug' }, { select: (r) => r.listProduct })) {
 *   console.log(product.name);
 * }
 */
export async function* paginate<
  TResult,
  TVariables extends Variables & { pagination?: PaginationInput | null },
  TItem,
>(
  client: AdminClient,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: Omit<TVariables, 'pagination'>,
  options: PaginateOptions<TResult, TItem>,
): AsyncGenerator<TItem, void, undefined> {
  const { select, limit: requested = MAX_PAGE_LIMIT, startPage = 1, ...requestOptions } = options;
  if (!Number.isInteger(requested) || requested < 1) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"limit" must be a positive integer (got ${requested})`,
    );
  }
  const limit = Math.min(requested, MAX_PAGE_LIMIT);
  const request = client.request as (
    d: unknown,
    v: Variables,
    o: RequestOptions,
  ) => Promise<TResult>;
  for (let page = startPage; ; page++) {
    const result = await request(
      document,
      { ...variables, pagination: { page, limit } },
      requestOptions,
    );
    const { data, hasNext } = select(result);
    yield* data;
    // An empty page that claims more would loop forever.
    if (!hasNext || data.length === 0) return;
  }
}
