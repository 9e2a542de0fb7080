import { describe, expect, it } from 'vitest';
import { useAdminApi } from './helpers.js';

const api = useAdminApi();

describe('me and getMerchant', () => {
  it('answer the app the token belongs to and its merchant, every time the same', async () => {
    const query = `{ me { id name email scopes scope salesChannelId supportsMultipleInstallation }
      getMerchant { id storeName merchantName email region address { city { name } country { iso2 } } } }`;
    const first = await api.data<Record<string, Record<string, unknown>>>(query);
    const { data } = api.emulator();
    expect(first.me).toMatchObject({
      id: data.app.id,
      name: 'Emulator Private App',
      salesChannelId: [...data.salesChannels.keys()][0],
      supportsMultipleInstallation: false,
    });
    expect(first.me?.scopes).toHaveLength(11);
    expect(first.getMerchant).toEqual({
      id: data.merchant.id,
      storeName: 'emulator-store',
      merchantName: 'Emulator Mağaza',
      email: 'magaza@example.com',
      region: 'TR',
      address: { city: { name: 'İstanbul' }, country: { iso2: 'TR' } },
    });
    expect(await api.data(query)).toEqual(first);
  });
});

describe('stock locations and sales channels', () => {
  it('list the two locations and the two channels, filtered by id or name', async () => {
    const all = await api.data<{
      listStockLocation: { id: string; name: string }[];
      listSalesChannel: {
        id: string;
        name: string;
        type: string;
        stockLocations: { id: string }[];
      }[];
    }>('{ listStockLocation { id name } listSalesChannel { id name type stockLocations { id } } }');
    expect(all.listStockLocation.map((l) => l.name)).toEqual(['Merkez Depo', 'Ankara Mağaza']);
    expect(all.listSalesChannel.map((c) => [c.name, c.type])).toEqual([
      ['Online Mağaza', 'STOREFRONT'],
      ['Ankara Mağaza Kasa', 'POS'],
    ]);
    expect(all.listSalesChannel[0]?.stockLocations.map((l) => l.id)).toEqual(
      all.listStockLocation.map((l) => l.id),
    );
    const filtered = await api.data<{
      listStockLocation: { name: string }[];
      listSalesChannel: { name: string }[];
    }>(
      `query($id: String!) { listStockLocation(name: { eq: "Ankara Mağaza" }) { name }
        listSalesChannel(id: { eq: $id }) { name } }`,
      { id: all.listSalesChannel[1]?.id },
    );
    expect(filtered).toEqual({
      listStockLocation: [{ name: 'Ankara Mağaza' }],
      listSalesChannel: [{ name: 'Ankara Mağaza Kasa' }],
    });
  });
});

describe('categories', () => {
  const LIST = `query($search: String, $path: CategoryPathFilterInput) {
    listCategory(search: $search, categoryPath: $path) { id name parentId categoryPath categoryPathItems { name } }
  }`;
  interface Category {
    id: string;
    name: string;
    parentId: string | null;
    categoryPath: string[];
    categoryPathItems: { name: string }[];
  }
  const list = async (variables: Record<string, unknown> = {}) =>
    (await api.data<{ listCategory: Category[] }>(LIST, variables)).listCategory;

  it('form a tree: each answers the path of its ancestors, and filters by it', async () => {
    const all = await list();
    const kitchen = all.find((c) => c.name === 'Mutfak');
    const home = all.find((c) => c.name === 'Ev & Yaşam');
    expect(kitchen).toMatchObject({ parentId: home?.id, categoryPath: [home?.id] });
    expect(kitchen?.categoryPathItems).toEqual([{ name: 'Ev & Yaşam' }]);
    const children = await list({ path: { in: [home?.id] } });
    expect(children.map((c) => c.name)).toEqual(['Mutfak', 'Banyo', 'Dekorasyon']);
    expect((await list({ search: 'şal' })).map((c) => c.name)).toEqual(['Şal & Atkı']);
  });

  it('save under a parent, move, refuse a cycle, and delete', async () => {
    const SAVE = `mutation($input: CategoryInput!) { saveCategory(input: $input) { id name parentId categoryPath } }`;
    const all = await list();
    const stationery = all.find((c) => c.name === 'Kırtasiye') as Category;
    const { saveCategory: pens } = await api.data<{ saveCategory: Category }>(SAVE, {
      input: { name: 'Kalemler', parentId: stationery.id },
    });
    expect(pens.categoryPath).toEqual([stationery.id]);
    expect(
      await api.errorCodes(SAVE, {
        input: { id: stationery.id, name: 'Kırtasiye', parentId: pens.id },
      }),
    ).toEqual(['ARGUMENT_VALIDATION_ERROR']);
    const { saveCategory: moved } = await api.data<{ saveCategory: Category }>(SAVE, {
      input: { id: pens.id, name: 'Kalemler' },
    });
    expect(moved).toMatchObject({ id: pens.id, parentId: null, categoryPath: [] });
    await api.data('mutation($ids: [String!]!) { deleteCategoryList(idList: $ids) }', {
      ids: [pens.id],
    });
    expect((await list()).some((c) => c.id === pens.id)).toBe(false);
  });
});

describe('product and order tags', () => {
  it('are listed, saved and deleted', async () => {
    const before = await api.data<{
      listProductTag: { name: string }[];
      listOrderTag: { id: string; name: string }[];
    }>('{ listProductTag { name } listOrderTag { id name } }');
    expect(before.listProductTag.map((t) => t.name)).toContain('Çok Satan');
    const { saveOrderTag } = await api.data<{ saveOrderTag: { id: string; name: string } }>(
      'mutation { saveOrderTag(input: { name: "Acil" }) { id name } }',
    );
    const { listOrderTag } = await api.data<{ listOrderTag: { name: string }[] }>(
      '{ listOrderTag(search: "aci") { name } }',
    );
    expect(listOrderTag).toEqual([{ name: 'Acil' }]);
    await api.data('mutation($ids: [String!]!) { deleteOrderTagList(idList: $ids) }', {
      ids: [saveOrderTag.id],
    });
    const after = await api.data<{ listOrderTag: unknown[] }>(
      '{ listOrderTag(includeDeleted: true) { id } }',
    );
    expect(after.listOrderTag).toHaveLength(before.listOrderTag.length + 1);
  });
});
