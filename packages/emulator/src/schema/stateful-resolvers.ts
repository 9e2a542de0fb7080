import { categoryResolvers } from './category-resolvers.js';
import type { FieldResolver, Resolvers } from './context.js';
import { customerResolvers } from './customer-resolvers.js';
import { inventoryResolvers } from './inventory-resolvers.js';
import { orderResolvers } from './order-resolvers.js';
import { productResolvers } from './product-resolvers.js';
import { storeSetupResolvers } from './store-setup-resolvers.js';
import { tagResolvers } from './tag-resolvers.js';
import { webhookResolvers } from './webhook-resolvers.js';

/** Resolvers of several parts in one map, type by type. */
export function mergeResolvers(...parts: readonly Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, FieldResolver>> = {};
  for (const part of parts) {
    for (const [typeName, fields] of Object.entries(part)) {
      merged[typeName] = { ...merged[typeName], ...fields };
    }
  }
  return merged;
}

/** The stateful core: the fields answered from the store, by the service's rules. */
export const statefulResolvers: Resolvers = mergeResolvers(
  storeSetupResolvers,
  productResolvers,
  inventoryResolvers,
  categoryResolvers,
  customerResolvers,
  orderResolvers,
  tagResolvers,
  webhookResolvers,
);

/** The root fields of the stateful core, sorted; every other root field is mocked. */
export const STATEFUL_ROOT_FIELDS: readonly string[] = [
  ...Object.keys(statefulResolvers.Query ?? {}),
  ...Object.keys(statefulResolvers.Mutation ?? {}),
].sort();
