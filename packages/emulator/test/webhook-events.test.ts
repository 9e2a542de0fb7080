import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRecord, ProductRecord } from '../src/index.js';
import { useAdminApi } from './helpers.js';
import {
  expectedSignature,
  NEW_PRODUCT,
  type Receiver,
  SAVE_PRODUCT,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

let clock = Date.UTC(2026, 2, 1);
const api = useAdminApi({ now: () => clock, webhooks: { retryDelaysMs: [0, 0] } });

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
beforeEach(() => {
  receiver.received.length = 0;
  clock += 60_000;
});
afterAll(() => receiver.close());

const register = (...scopes: string[]) =>
  api.data(SAVE_WEBHOOK, { input: { endpoint: receiver.url, scopes } });

/** The deliveries once every one settled, each checked for shape and signature. */
async function deliveries() {
  const emulator = api.emulator();
  await emulator.webhooksSettled();
  return receiver.received.map(({ body, contentType, path }) => {
    expect(contentType).toBe('application/json');
    expect(path).toBe('/hooks');
    expect(Object.keys(body)).toEqual([
      'id',
      'createdAt',
      'scope',
      'merchantId',
      'authorizedAppId',
      'data',
      'signature',
    ]);
    expect(body.signature).toBe(expectedSignature(body.data, emulator.clientSecret));
    expect(body.merchantId).toBe(emulator.data.merchant.id);
    expect(body.authorizedAppId).toBe(emulator.data.app.id);
    expect(body.createdAt).toBe(new Date(clock).toISOString());
    const data = JSON.parse(body.data) as { id: string; updatedAt: number };
    // Changed now, so that a client listing by updatedAt finds what it was told of.
    expect(data.updatedAt).toBe(clock);
    return { scope: body.scope, id: body.id, data };
  });
}

const product = (id: string) => api.emulator().data.products.get(id) as ProductRecord;
const order = (id: string) => api.emulator().data.orders.get(id) as OrderRecord;

describe('what each stateful mutation delivers', () => {
  it('saveProduct: store/product/created with the new product as stored', async () => {
    await register('store/product/created');
    const { saveProduct } = await api.data<{ saveProduct: { id: string } }>(SAVE_PRODUCT, {
      input: NEW_PRODUCT,
    });
    const [delivery, ...more] = await deliveries();
    expect(more).toEqual([]);
    expect(delivery?.scope).toBe('store/product/created');
    expect(delivery?.data).toEqual(product(saveProduct.id));
  });

  it('saveProduct of an existing product: store/product/updated, not created', async () => {
    await register('store/product/created', 'store/product/updated');
    const before = [...api.emulator().data.products.values()][0] as ProductRecord;
    const input = {
      id: before.id,
      name: 'Yeni Ad',
      type: before.type,
      variants: before.variants.map((variant) => ({
        id: variant.id,
        isActive: true,
        prices: [{ sellPrice: 99 }],
      })),
    };
    await api.data(SAVE_PRODUCT, { input });
    const sent = await deliveries();
    expect(sent.map((d) => d.scope)).toEqual(['store/product/updated']);
    expect(sent[0]?.data).toEqual(product(before.id));
  });

  it('deleteProductList: store/product/deleted to the store/product/updated endpoint, one per product', async () => {
    await register('store/product/updated');
    const [a, b] = [...api.emulator().data.products.keys()];
    await api.data('mutation($ids: [String!]!) { deleteProductList(idList: $ids) }', {
      ids: [a, b, a],
    });
    const sent = await deliveries();
    expect(sent.map((d) => [d.scope, d.data.id])).toEqual([
      ['store/product/deleted', a],
      ['store/product/deleted', b],
    ]);
    expect(sent[0]?.data).toEqual({ ...product(a as string), deleted: true });
  });

  it('saveCustomer: store/customer/created, then store/customer/updated', async () => {
    await register('store/customer/created', 'store/customer/updated');
    const SAVE = 'mutation($input: CustomerInput!) { saveCustomer(input: $input) { id } }';
    const { saveCustomer } = await api.data<{ saveCustomer: { id: string } }>(SAVE, {
      input: { firstName: 'Ayşe', lastName: 'Kaya', email: 'ayse@example.com' },
    });
    const created = await deliveries();
    receiver.received.length = 0;
    clock += 1_000;
    await api.data(SAVE, { input: { id: saveCustomer.id, firstName: 'Ayşe', lastName: 'Demir' } });
    const updated = await deliveries();
    const stored = api.emulator().data.customers.get(saveCustomer.id);
    expect(created.map((d) => d.scope)).toEqual(['store/customer/created']);
    expect(updated.map((d) => d.scope)).toEqual(['store/customer/updated']);
    expect(updated[0]?.data).toEqual(stored);
    expect(updated[0]?.id).not.toBe(created[0]?.id);
  });

  it('addOrderTag and removeOrderTag: store/order/updated with the order as stored', async () => {
    await register('store/order/updated');
    const [target] = api.emulator().data.orders.values();
    const [tag] = api.emulator().data.orderTags.keys();
    const input = { orderId: target?.id, orderTagId: tag };
    await api.data('mutation($input: UpdateOrderTagInput!) { addOrderTag(input: $input) }', {
      input,
    });
    const added = await deliveries();
    expect(added.map((d) => d.scope)).toEqual(['store/order/updated']);
    expect(added[0]?.data).toEqual(order(target?.id as string));
    receiver.received.length = 0;
    await api.data('mutation($input: UpdateOrderTagInput!) { removeOrderTag(input: $input) }', {
      input,
    });
    const removed = await deliveries();
    expect(removed[0]?.data).toEqual(order(target?.id as string));
    expect(order(target?.id as string).orderTagIds).not.toContain(tag);
  });

  it('fulfillOrder and updateOrderPackageStatus: store/order/updated each', async () => {
    await register('store/order/updated', 'store/order/created');
    const open = [...api.emulator().data.orders.values()].find(
      (o) => o.orderPackageStatus === 'UNFULFILLED' && o.status === 'CREATED',
    ) as OrderRecord;
    const lines = open.orderLineItems.map((line) => ({
      orderLineItemId: line.id,
      quantity: line.quantity,
    }));
    await api.data('mutation($input: FulFillOrderInput!) { fulfillOrder(input: $input) { id } }', {
      input: { orderId: open.id, lines },
    });
    const fulfilled = await deliveries();
    expect(fulfilled.map((d) => d.scope)).toEqual(['store/order/updated']);
    expect(fulfilled[0]?.data).toEqual(order(open.id));
    receiver.received.length = 0;
    const packageId = order(open.id).orderPackages?.[0]?.id;
    await api.data(
      'mutation($input: UpdateOrderPackageStatusInput!) { updateOrderPackageStatus(input: $input) { id } }',
      { input: { orderId: open.id, packages: [{ packageId, status: 'DELIVERED' }] } },
    );
    const delivered = await deliveries();
    expect(delivered.map((d) => d.scope)).toEqual(['store/order/updated']);
    expect(delivered[0]?.data).toMatchObject({ orderPackageStatus: 'DELIVERED' });
  });

  it('saveProductStockLocations: store/stock/created or updated per entry, then the product updated', async () => {
    await register('store/stock/created', 'store/stock/updated', 'store/product/updated');
    const { saveProduct } = await api.data<{ saveProduct: { id: string } }>(SAVE_PRODUCT, {
      input: NEW_PRODUCT,
    });
    const fresh = product(saveProduct.id);
    const seeded = [...api.emulator().data.products.values()][0] as ProductRecord;
    const seededStock = seeded.variants[0]?.stocks?.[0];
    const [warehouse] = api.emulator().data.stockLocations.keys();
    clock += 1_000;
    await api.data(
      'mutation($input: SaveStockLocationsInput!) { saveProductStockLocations(input: $input) }',
      {
        input: {
          productStockLocationInputs: [
            {
              productId: fresh.id,
              variantId: fresh.variants[0]?.id,
              stockLocationId: warehouse,
              stockCount: 7,
            },
            {
              productId: seeded.id,
              variantId: seeded.variants[0]?.id,
              stockLocationId: seededStock?.stockLocationId,
              stockCount: 3,
            },
          ],
        },
      },
    );
    const sent = await deliveries();
    expect(sent.map((d) => d.scope)).toEqual([
      'store/stock/created',
      'store/stock/updated',
      'store/product/updated',
      'store/product/updated',
    ]);
    expect(sent[0]?.data).toEqual(product(fresh.id).variants[0]?.stocks?.[0]);
    expect(sent[1]?.data).toMatchObject({ id: seededStock?.id, stockCount: 3 });
    expect(sent[2]?.data).toEqual(product(fresh.id));
    expect(sent[3]?.data).toEqual(product(seeded.id));
  });

  it('saveVariantPrices: store/product/updated once per product', async () => {
    await register('store/product/updated');
    const seeded = [...api.emulator().data.products.values()][0] as ProductRecord;
    const entry = (variantId: string | undefined) => ({
      productId: seeded.id,
      variantId,
      price: { sellPrice: 42 },
    });
    await api.data(
      'mutation($input: SaveVariantPricesInput!) { saveVariantPrices(input: $input) }',
      { input: { variantPriceInputs: seeded.variants.map((v) => entry(v.id)) } },
    );
    const sent = await deliveries();
    expect(sent.map((d) => [d.scope, d.data.id])).toEqual([['store/product/updated', seeded.id]]);
    expect(sent[0]?.data).toEqual(product(seeded.id));
  });

  it('sends nothing for a scope nobody registered, nor for a mutation that failed', async () => {
    await register('store/order/created');
    await api.data(SAVE_PRODUCT, { input: NEW_PRODUCT });
    await api.errorCodes(SAVE_PRODUCT, { input: { ...NEW_PRODUCT, variants: [] } });
    expect(await deliveries()).toEqual([]);
    expect(api.emulator().stats.webhookEvents).toBe(0);
  });
});
