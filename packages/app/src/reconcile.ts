import { ConfigurationError } from '@admin-api/auth';
import { isRecord } from '@admin-api/auth/internal';
import {
  type AdminClient,
  HttpError,
  MAX_PAGE_LIMIT,
  paginate,
  type TypedDocumentString,
} from '@admin-api/client';
import { WebhookScopeError } from './errors.js';
import type { WebhookScope } from './webhook-scopes.js';

/** The scopes {@link reconcile} can find again: each has a list that tells when a record changed. */
export const RECONCILABLE_WEBHOOK_SCOPES = [
  'store/order/created',
  'store/order/updated',
  'store/product/created',
  'store/product/updated',
  'store/product/deleted',
  'store/customer/created',
  'store/customer/updated',
  'store/stock/created',
  'store/stock/updated',
] as const satisfies readonly WebhookScope[];

/** A scope of {@link RECONCILABLE_WEBHOOK_SCOPES}. */
export type ReconcilableWebhookScope = (typeof RECONCILABLE_WEBHOOK_SCOPES)[number];

/** Options of {@link reconcile}. */
export interface ReconcileOptions {
  /** The point to catch up from: a `Date` or epoch ms, e.g. the last event handled, minus a margin. */
  readonly since: Date | number;
  /** The scopes to find changes of; records of other kinds are not listed. */
  readonly scopes: readonly ReconcilableWebhookScope[];
  /** Page size, at most 200 (the default). */
  readonly pageSize?: number | undefined;
  /** Aborts the listing. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * A record that changed since the point, labelled with one of the scopes asked for: `deleted`
 * for a product deleted since, when asked; else `created` when it was created since and that
 * was asked; else `updated`, when asked (a record created or a product deleted since included:
 * each changed). Fetch the record itself with your own typed query (`getSdk`), by `id`, as of
 * now.
 */
export interface ReconciledChange {
  readonly scope: ReconcilableWebhookScope;
  readonly id: string;
  /** Epoch ms, as the service sent it. */
  readonly createdAt: number | null;
  /** Epoch ms, as the service sent it: at or after `since`. */
  readonly updatedAt: number;
}

type Stamp = { id: string; createdAt?: number | null; updatedAt?: number | null; deleted: boolean };
type PageOf = { data: Stamp[]; hasNext: boolean; page: number; count: number; limit: number };
type Kind = 'order' | 'customer' | 'stock' | 'product';

/** The latest instant a `Date` holds: the upper end of the first window. */
const MAX_TIMESTAMP = 8_640_000_000_000_000;
const FIELDS = '{data{id createdAt updatedAt deleted}hasNext page count limit}';
// The answers are checked at runtime (`pageOf`, paginate); each document selects its one list.
const page = <V>(query: string) => query as TypedDocumentString<Record<string, PageOf>, V>;
type WindowVars = { since: number; until: number; pagination: { page: number; limit: number } };
type InstantVars = { at: number; pagination?: { page?: number; limit?: number } | null };

/** A list that takes an `updatedAt` filter: paged by window, so a record leaving it skips none. */
interface FilteredList {
  readonly field: string;
  /** Newest first, between `since` and `until` (both included), always page 1. */
  readonly window: TypedDocumentString<Record<string, PageOf>, WindowVars>;
  /** Every record changed at one instant, paged: for more of them than a page holds. */
  readonly instant: TypedDocumentString<Record<string, PageOf>, InstantVars>;
}

const filteredList = (field: string, operation: string): FilteredList => ({
  field,
  window: page(
    `query ${operation}($since:Timestamp!,$until:Timestamp!,$pagination:PaginationInput){${field}(updatedAt:{gte:$since,lte:$until},sort:"-updatedAt",pagination:$pagination)${FIELDS}}`,
  ),
  instant: page(
    `query ${operation}At($at:Timestamp!,$pagination:PaginationInput){${field}(updatedAt:{eq:$at},pagination:$pagination)${FIELDS}}`,
  ),
});

const FILTERED: Readonly<Record<Exclude<Kind, 'product'>, FilteredList>> = {
  order: filteredList('listOrder', 'ReconcileOrders'),
  customer: filteredList('listCustomer', 'ReconcileCustomers'),
  stock: filteredList('listProductStockLocation', 'ReconcileStocks'),
};
// listProduct has no updatedAt filter: newest first, deleted ones kept (so none leaves the list
// and shifts a page), until one is older than the point.
const PRODUCTS = page<{ pagination?: { page?: number; limit?: number } | null }>(
  `query ReconcileProducts($pagination:PaginationInput){listProduct(includeDeleted:true,sort:"-updatedAt",pagination:$pagination)${FIELDS}}`,
);

/** The documents {@link reconcile} sends, for the tests that validate them against the schema. */
export const RECONCILE_DOCUMENTS: readonly string[] = [
  ...Object.values(FILTERED).flatMap((list) => [list.window, list.instant]),
  PRODUCTS,
];

const SUPPORTED: ReadonlySet<string> = new Set(RECONCILABLE_WEBHOOK_SCOPES);
const KINDS: readonly Kind[] = ['order', 'customer', 'stock', 'product'];

/**
 * Finds again what webhooks would have told: every record of the scopes' kinds that changed at
 * or after `since`, each once, newest change first within a kind, labelled with a scope asked
 * for (see {@link ReconciledChange}): with `store/customer/updated` alone, a customer created
 * since is yielded as updated; with `store/customer/created` alone, one only updated since is
 * not yielded. Webhooks are the trigger and `updatedAt` is the source of truth: the service
 * drops a delivery after 3 failed tries, so an app that was down longer runs this from the last
 * event it handled (minus a margin for clocks) and handles what it yields as it would the
 * webhooks. A record changed again while it runs may be left out: its new webhook brings it.
 *
 * Orders, customers and stocks are listed newest first in windows of `updatedAt` (`gte: since`,
 * `lte:` the oldest change seen so far), always from the first page, so a record deleted while
 * it runs shifts no other out of sight; products, whose list has no such filter, newest first
 * with deleted ones kept, until one is older than `since`. `store/customer/statusUpdated`,
 * `store/customerFavoriteProducts/*` and `store/app/*` have no list that tells their changes
 * apart: they are refused with a {@link WebhookScopeError} before anything is sent.
 *
 * @example
 * for await (const change of reconcile(app.client('acme'), {
 *   since: Date.now() - 24 * 60 * 60 * 1000,
 *   scopes: ['store/order/created', 'store/order/updated'],
 * })) {
 *   console.log(change.scope, change.id);
 * }
 */
export async function* reconcile(
  client: AdminClient,
  options: ReconcileOptions,
): AsyncGenerator<ReconciledChange, void, undefined> {
  const since = checkSince(options?.since);
  const scopes = checkScopes(options.scopes);
  const limit = checkPageSize(options.pageSize);
  const signal = options.signal;
  for (const kind of KINDS) {
    if (![...scopes].some((scope) => scope.startsWith(`store/${kind}/`))) continue;
    const records =
      kind === 'product'
        ? productsSince(client, since, limit, signal)
        : changedSince(client, FILTERED[kind], since, limit, signal);
    for await (const record of records) {
      const updatedAt = record.updatedAt;
      if (typeof updatedAt !== 'number' || updatedAt < since) continue;
      const scope = scopeOf(kind, record, since, scopes);
      if (scope) yield { scope, id: record.id, createdAt: record.createdAt ?? null, updatedAt };
    }
  }
}

/** Records of a filtered list changed at or after `since`, newest first, each once. */
async function* changedSince(
  client: AdminClient,
  list: FilteredList,
  since: number,
  limit: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<Stamp, void, undefined> {
  const seen = new Set<string>();
  const unseen = (record: Stamp): boolean => {
    if (seen.has(record.id)) return false;
    seen.add(record.id);
    return true;
  };
  const options = { idempotent: true, ...(signal ? { signal } : {}) };
  let until = MAX_TIMESTAMP;
  for (;;) {
    const result = await client.request(
      list.window,
      { since, until, pagination: { page: 1, limit } },
      options,
    );
    const { data, hasNext } = pageOf(result[list.field], list.field);
    let fresh = 0;
    for (const record of data) {
      if (!unseen(record)) continue;
      fresh++;
      yield record;
    }
    const oldest = data.at(-1)?.updatedAt;
    if (!hasNext || typeof oldest !== 'number') return;
    if (fresh === 0 && oldest === until) {
      // A whole page changed at one instant, all seen already: page through that instant alone.
      const instant = paginate(
        client,
        list.instant,
        { at: until },
        {
          limit,
          select: (answer) => answer[list.field] as PageOf,
          ...(signal ? { signal } : {}),
        },
      );
      for await (const record of instant) if (unseen(record)) yield record;
      if (until <= since) return;
      until -= 1;
    } else {
      until = oldest;
    }
  }
}

/**
 * Products newest first, until one changed before `since`, each once: one changed while it
 * pages moves to the front and shifts the rest, so a later page may show one again.
 */
async function* productsSince(
  client: AdminClient,
  since: number,
  limit: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<Stamp, void, undefined> {
  const products = paginate(
    client,
    PRODUCTS,
    {},
    {
      limit,
      select: (answer) => answer.listProduct as PageOf,
      ...(signal ? { signal } : {}),
    },
  );
  const seen = new Set<string>();
  for await (const product of products) {
    if (typeof product.updatedAt === 'number' && product.updatedAt < since) return;
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    yield product;
  }
}

/** The list of one answer, checked: `{ data: [{ id, … }], hasNext }`. */
function pageOf(list: unknown, field: string): { data: Stamp[]; hasNext: boolean } {
  if (
    !isRecord(list) ||
    !Array.isArray(list.data) ||
    typeof list.hasNext !== 'boolean' ||
    !list.data.every((item) => isRecord(item) && typeof item.id === 'string')
  ) {
    throw new HttpError(
      'INVALID_RESPONSE',
      `reconcile stopped: the answer's ${field} is not a page of records with ids; it did not ask again. Report it to the API's maintainers.`,
      '',
      { status: 200 },
    );
  }
  return { data: list.data as Stamp[], hasNext: list.hasNext };
}

/**
 * The scope a record is yielded with, among those asked for; undefined when none fits. One
 * label per record, the first that fits: `deleted` (a product deleted since); `created` (created
 * since); `updated` (any change since, a creation or a deletion included, for an app that asked
 * for updates and not for those: it reads the record and finds it new, or deleted).
 */
function scopeOf(
  kind: Kind,
  record: Stamp,
  since: number,
  scopes: ReadonlySet<ReconcilableWebhookScope>,
): ReconcilableWebhookScope | undefined {
  const asked = (change: 'created' | 'updated' | 'deleted') => {
    const scope = `store/${kind}/${change}` as ReconcilableWebhookScope;
    return scopes.has(scope) ? scope : undefined;
  };
  const deleted = kind === 'product' && record.deleted ? asked('deleted') : undefined;
  const created =
    typeof record.createdAt === 'number' && record.createdAt >= since
      ? asked('created')
      : undefined;
  return deleted ?? created ?? asked('updated');
}

function checkSince(since: unknown): number {
  const ms = since instanceof Date ? since.getTime() : since;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_TIMESTAMP) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"since" must be a valid Date or a number of epoch milliseconds, the point to catch up from',
    );
  }
  return Math.floor(ms);
}

function checkPageSize(pageSize: unknown): number {
  if (pageSize === undefined) return MAX_PAGE_LIMIT;
  if (typeof pageSize !== 'number' || !Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new ConfigurationError('INVALID_OPTION', '"pageSize" must be a positive integer');
  }
  return Math.min(pageSize, MAX_PAGE_LIMIT);
}

function checkScopes(scopes: unknown): ReadonlySet<ReconcilableWebhookScope> {
  if (!Array.isArray(scopes) || scopes.length === 0 || scopes.some((s) => typeof s !== 'string')) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"scopes" must be a non-empty list of webhook scopes to find changes of',
    );
  }
  const refused = scopes.filter((scope: string) => !SUPPORTED.has(scope));
  if (refused.length > 0) {
    throw new WebhookScopeError(
      refused,
      `reconcile cannot list ${refused.map((scope) => JSON.stringify(scope)).join(', ')}: no list ` +
        `of the service tells those changes apart. It can list ${RECONCILABLE_WEBHOOK_SCOPES.join(', ')} ` +
        '(for a customer status change, store/customer/updated).',
    );
  }
  return new Set(scopes as ReconcilableWebhookScope[]);
}
