import type {
  GetMeQuery,
  OrderSummaryFragment,
  ProductSummaryFragment,
} from './generated/admin-api.js';

/** One result line: a tick, the call, and what it gave. */
export function report(call: string, result: string): void {
  console.log(`✔ ${call.padEnd(16)} ${result}`);
}

/** `me` and every field of it may be null: say so rather than print "undefined". */
export function describeApp(me: GetMeQuery['me']): string {
  if (!me) return 'no app (the API answered me: null)';
  const scopes = me.scopes?.length ? me.scopes.join(', ') : 'none';
  return `${me.name ?? '(unnamed app)'} (${me.id ?? 'no id'}); scopes ${scopes}`;
}

/** A price as `149.90 TRY`; the currency is nullable in the schema. */
export function formatPrice(amount: number, currency: string | null): string {
  return `${amount.toFixed(2)}${currency ? ` ${currency}` : ''}`;
}

/** `1 variant: KIT-DEMO-1 at 149.90 TRY (active)`: the variants as the product answered them. */
export function describeVariants(product: ProductSummaryFragment): string {
  const variants = product.variants.map((variant) => {
    const price = variant.prices[0];
    const priced = price ? `at ${formatPrice(price.sellPrice, price.currency)}` : 'without a price';
    return `${variant.sku ?? 'no SKU'} ${priced} (${variant.isActive ? 'active' : 'inactive'})`;
  });
  return `${variants.length} variant${variants.length === 1 ? '' : 's'}: ${variants.join(', ')}`;
}

/** Stock summed over products; `totalStock` is nullable, and those products are counted apart. */
export function describeStock(products: readonly ProductSummaryFragment[]): string {
  const units = products.reduce((sum, product) => sum + (product.totalStock ?? 0), 0);
  const unknown = products.filter((product) => product.totalStock === null).length;
  return `${units} units in stock${unknown > 0 ? ` (${unknown} products without a stock figure)` : ''}`;
}

/** Totals per currency, e.g. `12,450.80 TRY`; orders in several currencies are not added up. */
export function describeTotals(orders: readonly OrderSummaryFragment[]): string {
  const totals = new Map<string, number>();
  for (const order of orders) {
    totals.set(order.currencyCode, (totals.get(order.currencyCode) ?? 0) + order.totalFinalPrice);
  }
  return [...totals].map(([currency, total]) => formatPrice(total, currency)).join(' + ') || '0';
}

/** `#1042 by Ayşe Yılmaz`: the order number and customer are nullable (e.g. a guest checkout). */
export function describeOrder(order: OrderSummaryFragment): string {
  const who = order.customer?.fullName ?? order.customer?.email ?? 'an unnamed customer';
  return `#${order.orderNumber ?? order.id} by ${who}`;
}
