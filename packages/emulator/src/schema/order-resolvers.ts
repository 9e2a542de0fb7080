import type { OrderRecord } from '../store-data.js';
import type { ResolverContext, Resolvers } from './context.js';
import { queryList } from './list-query.js';
import { listRules } from './list-rules.js';
import { fulfillOrder, updateOrderPackageStatus } from './order-fulfillment.js';
import { existingRecord } from './records.js';

interface OrderTagInput {
  readonly orderId: string;
  readonly orderTagId: string;
}

/** `addOrderTag` and `removeOrderTag`: change the order's `orderTagIds`, answer true. */
function retag(change: (tagIds: readonly string[], tagId: string) => string[]) {
  return (_: unknown, { input }: { input: OrderTagInput }, context: ResolverContext) => {
    const { data } = context;
    const order = existingRecord(data.orders, input.orderId, 'Order');
    existingRecord(data.orderTags, input.orderTagId, 'OrderTag');
    const at = context.now();
    const updated: OrderRecord = {
      ...order,
      orderTagIds: change(order.orderTagIds ?? [], input.orderTagId),
      updatedAt: at,
    };
    data.orders.set(order.id, updated);
    context.webhooks.emit('store/order/updated', updated, at);
    return true;
  };
}

/** `listOrder`, order tags on orders, fulfilment and package status. */
export const orderResolvers: Resolvers = {
  Query: {
    listOrder: (_: unknown, args: Record<string, unknown>, { data }: ResolverContext, info) =>
      queryList(data.orders.values(), args, listRules(info.schema, 'listOrder'), {
        filterValues: {
          branchId: 'branch.id',
          customerEmail: 'customer.email',
          invoicesStoreAppId: 'invoices.storeAppId',
          paymentMethodType: 'paymentMethods.type',
        },
        // The description names no search fields; these are what a merchant searches orders by.
        searchFields: [
          'orderNumber',
          'customer.email',
          'customer.firstName',
          'customer.lastName',
          'customer.fullName',
        ],
      }),
  },
  Mutation: {
    addOrderTag: retag((tagIds, tagId) =>
      tagIds.includes(tagId) ? [...tagIds] : [...tagIds, tagId],
    ),
    removeOrderTag: retag((tagIds, tagId) => tagIds.filter((id) => id !== tagId)),
    fulfillOrder,
    updateOrderPackageStatus,
  },
};
