import { ConfigurationError } from '@admin-api/auth';
import { isRecord } from '@admin-api/auth/internal';
import type { AdminClient, RequestOptions, Variables } from './admin-client.js';
import { HttpError } from './errors.js';
import { toOperation } from './operation.js';
import { label } from './operation-label.js';
import { pageFingerprint } from './page-fingerprint.js';
import type { TypedDocumentNodeLike, TypedDocumentString } from './typed-document-string.js';

/** The service's largest page. */
export const MAX_PAGE_LIMIT = 200;

/**
 * The part of a list answer that paging needs: `{ data, hasNext }`. `page`, `count` and `limit`,
 * when selected, are used to check that the list advances.
 */
export interface Page<TItem> {
  readonly data: readonly TItem[];
  readonly hasNext: boolean;
  readonly page?: number | null;
  readonly count?: number | null;
  readonly limit?: number | null;
}

/**
 * The `pagination` argument of list queries. Optional fields take `undefined` too, as generated
 * variable types write them, so that documents with required variables still infer under
 * `exactOptionalPropertyTypes`.
 */
export interface PaginationInput {
  page?: number | null | undefined;
  limit?: number | null | undefined;
}

/** Options of {@link paginate}. */
export interface PaginateOptions<TResult, TItem> extends Omit<RequestOptions, 'idempotent'> {
  /**
   * Picks the list out of a result, e.g. `(r) => r.listProduct`. Called once per page with that
   * page's whole result, so it can also report progress from the list's `page` and `count`, when
   * the document selects them.
   *
   * @example
   * select: (r) => {
   *   console.error(`page ${r.listProduct.page} of ${Math.ceil(r.listProduct.count / r.listProduct.limit)}`);
   *   return r.listProduct;
   * }
   */
  select: (result: TResult) => Page<TItem>;
  /** Page size, capped at 200. @default 200 */
  limit?: number | undefined;
  /** First page to fetch: a positive integer (pages count from 1). @default 1 */
  startPage?: number | undefined;
}

/** Items that can be told apart: each an object with a non-null `id`. */
function haveIds(items: readonly unknown[]): boolean {
  return items.every((item) => isRecord(item) && item.id !== undefined && item.id !== null);
}

const positiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Iterates over every item of a page-based list query, one request per page, stopping when
 * `hasNext` is false. Pages go through the client, so they are paced and retried like any call.
 *
 * A server that does not advance ends the iteration with an `HttpError` `INVALID_RESPONSE`
 * instead of being asked forever. No progress is: an answered `page` that is not greater than
 * the one before; a page of items with ids that repeats an earlier page exactly (items without
 * ids may repeat honestly); `hasNext: true` with an empty page; or `hasNext: true` on a page that
 * reaches past the answered `count` (pages of the answered `limit`; at exactly `count` one more
 * page is asked for). A `select` that finds no
 * list object, a `data` that is not a list, or a `hasNext` that is not a boolean is an
 * `INVALID_RESPONSE` too.
 *
 * @example
 * for await (const product of paginate(client, ListProductsDocument, { search: 'mug' }, { select: (r) => r.listProduct })) {
 *   console.log(product.name);
 * }
 */
export async function* paginate<
  TResult,
  TVariables extends Variables & { pagination?: PaginationInput | null | undefined },
  TItem,
>(
  client: AdminClient,
  document: TypedDocumentString<TResult, TVariables> | TypedDocumentNodeLike<TResult, TVariables>,
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
  const { operationName } = toOperation(document, requestOptions.operationName);
  const request = client.request as (
    d: unknown,
    v: Variables,
    o: RequestOptions,
  ) => Promise<TResult>;
  const seen = new Set<number>();
  let answeredPage: number | undefined;
  for (let page = startPage; ; page++) {
    const result = await request(
      document,
      { ...variables, pagination: { page, limit } },
      requestOptions,
    );
    const invalid = (why: string) =>
      new HttpError(
        'INVALID_RESPONSE',
        `Paging ${label(operationName)} stopped at page ${page}: ${why}; it did not ask again. Report it to the API's maintainers.`,
        '',
        { operationName, status: 200 },
      );
    const list: unknown = select(result);
    if (!isRecord(list)) {
      throw invalid(
        `the list selected from the answer is ${list === null ? 'null' : Array.isArray(list) ? 'a list, not { data, hasNext }' : typeof list}`,
      );
    }
    const { data, hasNext, page: answered, count, limit: answeredLimit } = list;
    if (!Array.isArray(data)) throw invalid('its "data" is not a list');
    if (typeof hasNext !== 'boolean') {
      throw invalid('its "hasNext" is not a boolean; select hasNext in the query');
    }
    if (typeof answered === 'number') {
      if (answeredPage !== undefined && answered <= answeredPage) {
        throw invalid(`the server answered page ${answered} after page ${answeredPage}`);
      }
      answeredPage = answered;
    }
    if (data.length > 0 && haveIds(data)) {
      const fingerprint = pageFingerprint(data);
      if (seen.has(fingerprint)) throw invalid('the server sent a page it had sent before');
      seen.add(fingerprint);
    }
    if (hasNext && data.length === 0) throw invalid('an empty page says there are more');
    // Page n of size s ends at item n * s: if the count is below that, there is nothing after
    // it. (At exactly the count, a server that sets hasNext from a full page gets one more ask.)
    const pageSize = positiveInteger(answeredLimit) ? answeredLimit : limit;
    const pageNumber = typeof answered === 'number' ? answered : page;
    if (hasNext && typeof count === 'number' && pageNumber * pageSize > count) {
      throw invalid(`it says there are more, but counts ${count} items in pages of ${pageSize}`);
    }
    yield* data as TItem[];
    if (!hasNext) return;
  }
}
