import type { OrderRecord, OrderStatus, ProductRecord, ProductType } from '../store-data.js';
import type { ResolverContext } from './context.js';
import { paginate } from './paginate.js';

type Pagination = { page?: number | null; limit?: number | null } | null;

export interface ListProductArgs {
  pagination?: Pagination;
  id?: { eq?: string | null; in?: string[] | null } | null;
  type?: ProductType[] | null;
  search?: string | null;
  sort?: 'ASC' | 'DESC' | null;
}

export interface ListOrderArgs {
  pagination?: Pagination;
  status?: OrderStatus[] | null;
  orderedAt?: { gte?: number | null; lte?: number | null } | null;
}

export const queryResolvers = {
  me: (_: unknown, __: unknown, { clientId }: ResolverContext) => ({
    id: `app_${clientId}`,
    name: 'Emulator Private App',
    email: 'developer@example.com',
    storeName: 'emulator-store',
    store: 'emulator-store',
    scopes: ['READ_PRODUCTS', 'WRITE_PRODUCTS', 'READ_ORDERS', 'WRITE_ORDERS', 'READ_CUSTOMERS'],
    createdAt: Date.UTC(2026, 0, 1),
  }),

  listProduct: (_: unknown, args: ListProductArgs, { data }: ResolverContext) => {
    let items: ProductRecord[] = [...data.products.values()];
    const { id, type, search, sort } = args;
    if (id?.eq != null) items = items.filter((p) => p.id === id.eq);
    if (id?.in != null) items = items.filter((p) => id.in?.includes(p.id));
    if (type != null) items = items.filter((p) => type.includes(p.type));
    if (search != null) {
      const needle = search.toLowerCase();
      items = items.filter((p) => p.name.toLowerCase().includes(needle));
    }
    if (sort === 'DESC') items.reverse();
    return paginate(items, args.pagination);
  },

  listOrder: (_: unknown, args: ListOrderArgs, { data }: ResolverContext) => {
    let items: OrderRecord[] = [...data.orders.values()];
    const { status, orderedAt } = args;
    if (status != null) items = items.filter((o) => status.includes(o.status));
    if (orderedAt?.gte != null)
      items = items.filter((o) => (o.orderedAt ?? 0) >= (orderedAt.gte ?? 0));
    if (orderedAt?.lte != null)
      items = items.filter((o) => (o.orderedAt ?? 0) <= (orderedAt.lte ?? 0));
    return paginate(items, args.pagination);
  },

  listCustomer: (_: unknown, args: { pagination?: Pagination }, { data }: ResolverContext) =>
    paginate([...data.customers.values()], args.pagination),

  node: (_: unknown, { id }: { id: string }, { data }: ResolverContext) =>
    data.products.get(id) ?? data.orders.get(id) ?? data.customers.get(id) ?? null,

  search: (_: unknown, { query }: { query: string }, { data }: ResolverContext) => {
    const needle = query.toLowerCase();
    return [
      ...[...data.products.values()].filter((p) => p.name.toLowerCase().includes(needle)),
      ...[...data.customers.values()].filter((c) => c.firstName.toLowerCase().includes(needle)),
      ...[...data.orders.values()].filter((o) => o.orderNumber === query),
    ].slice(0, 50);
  },
};
