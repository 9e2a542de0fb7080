import { describe, expect, it } from 'vitest';
import type { ProductRecord, VariantRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';

let clock = Date.UTC(2026, 10, 22);
const api = useAdminApi({ now: () => clock });

const firstProduct = () => [...api.emulator().data.products.values()][0] as ProductRecord;
const stored = (id: string) => api.emulator().data.products.get(id) as ProductRecord;
const locations = () => [...api.emulator().data.stockLocations.keys()];

describe('listProductStockLocation', () => {
  it('lists the stock of every variant at every location, filtered and paged', async () => {
    const product = firstProduct();
    const query = `query($productId: StringFilterInput, $p: PaginationInput) {
      listProductStockLocation(productId: $productId, pagination: $p, sort: "-stockCount") {
        count hasNext data { productId variantId stockLocationId stockCount }
      }
    }`;
    const { listProductStockLocation: own } = await api.data<{
      listProductStockLocation: { count: number; data: { stockCount: number }[] };
    }>(query, { productId: { eq: product.id } });
    expect(own.count).toBe(product.variants.length * locations().length);
    const counts = own.data.map((stock) => stock.stockCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const { listProductStockLocation: all } = await api.data<{
      listProductStockLocation: { count: number; hasNext: boolean };
    }>(query, { p: { limit: 10 } });
    expect(all.hasNext).toBe(true);
  });
});

describe('saveProductStockLocations', () => {
  const SAVE =
    'mutation($input: SaveStockLocationsInput!) { saveProductStockLocations(input: $input) }';

  it("sets a variant's stock at a location and the product's total stock", async () => {
    const product = firstProduct();
    const variant = product.variants[0] as VariantRecord;
    const [warehouse] = locations();
    clock += 1_000;
    const input = {
      productStockLocationInputs: [
        {
          productId: product.id,
          variantId: variant.id,
          stockLocationId: warehouse,
          stockCount: 500,
        },
      ],
    };
    expect(await api.data(SAVE, { input })).toEqual({ saveProductStockLocations: true });
    const after = stored(product.id);
    const stock = after.variants[0]?.stocks?.find((s) => s.stockLocationId === warehouse);
    expect(stock).toMatchObject({ stockCount: 500, updatedAt: clock });
    const before = variant.stocks?.find((s) => s.stockLocationId === warehouse);
    expect(stock?.id).toBe(before?.id);
    expect(after.totalStock).toBe((product.totalStock ?? 0) - (before?.stockCount ?? 0) + 500);
    expect(after.updatedAt).toBe(clock);
  });

  it('changes nothing when one entry names an unknown variant or location', async () => {
    const product = firstProduct();
    const variant = product.variants[0] as VariantRecord;
    const good = {
      productId: product.id,
      variantId: variant.id,
      stockLocationId: locations()[0],
      stockCount: 1,
    };
    for (const bad of [
      { ...good, variantId: 'no-such-variant' },
      { ...good, stockLocationId: 'no-such-location' },
    ]) {
      expect(
        await api.errorCodes(SAVE, { input: { productStockLocationInputs: [good, bad] } }),
      ).toEqual(['ARGUMENT_VALIDATION_ERROR']);
    }
    expect(stored(product.id)).toEqual(product);
  });
});

describe('saveVariantPrices', () => {
  const SAVE = 'mutation($input: SaveVariantPricesInput!) { saveVariantPrices(input: $input) }';

  it("replaces the variant's price in the price list, or adds one for another list", async () => {
    const product = firstProduct();
    const variant = product.variants[0] as VariantRecord;
    const entry = {
      productId: product.id,
      variantId: variant.id,
      price: { sellPrice: 79.9, discountPrice: 69.9 },
    };
    await api.data(SAVE, { input: { variantPriceInputs: [entry] } });
    expect(stored(product.id).variants[0]?.prices).toEqual([
      expect.objectContaining({
        sellPrice: 79.9,
        discountPrice: 69.9,
        priceListId: null,
        currencySymbol: '₺',
      }),
    ]);
    await api.data(SAVE, {
      input: {
        priceListId: 'wholesale',
        variantPriceInputs: [{ ...entry, price: { sellPrice: 50, currency: 'USD' } }],
      },
    });
    expect(
      stored(product.id).variants[0]?.prices.map((p) => [
        p.priceListId,
        p.sellPrice,
        p.currencyCode,
      ]),
    ).toEqual([
      [null, 79.9, 'TRY'],
      ['wholesale', 50, 'USD'],
    ]);
  });

  it('refuses more than 3000 entries, as documented', async () => {
    const product = firstProduct();
    const entry = {
      productId: product.id,
      variantId: product.variants[0]?.id,
      price: { sellPrice: 1 },
    };
    const variantPriceInputs = Array.from({ length: 3001 }, () => entry);
    expect(await api.errorCodes(SAVE, { input: { variantPriceInputs } })).toEqual([
      'ARGUMENT_VALIDATION_ERROR',
    ]);
  });
});
