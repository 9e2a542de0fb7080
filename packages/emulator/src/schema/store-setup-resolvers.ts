import type { ResolverContext, Resolvers } from './context.js';
import { queryList } from './list-query.js';
import { listRules } from './list-rules.js';

/** The app (as `me` and as the authorized app), the merchant, stock locations and sales channels: read-only setup of the store. */
export const storeSetupResolvers: Resolvers = {
  Query: {
    me: (_: unknown, __: unknown, { app }: ResolverContext) => app.me(),
    getAuthorizedApp: (_: unknown, __: unknown, { app }: ResolverContext) => app.authorizedApp(),
    getMerchant: (_: unknown, __: unknown, { data }: ResolverContext) => data.merchant,
    listStockLocation: (
      _: unknown,
      args: Record<string, unknown>,
      { data }: ResolverContext,
      info,
    ) => queryList(data.stockLocations.values(), args, listRules(info.schema, 'listStockLocation')),
    listSalesChannel: (
      _: unknown,
      args: Record<string, unknown>,
      { data }: ResolverContext,
      info,
    ) => queryList(data.salesChannels.values(), args, listRules(info.schema, 'listSalesChannel')),
  },
};
