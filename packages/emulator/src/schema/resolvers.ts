import type { OrderRecord, ProductRecord } from '../store-data.js';
import type { ResolverContext } from './context.js';
import { mutationResolvers } from './mutation-resolvers.js';
import { queryResolvers } from './query-resolvers.js';
import { JSONScalar, TimestampScalar } from './scalars.js';

const byTypename = (value: { __typename: string }) => value.__typename;

export const resolvers = {
  Timestamp: TimestampScalar,
  JSON: JSONScalar,
  Query: queryResolvers,
  Mutation: mutationResolvers,
  Node: { __resolveType: byTypename },
  SearchResult: { __resolveType: byTypename },
  Product: {
    totalStock: (product: ProductRecord) =>
      product.variants.reduce((sum, v) => sum + (v.stock ?? 0), 0),
  },
  Order: {
    customer: (order: OrderRecord, _: unknown, { data }: ResolverContext) =>
      order.customerId === null ? null : (data.customers.get(order.customerId) ?? null),
    totalFinalPrice: (order: OrderRecord) =>
      Math.round(
        order.orderLineItems.reduce((sum, li) => sum + li.finalPrice * li.quantity, 0) * 100,
      ) / 100,
  },
};
