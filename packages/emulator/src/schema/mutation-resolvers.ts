import { GraphQLError } from 'graphql';
import type {
  CurrencyCode,
  OrderStatus,
  ProductRecord,
  ProductType,
  StoreData,
} from '../store-data.js';
import type { ResolverContext } from './context.js';

export interface ProductInput {
  id?: string | null;
  name: string;
  description?: string | null;
  type: ProductType;
  tags?: string[] | null;
  variants: {
    id?: string | null;
    sku?: string | null;
    stock?: number | null;
    isActive?: boolean | null;
    prices: { sellPrice: number; discountPrice?: number | null; currency: CurrencyCode }[];
  }[];
  metaData?: unknown;
}

function notFound(kind: string, id: string): GraphQLError {
  return new GraphQLError(`${kind} ${id} not found`, { extensions: { code: 'NOT_FOUND' } });
}

function record(
  data: StoreData,
  field: string,
  args: Record<string, unknown>,
  resultId: string | null,
  at: number,
) {
  data.ledger.push({
    seq: data.ledger.length + 1,
    field,
    args: structuredClone(args),
    resultId,
    at,
  });
}

export const mutationResolvers = {
  saveProduct: (_: unknown, args: { input: ProductInput }, { data, now }: ResolverContext) => {
    const { input } = args;
    const at = now();
    const existing = input.id == null ? undefined : data.products.get(input.id);
    if (input.id != null && !existing) throw notFound('Product', input.id);
    const id = existing?.id ?? data.nextId('prd');
    const product: ProductRecord = {
      __typename: 'Product',
      id,
      createdAt: existing?.createdAt ?? at,
      updatedAt: existing ? at : null,
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      tags: input.tags ?? null,
      variants: input.variants.map((v, n) => ({
        id: v.id ?? `${id}_v${n + 1}`,
        sku: v.sku ?? null,
        stock: v.stock ?? null,
        isActive: v.isActive ?? true,
        prices: v.prices.map((p) => ({ ...p, discountPrice: p.discountPrice ?? null })),
      })),
      metaData: input.metaData ?? null,
      weight: existing?.weight ?? null,
    };
    data.products.set(id, product);
    record(data, 'saveProduct', args as unknown as Record<string, unknown>, id, at);
    return product;
  },

  deleteProductList: (_: unknown, args: { idList: string[] }, { data, now }: ResolverContext) => {
    const missing = args.idList.filter((id) => !data.products.has(id));
    if (missing.length > 0) throw notFound('Product', missing.join(', '));
    for (const id of args.idList) data.products.delete(id);
    record(data, 'deleteProductList', args, null, now());
    return true;
  },

  updateOrderStatus: (
    _: unknown,
    args: { input: { orderId: string; status: OrderStatus } },
    { data, now }: ResolverContext,
  ) => {
    const order = data.orders.get(args.input.orderId);
    if (!order) throw notFound('Order', args.input.orderId);
    order.status = args.input.status;
    order.updatedAt = now();
    record(data, 'updateOrderStatus', args, order.id, order.updatedAt);
    return order;
  },
};
