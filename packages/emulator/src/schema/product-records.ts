import type { ProductRecord, StoreData, VariantRecord } from '../store-data.js';
import { argumentValidationError } from './graphql-errors.js';
import { existingRecord } from './records.js';

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  TRY: '₺',
  USD: '$',
  EUR: '€',
  GBP: '£',
};
/** The store's currency: prices saved without one are in it. */
const STORE_CURRENCY = 'TRY';

/** A `ProductPriceInput` as the `ProductPrice` the service answers: currency code and symbol. */
export function priceFromInput<T extends { readonly currency?: string | null }>(price: T) {
  const currency = price.currency ?? STORE_CURRENCY;
  return {
    ...price,
    currency,
    currencyCode: currency,
    currencySymbol: CURRENCY_SYMBOLS[currency] ?? null,
  };
}

/** `Product.totalStock`: the stock of every variant at every location. */
export function totalStock(variants: readonly VariantRecord[]): number {
  return variants.reduce(
    (sum, variant) => sum + (variant.stocks ?? []).reduce((n, stock) => n + stock.stockCount, 0),
    0,
  );
}

/** The live product and its variant, or ARGUMENT_VALIDATION_ERROR. */
export function existingVariant(
  products: StoreData['products'],
  productId: string,
  variantId: string,
): { product: ProductRecord; variant: VariantRecord } {
  const product = existingRecord(products, productId, 'Product');
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (!variant)
    throw argumentValidationError(`Variant ${variantId} is not a variant of ${productId}`);
  return { product, variant };
}

/** Stores `product` with one variant replaced, its total stock and update time renewed. */
export function replaceVariant(
  products: StoreData['products'],
  product: ProductRecord,
  variant: VariantRecord,
  now: number,
): void {
  const current = products.get(product.id) ?? product;
  const variants = current.variants.map((v) => (v.id === variant.id ? variant : v));
  products.set(product.id, {
    ...current,
    variants,
    totalStock: totalStock(variants),
    updatedAt: now,
  });
}
