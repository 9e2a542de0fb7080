import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';

const api = useAdminApi();

interface Page {
  listProduct: {
    count: number;
    hasNext: boolean;
    page: number;
    limit: number;
    data: { id: string; name: string; createdAt: number }[];
  };
}

const LIST = `query($args: PaginationInput, $id: StringFilterInput, $name: StringFilterInput,
  $sku: StringFilterInput, $categoryIds: CategoryFilterInput, $tagIds: StringFilterInput,
  $search: String, $sort: String, $includeDeleted: Boolean) {
  listProduct(pagination: $args, id: $id, name: $name, sku: $sku, categoryIds: $categoryIds,
    tagIds: $tagIds, search: $search, sort: $sort, includeDeleted: $includeDeleted) {
    count hasNext page limit data { id name createdAt }
  }
}`;

const list = async (variables: Record<string, unknown>) =>
  (await api.data<Page>(LIST, { args: { limit: 200 }, ...variables })).listProduct;
const products = () => [...api.emulator().data.products.values()];
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('listProduct', () => {
  it('filters by id with eq, in, ne and nin', async () => {
    const [a, b] = products() as [ProductRecord, ProductRecord];
    expect(ids((await list({ id: { eq: a.id } })).data)).toEqual([a.id]);
    expect(ids((await list({ id: { in: [b.id, a.id] } })).data)).toEqual([a.id, b.id]);
    expect((await list({ id: { ne: a.id } })).count).toBe(products().length - 1);
    expect((await list({ id: { nin: [a.id, b.id] } })).count).toBe(products().length - 2);
  });

  it('filters by name, by any variant sku, by category and by tag', async () => {
    const product = products().find((p) => p.variants.length > 1 && (p.tagIds ?? []).length > 0);
    if (!product) throw new Error('the fixtures have no multi-variant tagged product');
    const secondSku = product.variants[1]?.sku;
    expect(ids((await list({ name: { eq: product.name } })).data)).toEqual([product.id]);
    expect(ids((await list({ sku: { eq: secondSku } })).data)).toEqual([product.id]);
    const categoryId = product.categoryIds?.[0];
    const inCategory = products().filter((p) => p.categoryIds?.includes(categoryId ?? ''));
    expect(ids((await list({ categoryIds: { eq: categoryId } })).data)).toEqual(ids(inCategory));
    const tagId = product.tagIds?.[0] ?? '';
    const tagged = products().filter((p) => p.tagIds?.includes(tagId));
    expect(ids((await list({ tagIds: { in: [tagId] } })).data)).toEqual(ids(tagged));
    expect((await list({ tagIds: { nin: [tagId] } })).count).toBe(
      products().length - tagged.length,
    );
  });

  it('searches name, variant skus and barcodes, ignoring Turkish case', async () => {
    const byName = products().filter((p) => p.name.includes('Çaydanlık'));
    expect(byName.length).toBeGreaterThan(0);
    expect(ids((await list({ search: 'ÇAYDANLIK' })).data)).toEqual(ids(byName));
    const product = products()[7] as ProductRecord;
    const barcode = product.variants[0]?.barcodeList?.[0] ?? '';
    expect(ids((await list({ search: barcode })).data)).toEqual([product.id]);
    expect(ids((await list({ search: 'emu-0008-1' })).data)).toEqual([product.id]);
  });

  it('sorts by name ascending, and descending with a leading minus', async () => {
    const collator = new Intl.Collator('tr');
    const names = products()
      .map((p) => p.name)
      .sort(collator.compare);
    expect((await list({ sort: 'name' })).data.map((p) => p.name)).toEqual(names.slice(0, 200));
    expect((await list({ sort: '-name' })).data.map((p) => p.name)).toEqual(
      [...names].reverse().slice(0, 200),
    );
    const newest = (await list({ sort: '-createdAt' })).data.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('pages: count is every match, hasNext is false on the last page only', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      pages.push((await api.data<Page>(LIST, { args: { page, limit: 50 } })).listProduct);
    }
    expect(
      pages.map(({ count, hasNext, page, limit, data }) => [
        count,
        hasNext,
        page,
        limit,
        data.length,
      ]),
    ).toEqual([
      [120, true, 1, 50, 50],
      [120, true, 2, 50, 50],
      [120, false, 3, 50, 20],
    ]);
    expect(new Set(pages.flatMap((p) => ids(p.data))).size).toBe(120);
    const defaults = (await api.data<Page>(LIST)).listProduct;
    expect([defaults.page, defaults.limit, defaults.data.length]).toEqual([1, 50, 50]);
  });

  it('leaves deleted products out unless includeDeleted is true', async () => {
    const [product] = products() as [ProductRecord];
    await api.data('mutation($ids: [String!]!) { deleteProductList(idList: $ids) }', {
      ids: [product.id],
    });
    expect((await list({ id: { eq: product.id } })).count).toBe(0);
    expect((await list({ id: { eq: product.id }, includeDeleted: true })).count).toBe(1);
  });
});
