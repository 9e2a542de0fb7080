// The one query the app makes: a store's first products, with their first price.
import type { AdminClient } from '@admin-api/client';

/** How many products the launch page lists. */
export const PRODUCTS_SHOWN = 10;

const LIST_PRODUCTS = /* GraphQL */ `query FirstProducts($limit: Int!) {
  listProduct(pagination: { page: 1, limit: $limit }) {
    count
    data { id name variants { prices { sellPrice currency } } }
  }
}`;

/** What `FirstProducts` answers, as in the Admin API schema. */
interface FirstProductsQuery {
  listProduct: {
    count: number;
    data: {
      id: string;
      name: string;
      variants: { prices: { sellPrice: number; currency: string | null }[] }[];
    }[];
  };
}

/** A product as the page shows it. */
export interface ProductRow {
  readonly id: string;
  readonly name: string;
  /** The first variant's first sell price, e.g. `129.90 TRY`; `undefined` when it has none. */
  readonly price: string | undefined;
}

/** The store's first {@link PRODUCTS_SHOWN} products (in the store's order) and its total. */
export async function firstProducts(
  client: AdminClient,
): Promise<{ products: ProductRow[]; count: number }> {
  const { listProduct } = await client.request<FirstProductsQuery>(LIST_PRODUCTS, {
    limit: PRODUCTS_SHOWN,
  });
  const products = listProduct.data.map((product) => {
    const price = product.variants[0]?.prices[0];
    return {
      id: product.id,
      name: product.name,
      price: price && `${price.sellPrice.toFixed(2)} ${price.currency ?? ''}`.trim(),
    };
  });
  return { products, count: listProduct.count };
}
