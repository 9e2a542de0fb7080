import type { GraphQLResolveInfo } from 'graphql';
import { shapeRecord } from '../shape-record.js';
import type { ProductRecord, VariantRecord } from '../store-data.js';
import type { ResolverContext, Resolvers } from './context.js';
import { argumentValidationError } from './graphql-errors.js';
import { queryList } from './list-query.js';
import { listRules } from './list-rules.js';
import { priceFromInput, totalStock } from './product-records.js';
import { deleteRecords, existingRecord, savedStamp } from './records.js';

/** The parts of `ProductInput` the emulator reads; the rest is stored as sent. */
interface ProductInput {
  readonly id?: string | null;
  readonly variants: readonly VariantInput[];
}

interface VariantInput {
  readonly id?: string | null;
  readonly isActive: boolean;
  readonly prices: readonly { readonly currency?: string | null }[];
}

/** `listProduct`, `saveProduct`, `deleteProductList`, and a product's categories and tags. */
export const productResolvers: Resolvers = {
  Query: {
    listProduct: (_: unknown, args: Record<string, unknown>, { data }: ResolverContext, info) =>
      queryList(data.products.values(), args, listRules(info.schema, 'listProduct'), {
        filterValues: {
          sku: 'variants.sku',
          barcodeList: 'variants.barcodeList',
          variantStockLocationId: 'variants.stocks.stockLocationId',
          attributeId: 'attributes.productAttributeId',
          bundleProductsProductId: 'variants.bundleSettings.products.productId',
          variantTypeId: 'productVariantTypes.variantTypeId',
        },
      }),
  },
  Mutation: {
    saveProduct: (
      _: unknown,
      { input }: { input: ProductInput },
      context: ResolverContext,
      info: GraphQLResolveInfo,
    ) => {
      const { data } = context;
      const now = context.now();
      const existing =
        input.id == null ? undefined : existingRecord(data.products, input.id, 'Product');
      const id = existing?.id ?? data.nextId();
      if (input.variants.length === 0) {
        throw argumentValidationError('A product needs at least one variant');
      }
      const variants = input.variants.map((variant) => {
        const before =
          variant.id == null ? undefined : existing?.variants.find((v) => v.id === variant.id);
        if (variant.id != null && !before) {
          throw argumentValidationError(`Variant ${variant.id} is not a variant of product ${id}`);
        }
        return {
          ...variant,
          ...savedStamp(before, before?.id ?? data.nextId(), now),
          prices: variant.prices.map(priceFromInput),
          stocks: before?.stocks ?? [],
        };
      });
      const product = shapeRecord<ProductRecord>(
        info.schema,
        'Product',
        {
          ...input,
          ...savedStamp(existing, id, now),
          variants,
          totalStock: totalStock(variants as unknown as VariantRecord[]),
        },
        { newId: data.nextId },
      );
      data.products.set(id, product);
      context.webhooks.emit(
        existing ? 'store/product/updated' : 'store/product/created',
        product,
        now,
      );
      return product;
    },
    deleteProductList: (_: unknown, { idList }: { idList: string[] }, context: ResolverContext) => {
      const { data, webhooks } = context;
      const at = context.now();
      deleteRecords(data.products, idList, 'Product', at);
      for (const id of new Set(idList)) {
        const product = data.products.get(id);
        if (product) webhooks.emit('store/product/deleted', product, at);
      }
      return true;
    },
  },
  Product: {
    // Relations are read when asked, so that renaming a category or tag shows everywhere. A
    // mocked product (no such field) is left to the mocks.
    categories: (product: Partial<ProductRecord>, _: unknown, { data }: ResolverContext) =>
      product.categoryIds === undefined
        ? undefined
        : (product.categoryIds?.flatMap((id) => live(data.categories.get(id))) ?? null),
    tags: (product: Partial<ProductRecord>, _: unknown, { data }: ResolverContext) =>
      product.tagIds === undefined
        ? undefined
        : (product.tagIds?.flatMap((id) => live(data.productTags.get(id))) ?? null),
  },
};

/** The record in a list of one, or none when it is missing or deleted. */
function live<T extends { deleted: boolean }>(record: T | undefined): T[] {
  return record && !record.deleted ? [record] : [];
}
