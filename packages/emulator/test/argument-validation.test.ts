import { describe, expect, it } from 'vitest';
import { useAdminApi } from './helpers.js';

const api = useAdminApi();

const PRODUCTS =
  'query($p: PaginationInput, $sort: String) { listProduct(pagination: $p, sort: $sort) { count } }';
const VOLUME = 'query($p: PaginationInput) { listIkasWalletTransaction(pagination: $p) { count } }';

describe('argument rules the service documents', () => {
  it.each([
    ['a limit of 0', { limit: 0 }],
    ['a limit of 201', { limit: 201 }],
    ['page 0', { page: 0 }],
    ['a negative page', { page: -1 }],
  ])('reject %s with ARGUMENT_VALIDATION_ERROR, on stateful and mocked lists', async (_, p) => {
    expect(await api.errorCodes(PRODUCTS, { p })).toEqual(['ARGUMENT_VALIDATION_ERROR']);
    expect(await api.errorCodes(VOLUME, { p })).toEqual(['ARGUMENT_VALIDATION_ERROR']);
  });

  it('accept the bounds: limit 1 and 200, page 1', async () => {
    for (const p of [{ limit: 1 }, { limit: 200, page: 1 }]) {
      expect((await api.execute(PRODUCTS, { p })).errors).toBeUndefined();
    }
  });

  it('reject a sort on a field the description does not name, with or without the minus', async () => {
    for (const sort of ['price', '-totalStock', 'name,createdAt']) {
      expect(await api.errorCodes(PRODUCTS, { sort })).toEqual(['ARGUMENT_VALIDATION_ERROR']);
    }
    expect((await api.execute(PRODUCTS, { sort: '-updatedAt' })).errors).toBeUndefined();
  });

  it('reject a sort on a mocked list by a field its item type lacks', async () => {
    const query = 'query($sort: String) { listCampaign(sort: $sort) { count } }';
    expect(await api.errorCodes(query, { sort: '-noSuchField' })).toEqual([
      'ARGUMENT_VALIDATION_ERROR',
    ]);
    expect((await api.execute(query, { sort: '-title' })).errors).toBeUndefined();
  });

  it.each([
    [
      'saveProduct',
      'mutation { saveProduct(input: { id: "missing", name: "x", type: PHYSICAL, variants: [{ prices: [{ sellPrice: 1 }] }] }) { id } }',
    ],
    ['saveCategory', 'mutation { saveCategory(input: { id: "missing", name: "x" }) { id } }'],
    ['saveCustomer', 'mutation { saveCustomer(input: { id: "missing", firstName: "x" }) { id } }'],
    ['saveProductTag', 'mutation { saveProductTag(input: { id: "missing", name: "x" }) { id } }'],
    ['deleteProductList', 'mutation { deleteProductList(idList: ["missing"]) }'],
    ['deleteCustomerList', 'mutation { deleteCustomerList(idList: ["missing"]) }'],
  ])('reject %s of an id that does not exist with ARGUMENT_VALIDATION_ERROR', async (_, query) => {
    expect(await api.errorCodes(query)).toEqual(['ARGUMENT_VALIDATION_ERROR']);
    expect(api.emulator().stats.mutations).toEqual([]);
  });

  it('delete nothing when one id of the list does not exist', async () => {
    const [existing] = api.emulator().data.products.keys();
    const query = 'mutation($ids: [String!]!) { deleteProductList(idList: $ids) }';
    expect(await api.errorCodes(query, { ids: [existing, 'missing'] })).toEqual([
      'ARGUMENT_VALIDATION_ERROR',
    ]);
    expect(api.emulator().data.products.get(existing ?? '')?.deleted).toBe(false);
  });

  it('reject a Timestamp that is not whole milliseconds', async () => {
    const query = 'query($at: Timestamp) { listOrder(orderedAt: { gte: $at }) { count } }';
    expect(await api.errorCodes(query, { at: '2026-01-01' })).toEqual([
      'ARGUMENT_VALIDATION_ERROR',
    ]);
  });
});
