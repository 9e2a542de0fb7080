import { describe, expect, it } from 'vitest';
import { useAdminApi } from './helpers.js';

const START = Date.UTC(2026, 10, 22);
const api = useAdminApi({ now: () => START });

describe('the mutation ledger (stats.mutations)', () => {
  it('records each applied mutation field once, stateful and mocked, with its args and result id', async () => {
    const input = {
      name: 'Defter',
      type: 'PHYSICAL',
      variants: [{ prices: [{ sellPrice: 35.9 }] }],
    };
    const { saveProduct } = await api.data<{ saveProduct: { id: string } }>(
      'mutation($input: ProductInput!) { saveProduct(input: $input) { id } }',
      { input },
    );
    const { saveVendor } = await api.data<{ saveVendor: { id: string } }>(
      'mutation { saveVendor(input: { name: "Kâğıt A.Ş." }) { id } deleteProductList(idList: [] ) }',
    );
    expect(api.emulator().stats.mutations).toEqual([
      {
        seq: 1,
        field: 'saveProduct',
        args: { input },
        resultId: saveProduct.id,
        mocked: false,
        at: START,
      },
      {
        seq: 2,
        field: 'saveVendor',
        args: { input: { name: 'Kâğıt A.Ş.' } },
        resultId: saveVendor.id,
        mocked: true,
        at: START,
      },
      {
        seq: 3,
        field: 'deleteProductList',
        args: { idList: [] },
        resultId: null,
        mocked: false,
        at: START,
      },
    ]);
  });

  it('records a mocked mutation that answers no object with a null result id', async () => {
    await api.data('mutation { bulkUpdateProducts(input: []) }');
    expect(api.emulator().stats.mutations.map((m) => [m.field, m.resultId, m.mocked])).toEqual([
      ['bulkUpdateProducts', null, true],
    ]);
  });

  it('does not record a mutation that failed', async () => {
    await api.errorCodes('mutation { deleteCategoryList(idList: ["missing"]) }');
    expect(api.emulator().stats.mutations).toEqual([]);
  });

  it('starts empty again after a reset', async () => {
    await api.data('mutation { saveOrderTag(input: { name: "Toptan" }) { id } }');
    expect(api.emulator().stats.mutations).toHaveLength(1);
    api.emulator().reset();
    expect(api.emulator().stats.mutations).toEqual([]);
  });
});
