import type { GraphQLResolveInfo } from 'graphql';
import { shapeRecord } from '../shape-record.js';
import type { PriceRecord, StockRecord, StoreData } from '../store-data.js';
import type { WebhookEmitter } from '../webhook-emitter.js';
import type { ResolverContext, Resolvers } from './context.js';
import { argumentValidationError } from './graphql-errors.js';
import { queryList } from './list-query.js';
import { listRules } from './list-rules.js';
import { existingVariant, priceFromInput, replaceVariant } from './product-records.js';
import { existingRecord } from './records.js';

/** `SaveVariantPricesInput.variantPriceInputs`: "Maximum 3000 entries allowed." */
const MAX_VARIANT_PRICES = 3000;

interface StockInput {
  readonly productId: string;
  readonly variantId: string;
  readonly stockLocationId: string;
  readonly stockCount: number;
}

interface VariantPricesInput {
  readonly priceListId?: string | null;
  readonly variantPriceInputs: readonly {
    readonly productId: string;
    readonly variantId: string;
    readonly deleted?: boolean | null;
    readonly price: { readonly currency?: string | null };
  }[];
}

/** Every live product's variants' stock records, in product order. */
function allStocks(data: StoreData): StockRecord[] {
  return [...data.products.values()]
    .filter((product) => !product.deleted)
    .flatMap((product) => product.variants.flatMap((variant) => variant.stocks ?? []));
}

/**
 * Sends `store/product/updated` once for each product the entries changed, as stored at the end:
 * its variants and `updatedAt` changed with them, so a client catching up by `updatedAt` finds it
 * and its webhook consumer must have heard of it too.
 */
function announceProducts(
  data: StoreData,
  webhooks: WebhookEmitter,
  entries: readonly { readonly productId: string }[],
  at: number,
): void {
  for (const productId of new Set(entries.map((entry) => entry.productId))) {
    const product = data.products.get(productId);
    if (product) webhooks.emit('store/product/updated', product, at);
  }
}

/**
 * Stock and prices, the two things apps sync most: `listProductStockLocation`, and
 * `saveProductStockLocations` and `saveVariantPrices`, which check every entry before changing
 * anything.
 */
export const inventoryResolvers: Resolvers = {
  Query: {
    listProductStockLocation: (
      _: unknown,
      args: Record<string, unknown>,
      { data }: ResolverContext,
      info: GraphQLResolveInfo,
    ) => queryList(allStocks(data), args, listRules(info.schema, 'listProductStockLocation')),
  },
  Mutation: {
    saveProductStockLocations: (
      _: unknown,
      { input }: { input: { productStockLocationInputs?: readonly StockInput[] | null } },
      { data, now, webhooks }: ResolverContext,
      info: GraphQLResolveInfo,
    ) => {
      const entries = input.productStockLocationInputs ?? [];
      for (const entry of entries) {
        existingVariant(data.products, entry.productId, entry.variantId);
        existingRecord(data.stockLocations, entry.stockLocationId, 'StockLocation');
      }
      const at = now();
      for (const entry of entries) {
        const { product, variant } = existingVariant(
          data.products,
          entry.productId,
          entry.variantId,
        );
        const stocks = variant.stocks ?? [];
        const before = stocks.find((stock) => stock.stockLocationId === entry.stockLocationId);
        const stock = shapeRecord<StockRecord>(
          info.schema,
          'ProductStockLocation',
          {
            ...entry,
            id: before?.id ?? data.nextId(),
            createdAt: before?.createdAt ?? at,
            updatedAt: at,
          },
          { newId: data.nextId },
        );
        const kept = stocks.filter((candidate) => candidate !== before);
        replaceVariant(data.products, product, { ...variant, stocks: [...kept, stock] }, at);
        webhooks.emit(before ? 'store/stock/updated' : 'store/stock/created', stock, at);
      }
      announceProducts(data, webhooks, entries, at);
      return true;
    },
    saveVariantPrices: (
      _: unknown,
      { input }: { input: VariantPricesInput },
      { data, now, webhooks }: ResolverContext,
      info: GraphQLResolveInfo,
    ) => {
      const entries = input.variantPriceInputs;
      if (entries.length > MAX_VARIANT_PRICES) {
        throw argumentValidationError(
          `variantPriceInputs takes at most ${MAX_VARIANT_PRICES} entries (got ${entries.length})`,
        );
      }
      for (const entry of entries) existingVariant(data.products, entry.productId, entry.variantId);
      const priceListId = input.priceListId ?? null;
      const at = now();
      for (const entry of entries) {
        const { product, variant } = existingVariant(
          data.products,
          entry.productId,
          entry.variantId,
        );
        // The given price replaces the variant's price in the same price list.
        const others = variant.prices.filter(
          (price) => (price.priceListId ?? null) !== priceListId,
        );
        const price = shapeRecord<PriceRecord>(
          info.schema,
          'ProductPrice',
          priceFromInput({ ...entry.price, priceListId }),
          { newId: data.nextId },
        );
        const prices = entry.deleted ? others : [...others, price];
        replaceVariant(data.products, product, { ...variant, prices, updatedAt: at }, at);
      }
      announceProducts(data, webhooks, entries, at);
      return true;
    },
  },
};
