import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { graphql, token, useAdminApi } from './helpers.js';

const START = Date.UTC(2026, 10, 22);
const api = useAdminApi({ now: () => START });

const VENDORS = '{ listVendor { id name email createdAt deleted status } }';

async function answerOf(emulator: Emulator, query: string): Promise<string> {
  return (await graphql(emulator, await token(emulator), query)).text();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('seeded mocks', () => {
  it('answer a mocked field the same every time, whatever was asked before and however aliased', async () => {
    const first = await api.execute(VENDORS);
    await api.execute('{ listCampaign { data { id title } } searchProducts(input: {}) { count } }');
    expect(await api.execute(VENDORS)).toEqual(first);
    const aliased = await api.execute<{ suppliers: unknown }>(
      '{ suppliers: listVendor { id name email createdAt deleted status } }',
    );
    expect(aliased.data?.suppliers).toEqual((first.data as { listVendor: unknown }).listVendor);
  });

  it('answer the same for the same seed in another emulator, and otherwise for another seed', async () => {
    const same = await startEmulator({ now: () => START });
    const other = await startEmulator({ now: () => START, fixtures: { seed: 2 } });
    try {
      const here = JSON.stringify(await api.execute(VENDORS));
      expect(await answerOf(same, VENDORS)).toBe(here);
      expect(await answerOf(other, VENDORS)).not.toBe(here);
    } finally {
      await Promise.all([same.close(), other.close()]);
    }
  });

  it('look like their fields: UUID ids, enum values, integer timestamps before the start, two items a list', async () => {
    const { listVendor, listCampaign } = await api.data<{
      listVendor: { id: string; createdAt: number }[];
      listCampaign: { data: { type: string }[] };
    }>('{ listVendor { id createdAt } listCampaign { data { type } } }');
    expect(listVendor).toHaveLength(2);
    for (const vendor of listVendor) {
      expect(vendor.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(Number.isInteger(vendor.createdAt) && vendor.createdAt < START).toBe(true);
    }
    expect(listVendor[0]?.id).not.toBe(listVendor[1]?.id);
    const campaignTypes = ['BUY_X_THEN_GET_Y', 'FIXED_AMOUNT', 'FREE_SHIPPING', 'RATIO'];
    for (const { type } of listCampaign.data) expect(campaignTypes).toContain(type);
  });

  it('draw nothing from Math.random', async () => {
    const random = vi.spyOn(Math, 'random');
    await api.data(
      '{ listVendor { id name } getGlobalTaxSettings { id } listCampaign { data { id } } }',
    );
    expect(random).not.toHaveBeenCalled();
  });
});

describe('extensions.mockedFields', () => {
  it('names the mocked root fields of a response, once each, in the order they ran', async () => {
    const body = await api.execute(
      '{ a: listVendor { id } me { id } b: listVendor { name } getMerchantLicence { id } }',
    );
    expect(body.extensions).toEqual({ mockedFields: ['listVendor', 'getMerchantLicence'] });
  });

  it('is absent when only stateful fields answered', async () => {
    const body = await api.execute('{ me { id } listProduct { count } listOrder { count } }');
    expect(body.errors).toBeUndefined();
    expect(body.extensions).toBeUndefined();
  });
});

describe('mocked root fields', () => {
  it('page as asked, with as many items as their data holds', async () => {
    const { listCampaign } = await api.data<{
      listCampaign: {
        page: number;
        limit: number;
        count: number;
        hasNext: boolean;
        data: unknown[];
      };
    }>(
      '{ listCampaign(pagination: { page: 3, limit: 20 }) { page limit count hasNext data { id } } }',
    );
    expect(listCampaign).toMatchObject({ page: 3, limit: 20, count: 2, hasNext: false });
    expect(listCampaign.data).toHaveLength(2);
  });

  it('save<Thing> answers the input.id it was given; Boolean mutations answer true', async () => {
    const { saveVendor, deleteVendorList } = await api.data<{
      saveVendor: { id: string };
      deleteVendorList: boolean;
    }>(
      'mutation { saveVendor(input: { id: "vendor-1", name: "Tedarikçi" }) { id } deleteVendorList(idList: ["vendor-1"]) }',
    );
    expect(saveVendor.id).toBe('vendor-1');
    expect(deleteVendorList).toBe(true);
  });
});
