import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord, ProductRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';
import {
  NEW_PRODUCT,
  type Receiver,
  SAVE_PRODUCT,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

let clock = Date.UTC(2026, 4, 1);
const api = useAdminApi({ now: () => clock, webhooks: { retryDelaysMs: [0, 0] } });

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const TAG = 'mutation($input: UpdateOrderTagInput!) { addOrderTag(input: $input) }';
const CUSTOMER = 'mutation($input: CustomerInput!) { saveCustomer(input: $input) { id } }';
const STOCK =
  'mutation($input: SaveStockLocationsInput!) { saveProductStockLocations(input: $input) }';

/** Ids each kind of record was announced with, by the first word of the scope's object. */
function announced() {
  const ids: Record<string, Set<string>> = {};
  for (const { body } of receiver.received) {
    const kind = body.scope.split('/')[1] ?? '';
    ids[kind] ??= new Set();
    ids[kind].add((JSON.parse(body.data) as { id: string }).id);
  }
  return ids;
}

/** Changes of every kind: some before `since`, the rest at `since` and later. */
async function changeEverything(): Promise<number> {
  const { data } = api.emulator();
  const orders = [...data.orders.values()] as OrderRecord[];
  const products = [...data.products.values()] as ProductRecord[];
  const [tag] = data.orderTags.keys();
  const [customer] = data.customers.values();
  await api.data(SAVE_WEBHOOK, {
    input: {
      endpoint: receiver.url,
      scopes: [
        'store/order/updated',
        'store/customer/created',
        'store/customer/updated',
        'store/stock/created',
        'store/stock/updated',
        'store/product/created',
        'store/product/updated',
      ],
    },
  });
  clock += 60_000;
  // Before the client's last sync: not to be listed again.
  await api.data(TAG, { input: { orderId: orders[0]?.id, orderTagId: tag } });
  await api.data(CUSTOMER, { input: { firstName: 'Önce' } });
  await api.emulator().webhooksSettled();
  clock += 60_000;
  const since = clock;
  receiver.received.length = 0;
  await api.data(TAG, { input: { orderId: orders[1]?.id, orderTagId: tag } });
  clock += 1;
  await api.data(TAG, { input: { orderId: orders[2]?.id, orderTagId: tag } });
  await api.data(CUSTOMER, { input: { firstName: 'Yeni' } });
  await api.data(CUSTOMER, { input: { id: customer?.id, firstName: 'Güncel' } });
  clock += 1;
  const stock = products[3]?.variants[0]?.stocks?.[0];
  await api.data(STOCK, {
    input: { productStockLocationInputs: [{ ...pickStock(stock), stockCount: 5 }] },
  });
  await api.data(SAVE_PRODUCT, { input: NEW_PRODUCT });
  clock += 1;
  await api.data('mutation($ids: [String!]!) { deleteProductList(idList: $ids) }', {
    ids: [products[4]?.id],
  });
  await api.emulator().webhooksSettled();
  return since;
}

const pickStock = (stock: Record<string, unknown> | undefined) => ({
  productId: stock?.productId,
  variantId: stock?.variantId,
  stockLocationId: stock?.stockLocationId,
});

describe('catching up by updatedAt finds exactly what the webhooks announced', () => {
  it('listOrder, listCustomer and listProductStockLocation with updatedAt: { gte }', async () => {
    const since = await changeEverything();
    const ids = announced();
    const page = (field: string, args = '') =>
      `query($since: Timestamp!) { ${field}(updatedAt: { gte: $since }${args}, pagination: { limit: 200 }) { count data { id updatedAt } } }`;
    const listed = async (field: string) => {
      const result = await api.data<Record<string, { data: { id: string; updatedAt: number }[] }>>(
        page(field),
        { since },
      );
      const items = result[field]?.data ?? [];
      expect(items.every((item) => item.updatedAt >= since)).toBe(true);
      return new Set(items.map((item) => item.id));
    };
    expect(ids.order?.size).toBe(2);
    expect(await listed('listOrder')).toEqual(ids.order);
    expect(ids.customer?.size).toBe(2);
    expect(await listed('listCustomer')).toEqual(ids.customer);
    expect(ids.stock?.size).toBe(1);
    expect(await listed('listProductStockLocation')).toEqual(ids.stock);
  });

  it('listProduct sorted by -updatedAt, deleted included, paged until older than the last sync', async () => {
    const since = await changeEverything();
    const ids = announced();
    const query = `query($page: Int!) {
      listProduct(sort: "-updatedAt", includeDeleted: true, pagination: { page: $page, limit: 2 }) {
        hasNext data { id updatedAt deleted }
      }
    }`;
    const seen: { id: string; updatedAt: number; deleted: boolean }[] = [];
    for (let page = 1; ; page++) {
      const { listProduct } = await api.data<{
        listProduct: {
          hasNext: boolean;
          data: { id: string; updatedAt: number; deleted: boolean }[];
        };
      }>(query, { page });
      seen.push(...listProduct.data);
      if (!listProduct.hasNext || listProduct.data.some((p) => p.updatedAt < since)) break;
    }
    const fresh = seen.filter((product) => product.updatedAt >= since);
    const times = seen.map((product) => product.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(fresh.length).toBeGreaterThan(2);
    expect(new Set(fresh.map((product) => product.id))).toEqual(ids.product);
    expect(fresh.filter((product) => product.deleted)).toHaveLength(1);
  });
});
