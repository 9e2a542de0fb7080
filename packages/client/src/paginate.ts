import { ConfigurationError } from '@admin-api/auth';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { AdminClient, RequestOptions, Variables } from './admin-client.js';
import { HttpError } from './errors.js';
import type { TypedDocumentString } from './typed-document-string.js';

/** The service's largest page. */
export const MAX_PAGE_LIMIT = 200;

/**
 * The part of a list answer that paging needs: `{ data, hasNext }`; `page`, when selected, is
 * checked to advance (`count` and `limit` may follow).
 */
export interface Page<TItem> {
  readonly data: readonly TItem[];
  readonly hasNext: boolean;
  readonly page?: number | null;
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
  /** First page to fetch: a positive integer (pages count from 1). @default 1 */
  startPage?: number;
}

/** What identifies an item for progress checks: its `id` when it has one, else the item itself. */
function itemKey(item: unknown): unknown {
  if (typeof item === 'object' && item !== null && 'id' in item)
    return (item as { id: unknown }).id;
  return item;
}

/** A page's fingerprint: its size and its first and last items. */
function pageKey(data: readonly unknown[]): string {
  return JSON.stringify([data.length, itemKey(data[0]), itemKey(data[data.length - 1])]) ?? '';
}

/**
 * Iterates over every item of a page-based list query, one request per page, stopping when
 * `hasNext` is false. Pages go through the client, so they are paced and retried like any call.
 * A server that does not advance (a page seen before, or an answered `page` that does not
 * grow) ends the iteration with an `HttpError` `INVALID_RESPONSE` instead of looping.
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
  document: TypedDocumentString<TResult, TVariables> | TypedDocumentNode<TResult, TVariables>,
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
  if (!Number.isSafeInteger(startPage) || startPage < 1) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"startPage" must be a positive integer; pages count from 1 (got ${startPage})`,
    );
  }
  const limit = Math.min(requested, MAX_PAGE_LIMIT);
  const request = client.request as (
    d: unknown,
    v: Variables,
    o: RequestOptions,
  ) => Promise<TResult>;
  const seen = new Set<string>();
  let answeredPage: number | undefined;
  for (let page = startPage; ; page++) {
    const result = await request(
      document,
      { ...variables, pagination: { page, limit } },
      requestOptions,
    );
    const { data, hasNext, page: answered } = select(result);
    const stalled = (why: string) =>
      new HttpError(
        'INVALID_RESPONSE',
        `The list stopped advancing at page ${page}: ${why}. Stopped instead of asking again; report it to the API's maintainers.`,
        '',
        { status: 200 },
      );
    if (!Array.isArray(data)) throw stalled('its "data" is not a list');
    if (typeof answered === 'number') {
      if (answeredPage !== undefined && answered <= answeredPage) {
        throw stalled(`the server answered page ${answered} after page ${answeredPage}`);
      }
      answeredPage = answered;
    }
    if (data.length > 0) {
      const key = pageKey(data);
      if (seen.has(key)) throw stalled('the server sent a page it had sent before');
      seen.add(key);
    }
    yield* data;
    // An empty page that claims more would loop forever.
    if (!hasNext || data.length === 0) return;
  }
}
