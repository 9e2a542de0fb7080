import type { GraphQLResolveInfo } from 'graphql';
import { shapeRecord } from '../shape-record.js';
import type { CustomerRecord } from '../store-data.js';
import type { ResolverContext, Resolvers } from './context.js';
import { queryList } from './list-query.js';
import { listRules } from './list-rules.js';
import { deleteRecords, existingRecord, savedStamp } from './records.js';

interface CustomerInput {
  readonly id?: string | null;
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly fullName?: string | null;
}

/** `listCustomer`, `saveCustomer`, `deleteCustomerList`. */
export const customerResolvers: Resolvers = {
  Query: {
    listCustomer: (_: unknown, args: Record<string, unknown>, { data }: ResolverContext, info) =>
      queryList(data.customers.values(), args, listRules(info.schema, 'listCustomer'), {
        // Every customer is the one merchant's.
        filterValues: { merchantId: () => data.merchant.id },
      }),
  },
  Mutation: {
    saveCustomer: (
      _: unknown,
      { input }: { input: CustomerInput },
      { data, now, webhooks }: ResolverContext,
      info: GraphQLResolveInfo,
    ) => {
      const at = now();
      const existing =
        input.id == null ? undefined : existingRecord(data.customers, input.id, 'Customer');
      const id = existing?.id ?? data.nextId();
      const customer = shapeRecord<CustomerRecord>(
        info.schema,
        'Customer',
        {
          // What the service keeps about a customer's orders is not the input's to set.
          ...pick(existing, ['orderCount', 'totalOrderPrice', 'firstOrderDate', 'lastOrderDate']),
          ...input,
          fullName: input.fullName ?? [input.firstName, input.lastName].filter(Boolean).join(' '),
          ...savedStamp(existing, id, at),
        },
        { newId: data.nextId },
      );
      data.customers.set(id, customer);
      webhooks.emit(existing ? 'store/customer/updated' : 'store/customer/created', customer, at);
      return customer;
    },
    deleteCustomerList: (_: unknown, { idList }: { idList: string[] }, context: ResolverContext) =>
      deleteRecords(context.data.customers, idList, 'Customer', context.now()),
  },
};

function pick(record: CustomerRecord | undefined, fields: readonly string[]) {
  return Object.fromEntries(fields.map((field) => [field, record?.[field] ?? null]));
}
