import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';

let clock = Date.UTC(2026, 10, 22);
const api = useAdminApi({ now: () => clock });

const SAVE = `mutation($input: ProductInput!) {
  saveProduct(input: $input) {
    id name type createdAt updatedAt deleted categoryIds totalStock
    categories { id name } tags { id name }
    variants { id sku isActive createdAt prices { sellPrice discountPrice currency currencyCode currencySymbol } stocks { stockCount } }
  }
}`;

interface SavedProduct {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
  totalStock: number;
  categories: { id: string; name: string }[] | null;
  tags: { id: string; name: string }[] | null;
  variants: {
    id: string;
    sku: string | null;
    isActive: boolean;
    createdAt: number;
    prices: { sellPrice: number; currency: string; currencyCode: string; currencySymbol: string }[];
    stocks: { stockCount: number }[];
  }[];
}

const save = async (input: Record<string, unknown>) =>
  (await api.data<{ saveProduct: SavedProduct }>(SAVE, { input })).saveProduct;

describe('saveProduct', () => {
  it('creates a product when input.id is absent: new ids, the clock, active variants, store currency', async () => {
    const created = await save({
      name: 'Yeni Kupa',
      type: 'PHYSICAL',
      variants: [{ sku: 'YK-1', prices: [{ sellPrice: 149.9 }] }],
    });
    expect(created).toMatchObject({
      name: 'Yeni Kupa',
      createdAt: clock,
      updatedAt: clock,
      deleted: false,
      totalStock: 0,
      variants: [
        {
          sku: 'YK-1',
          isActive: true,
          createdAt: clock,
          prices: [{ sellPrice: 149.9, currency: 'TRY', currencyCode: 'TRY', currencySymbol: '₺' }],
          stocks: [],
        },
      ],
    });
    expect(created.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(api.emulator().data.products.get(created.id)?.name).toBe('Yeni Kupa');
  });

  it('keeps a variant inactive when the client says isActive: false', async () => {
    const created = await save({
      name: 'Pasif Kupa',
      type: 'PHYSICAL',
      variants: [{ isActive: false, prices: [{ sellPrice: 1 }] }, { prices: [{ sellPrice: 1 }] }],
    });
    expect(created.variants.map((variant) => variant.isActive)).toEqual([false, true]);
  });

  it('treats a variant saved without isActive as the default introspection shows for it', async () => {
    const { __type } = await api.data<{
      __type: { inputFields: { name: string; defaultValue: string | null }[] };
    }>('{ __type(name: "VariantInput") { inputFields { name defaultValue } } }');
    const shown = __type.inputFields.find((field) => field.name === 'isActive')?.defaultValue;
    const created = await save({
      name: 'Varsayılan Kupa',
      type: 'PHYSICAL',
      variants: [{ prices: [{ sellPrice: 1 }] }],
    });
    expect(String(created.variants[0]?.isActive)).toBe(shown);
  });

  it('updates the product input.id names: new fields, same createdAt, kept variant ids and stock', async () => {
    const existing = [...api.emulator().data.products.values()][3] as ProductRecord;
    const [variant] = existing.variants;
    clock += 60_000;
    const updated = await save({
      id: existing.id,
      name: 'Yeniden Adlandırılmış',
      type: 'PHYSICAL',
      variants: [
        { id: variant?.id, sku: 'RENAMED-1', prices: [{ sellPrice: 99.9, currency: 'EUR' }] },
      ],
    });
    expect(updated).toMatchObject({
      id: existing.id,
      name: 'Yeniden Adlandırılmış',
      createdAt: existing.createdAt,
      updatedAt: clock,
      variants: [{ id: variant?.id, sku: 'RENAMED-1', prices: [{ currencySymbol: '€' }] }],
    });
    expect(updated.variants[0]?.stocks.map((s) => s.stockCount)).toEqual(
      variant?.stocks?.map((s) => s.stockCount),
    );
    expect(api.emulator().data.products.size).toBe(120);
  });

  it('answers categories and tags from the ids it was saved with', async () => {
    const [category] = api.emulator().data.categories.values();
    const [tag] = api.emulator().data.productTags.values();
    const created = await save({
      name: 'Etiketli Mum',
      type: 'PHYSICAL',
      categoryIds: [category?.id],
      tagIds: [tag?.id],
      variants: [{ prices: [{ sellPrice: 59.9 }] }],
    });
    expect(created.categories).toEqual([{ id: category?.id, name: category?.name }]);
    expect(created.tags).toEqual([{ id: tag?.id, name: tag?.name }]);
  });
});

describe('deleteProductList', () => {
  it('deletes every listed product, then treats them as unknown', async () => {
    const [a, b] = [...api.emulator().data.products.keys()];
    const remove = 'mutation($ids: [String!]!) { deleteProductList(idList: $ids) }';
    expect(await api.data(remove, { ids: [a, b] })).toEqual({ deleteProductList: true });
    const listed = await api.data<{ listProduct: { count: number } }>('{ listProduct { count } }');
    expect(listed.listProduct.count).toBe(118);
    expect(await api.errorCodes(remove, { ids: [a] })).toEqual(['ARGUMENT_VALIDATION_ERROR']);
  });
});
