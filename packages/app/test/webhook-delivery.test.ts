import { toNodeListener } from '@admin-api/app/node';
import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookReport } from '../src/app-events.js';
import {
  type App,
  createWebhookHandler,
  type ReconcilableWebhookScope,
  reconcile,
  syncWebhooks,
  type WebhookEvent,
} from '../src/index.js';
import { appFor, install, startStores, testClock } from './support/app-fixture.js';
import { serveOnLoopback } from './support/webhook-fixture.js';

const SAVE_PRODUCT =
  'mutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { id } }';
const SAVE_CUSTOMER =
  'mutation SaveCustomer($input: CustomerInput!) { saveCustomer(input: $input) { id } }';
const TAG_ORDER = 'mutation TagOrder($input: UpdateOrderTagInput!) { addOrderTag(input: $input) }';
const SAVE_STOCK =
  'mutation SaveStock($input: SaveStockLocationsInput!) { saveProductStockLocations(input: $input) }';
const DELETE_PRODUCTS =
  'mutation DeleteProducts($ids: [String!]!) { deleteProductList(idList: $ids) }';
const newProduct = (name: string) => ({
  name,
  type: 'PHYSICAL',
  variants: [{ prices: [{ sellPrice: 120 }] }],
});
const SCOPES = [
  'store/order/updated',
  'store/product/created',
  'store/product/updated',
  'store/customer/created',
  'store/customer/updated',
  'store/stock/updated',
] as const satisfies readonly ReconcilableWebhookScope[];

describe('webhooks from the emulator, end to end', () => {
  const clock = testClock();
  let emulator: Emulator;
  let app: App;
  const events: WebhookEvent[] = [];
  const reports: WebhookReport[] = [];
  let server: Awaited<ReturnType<typeof serveOnLoopback>>;
  beforeAll(async () => {
    emulator = await startStores(clock, { webhooks: { retryDelaysMs: [0, 0] } });
    ({ app } = appFor(emulator, clock));
    await install(app, 'acme');
    const handler = createWebhookHandler({
      app,
      onEvent: (event) => void events.push(event),
      onReport: (report) => void reports.push(report),
    });
    server = await serveOnLoopback(toNodeListener(handler));
    await syncWebhooks(app.client('acme'), { endpoint: server.url, scopes: SCOPES });
  });
  afterAll(async () => {
    await server.close();
    await emulator.close();
  });

  const acme = () => app.client('acme');
  const saveProduct = async (name: string) =>
    (
      await acme().request<{ saveProduct: { id: string } }>(SAVE_PRODUCT, {
        input: newProduct(name),
      })
    ).saveProduct.id;

  it('delivers a saved product as a verified, typed event', async () => {
    const id = await saveProduct('Webhook Kupa');
    await emulator.webhooksSettled();
    const event = events.find((e) => e.scope === 'store/product/created' && e.data.id === id);
    if (event?.scope !== 'store/product/created') throw new Error('no product/created event');
    expect(event.data.name).toBe('Webhook Kupa');
    expect(event.data.variants[0]?.prices[0]?.sellPrice).toBe(120);
    expect(event.merchantId).toBe(emulator.store('acme').merchantId);
    expect(event.authorizedAppId).toBe(emulator.store('acme').authorizedAppId);
  });

  it('hands over each event once when the service sends every delivery twice', async () => {
    emulator.faults.webhook.duplicateRate = 1;
    try {
      const before = events.length;
      const duplicatesBefore = emulator.stats.webhookDuplicates;
      const ids = [await saveProduct('Çift 1'), await saveProduct('Çift 2')];
      await emulator.webhooksSettled();
      expect(emulator.stats.webhookDuplicates - duplicatesBefore).toBe(2);
      const handed = events.slice(before).map((e) => (e.data as { id?: string }).id);
      expect(handed.sort()).toEqual(ids.sort());
      expect(reports.filter((r) => r.type === 'webhook_duplicate')).toHaveLength(2);
    } finally {
      emulator.faults.webhook.duplicateRate = 0;
    }
  });

  it('loses the events while the endpoint is down, and reconcile finds every one', async () => {
    const { data } = emulator.store('acme');
    const [order] = data.orders.values();
    const [tag] = data.orderTags.keys();
    const [customer] = data.customers.values();
    const [stocked, doomed] = [...data.products.values()].filter(
      (product) => !product.deleted && product.variants[0]?.stocks?.[0],
    );
    const stock = stocked?.variants[0]?.stocks?.[0];
    clock.advance(60_000);
    const since = clock.now();
    const droppedBefore = emulator.stats.webhookDropped;
    const logBefore = emulator.stats.webhookLog.length;
    const handedBefore = events.length;
    await server.close();

    const expected: string[] = [];
    for (const name of ['Kayıp 1', 'Kayıp 2', 'Kayıp 3']) {
      expected.push(`store/product/created ${await saveProduct(name)}`);
      clock.advance(1);
    }
    const created = await acme().request<{ saveCustomer: { id: string } }>(SAVE_CUSTOMER, {
      input: { firstName: 'Yeni', lastName: 'Müşteri' },
    });
    expected.push(`store/customer/created ${created.saveCustomer.id}`);
    clock.advance(1);
    await acme().request(SAVE_CUSTOMER, { input: { id: customer?.id, firstName: 'Güncel' } });
    expected.push(`store/customer/updated ${customer?.id}`);
    clock.advance(1);
    await acme().request(TAG_ORDER, { input: { orderId: order?.id, orderTagId: tag } });
    expected.push(`store/order/updated ${order?.id}`);
    clock.advance(1);
    await acme().request(SAVE_STOCK, {
      input: {
        productStockLocationInputs: [
          {
            productId: stock?.productId,
            variantId: stock?.variantId,
            stockLocationId: stock?.stockLocationId,
            stockCount: 7,
          },
        ],
      },
    });
    // A stock change is the product's change too: the service sends both.
    expected.push(`store/stock/updated ${stock?.id}`, `store/product/updated ${stocked?.id}`);
    clock.advance(1);
    await acme().request(DELETE_PRODUCTS, { ids: [doomed?.id] });
    expected.push(`store/product/deleted ${doomed?.id}`);
    await emulator.webhooksSettled();

    expect(events.length).toBe(handedBefore);
    const dropped = emulator.stats.webhookLog
      .slice(logBefore)
      .filter((attempt) => attempt.outcome === 'dropped');
    expect(emulator.stats.webhookDropped - droppedBefore).toBe(expected.length);
    expect(dropped).toHaveLength(expected.length);

    const found: string[] = [];
    for await (const change of reconcile(acme(), {
      since,
      scopes: [...SCOPES, 'store/product/deleted'],
    })) {
      expect(change.updatedAt).toBeGreaterThanOrEqual(since);
      found.push(`${change.scope} ${change.id}`);
    }
    expect(found.sort()).toEqual(expected.sort());
    expect(found.map((f) => f.split(' ')[0]).sort()).toEqual(dropped.map((d) => d.scope).sort());
  });

  it('finds records created and then updated when only updates were asked for, each once', async () => {
    // The endpoint is still down: every delivery below is dropped.
    clock.advance(60_000);
    const since = clock.now();
    const droppedBefore = emulator.stats.webhookDropped;
    const [olderCustomer] = emulator.store('acme').data.customers.values();
    const updateCustomer = (id: string | undefined, firstName: string) =>
      acme().request(SAVE_CUSTOMER, { input: { id, firstName } });
    const updateProduct = (id: string, name: string) => {
      const product = emulator.store('acme').data.products.get(id);
      return acme().request(SAVE_PRODUCT, {
        input: {
          id,
          name,
          type: product?.type,
          variants: product?.variants.map((variant) => ({
            id: variant.id,
            prices: variant.prices.map((price) => ({ sellPrice: price.sellPrice })),
          })),
        },
      });
    };
    const created = await acme().request<{ saveCustomer: { id: string } }>(SAVE_CUSTOMER, {
      input: { firstName: 'Yeni' },
    });
    const customerId = created.saveCustomer.id;
    clock.advance(1);
    await updateCustomer(customerId, 'Yeni Güncel');
    clock.advance(1);
    await updateCustomer(olderCustomer?.id, 'Eski Güncel');
    clock.advance(1);
    const productId = await saveProduct('Sonra Güncel');
    clock.advance(1);
    await updateProduct(productId, 'Güncel Kupa');
    clock.advance(1);
    const doomedId = await saveProduct('Silinecek');
    clock.advance(1);
    await acme().request(DELETE_PRODUCTS, { ids: [doomedId] });
    await emulator.webhooksSettled();
    expect(emulator.stats.webhookDropped - droppedBefore).toBe(7);

    const changes = async (scopes: ReconcilableWebhookScope[]) => {
      const found: string[] = [];
      for await (const change of reconcile(acme(), { since, scopes })) {
        found.push(`${change.scope} ${change.id}`);
      }
      return found.sort();
    };
    // Updates alone: every record changed since, the new ones and the deleted one included.
    expect(await changes(['store/customer/updated', 'store/product/updated'])).toEqual(
      [
        `store/customer/updated ${customerId}`,
        `store/customer/updated ${olderCustomer?.id}`,
        `store/product/updated ${productId}`,
        `store/product/updated ${doomedId}`,
      ].sort(),
    );
    // Creations alone: the records created since, whatever happened to them after.
    expect(await changes(['store/customer/created', 'store/product/created'])).toEqual(
      [
        `store/customer/created ${customerId}`,
        `store/product/created ${productId}`,
        `store/product/created ${doomedId}`,
      ].sort(),
    );
    // Every scope: one label each, the first that fits (deleted, created, updated).
    expect(
      await changes([
        'store/customer/created',
        'store/customer/updated',
        'store/product/created',
        'store/product/updated',
        'store/product/deleted',
      ]),
    ).toEqual(
      [
        `store/customer/created ${customerId}`,
        `store/customer/updated ${olderCustomer?.id}`,
        `store/product/created ${productId}`,
        `store/product/deleted ${doomedId}`,
      ].sort(),
    );
  });

  it('pages by window: a record deleted mid-way hides no other, and one instant may fill pages', async () => {
    clock.advance(60_000);
    const since = clock.now();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { saveCustomer } = await acme().request<{ saveCustomer: { id: string } }>(
        SAVE_CUSTOMER,
        { input: { firstName: `Sayfa ${i}` } },
      );
      created.push(saveCustomer.id);
      // Five change at one instant, more than a page of 2 holds; two at their own.
      if (i >= 4) clock.advance(1);
    }
    const found: string[] = [];
    for await (const change of reconcile(acme(), {
      since,
      scopes: ['store/customer/created'],
      pageSize: 2,
    })) {
      found.push(change.id);
      if (found.length === 2) {
        await acme().request(
          'mutation DropCustomer($ids:[String!]!){deleteCustomerList(idList:$ids)}',
          {
            ids: [change.id],
          },
        );
      }
    }
    expect(found).toHaveLength(7);
    expect([...found].sort()).toEqual([...created].sort());
  });

  it('lists only the scopes asked for', async () => {
    const changes = [];
    for await (const change of reconcile(acme(), {
      since: 0,
      scopes: ['store/customer/created'],
    })) {
      changes.push(change);
    }
    expect(changes.length).toBeGreaterThan(0);
    expect(new Set(changes.map((c) => c.scope))).toEqual(new Set(['store/customer/created']));
    expect(new Set(changes.map((c) => c.id)).size).toBe(changes.length);
  });
});
