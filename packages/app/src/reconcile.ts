import { ConfigurationError } from '@admin-api/auth';
import { type AdminClient, paginate, type TypedDocumentString } from '@admin-api/client';
import { WebhookScopeError } from './webhook-scope-error.js';
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
 * A record that changed since the point, with the scope its webhook would have had: `created`
 * when it was created since, `deleted` for a product deleted since, `updated` otherwise.
 * Fetch the record itself with your own typed query (`getSdk`), by `id`, as of now.
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
type PageVars = { pagination?: { page?: number; limit?: number } | null; since?: number };

const FIELDS = '{data{id createdAt updatedAt deleted}hasNext page count limit}';
// The answer is checked by paginate at runtime; each document selects its one list.
const listDocument = (query: string) =>
  query as TypedDocumentString<Record<string, PageOf>, PageVars>;

/** One list per kind of record; all newest change first, so a change made while listing is not skipped. */
const LISTS = {
  order: {
    field: 'listOrder',
    document: listDocument(
      `query ReconcileOrders($since:Timestamp!,$pagination:PaginationInput){listOrder(updatedAt:{gte:$since},sort:"-updatedAt",pagination:$pagination)${FIELDS}}`,
    ),
  },
  customer: {
    field: 'listCustomer',
    document: listDocument(
      `query ReconcileCustomers($since:Timestamp!,$pagination:PaginationInput){listCustomer(updatedAt:{gte:$since},sort:"-updatedAt",pagination:$pagination)${FIELDS}}`,
    ),
  },
  stock: {
    field: 'listProductStockLocation',
    document: listDocument(
      `query ReconcileStocks($since:Timestamp!,$pagination:PaginationInput){listProductStockLocation(updatedAt:{gte:$since},sort:"-updatedAt",pagination:$pagination)${FIELDS}}`,
    ),
  },
  // listProduct has no updatedAt filter: newest first, and stop at the point.
  product: {
    field: 'listProduct',
    document: listDocument(
      `query ReconcileProducts($pagination:PaginationInput){listProduct(includeDeleted:true,sort:"-updatedAt",pagination:$pagination)${FIELDS}}`,
    ),
  },
} as const;

type Kind = keyof typeof LISTS;

/** The documents {@link reconcile} sends, for the tests that validate them against the schema. */
export const RECONCILE_DOCUMENTS: readonly string[] = Object.values(LISTS).map(
  ({ document }) => document,
);

const SUPPORTED: ReadonlySet<string> = new Set(RECONCILABLE_WEBHOOK_SCOPES);

/**
 * Finds again what webhooks would have told: every record of the scopes' kinds that changed at
 * or after `since`, each once, newest change first within a kind. Webhooks are the trigger and
 * `updatedAt` is the source of truth: the service drops a delivery after 3 failed tries, so an
 * app that was down longer runs this from the last event it handled (minus a margin for clocks)
 * and handles what it yields as it would the webhooks. A record changed again while it runs may
 * be left out: its new webhook brings it.
 *
 * Orders, customers and stocks are listed with `updatedAt: { gte: since }`; products, whose list
 * has no such filter, newest first until one is older than `since`. `store/customer/statusUpdated`,
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
  const requestOptions = {
    ...(options.pageSize === undefined ? {} : { limit: options.pageSize }),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  for (const kind of Object.keys(LISTS) as Kind[]) {
    if (![...scopes].some((scope) => scope.startsWith(`store/${kind}/`))) continue;
    const { field, document } = LISTS[kind];
    const seen = new Set<string>();
    const pages = paginate(client, document, kind === 'product' ? {} : { since }, {
      ...requestOptions,
      select: (result) => result[field] as PageOf,
    });
    for await (const record of pages) {
      const updatedAt = record.updatedAt;
      if (typeof updatedAt !== 'number') continue;
      // Newest first: once past the point, every later record is older.
      if (updatedAt < since) break;
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      const scope = scopeOf(kind, record, since);
      if (scopes.has(scope)) {
        yield { scope, id: record.id, createdAt: record.createdAt ?? null, updatedAt };
      }
    }
  }
}

function scopeOf(kind: Kind, record: Stamp, since: number): ReconcilableWebhookScope {
  if (kind === 'product' && record.deleted) return 'store/product/deleted';
  const created = typeof record.createdAt === 'number' && record.createdAt >= since;
  return `store/${kind}/${created ? 'created' : 'updated'}` as ReconcilableWebhookScope;
}

function checkSince(since: unknown): number {
  const ms = since instanceof Date ? since.getTime() : since;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"since" must be a Date or a number of epoch milliseconds, the point to catch up from',
    );
  }
  return Math.floor(ms);
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
