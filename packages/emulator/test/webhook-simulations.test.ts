import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApiSchema } from '../src/admin-api-schema.js';
import {
  type CustomerRecord,
  type Emulator,
  EmulatorOptionError,
  type OrderRecord,
  startEmulator,
} from '../src/index.js';
import { installApp } from '../src/testing.js';
import { graphql, token } from './helpers.js';
import {
  expectedSignature,
  type Receiver,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

let clock = Date.UTC(2026, 3, 1);
let emulator: Emulator;
let receiver: Receiver;
/** Answers each try with the next status queued, then 200. */
const answers: number[] = [];
let acme = '';
beforeAll(async () => {
  emulator = await startEmulator({
    stores: ['acme'],
    rateLimit: false,
    now: () => clock,
    webhooks: { retryDelaysMs: [0, 0] },
  });
  receiver = await startReceiver(() => answers.shift() ?? 200);
  acme = (await installApp(emulator, 'acme')).accessToken;
});
beforeEach(() => {
  emulator.reset();
  receiver.received.length = 0;
  answers.length = 0;
  clock += 60_000;
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

const register = async (scopes: string[]) => {
  const response = await graphql(emulator, acme, SAVE_WEBHOOK, {
    input: { endpoint: receiver.url, scopes },
  });
  expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
};

/** Every delivery once settled, each checked as the service's: signed, of acme, dated now. */
async function deliveries() {
  await emulator.webhooksSettled();
  const store = emulator.store('acme');
  return receiver.received.map(({ body }) => {
    expect(body.signature).toBe(expectedSignature(body.data, emulator.clientSecret));
    expect(body.merchantId).toBe(store.merchantId);
    expect(body.authorizedAppId).toBe(store.authorizedAppId);
    expect(body.createdAt).toBe(new Date(clock).toISOString());
    return {
      id: body.id,
      scope: body.scope,
      data: JSON.parse(body.data) as Record<string, unknown>,
    };
  });
}

/** The fields of the schema's `type`: what a record shaped as it may hold, and all it holds. */
const fieldsOf = (type: string) =>
  Object.keys(
    (adminApiSchema().getType(type) as { getFields(): Record<string, unknown> }).getFields(),
  ).sort();

describe('emulator.store(name).simulate: what no mutation causes, pushed as a mutation would be', () => {
  it('orderPlaced: store/order/created with the new order as stored, every field the schema’s', async () => {
    await register(['store/order/created']);
    const store = emulator.store('acme');
    const [customer] = store.data.customers.values();
    const [product] = store.data.products.values();
    const variantId = product?.variants[0]?.id ?? '';
    const order = store.simulate.orderPlaced({
      customerId: customer?.id,
      lines: [{ variantId, quantity: 2 }],
    });
    const [delivery, ...more] = await deliveries();
    expect(more).toEqual([]);
    expect(delivery?.scope).toBe('store/order/created');
    expect(delivery?.data).toEqual(store.data.orders.get(order.id));
    expect(Object.keys(delivery?.data ?? {}).sort()).toEqual(fieldsOf('Order'));
    expect(order).toMatchObject({
      status: 'CREATED',
      customerId: customer?.id,
      createdAt: clock,
      updatedAt: clock,
      orderedAt: clock,
    });
    const highest = Math.max(
      ...[...store.data.orders.values()]
        .filter((other) => other.id !== order.id)
        .map((other) => Number(other.orderNumber)),
    );
    expect(Number(order.orderNumber)).toBe(highest + 1);
    expect(order.orderLineItems).toMatchObject([
      { quantity: 2, variant: { id: variantId, productId: product?.id } },
    ]);
    // Listed like any order, so a client that lists by updatedAt finds what it was told of.
    const listed = await graphql(
      emulator,
      acme,
      'query($at: Timestamp!) { listOrder(updatedAt: { gte: $at }) { data { id } } }',
      { at: clock },
    );
    const ids = ((await listed.json()) as { data: { listOrder: { data: { id: string }[] } } }).data
      .listOrder.data;
    expect(ids.map((item) => item.id)).toEqual([order.id]);
  });

  it('customerStatusChanged: store/customer/statusUpdated to the store/customer/updated endpoint', async () => {
    await register(['store/customer/updated']);
    const store = emulator.store('acme');
    const [customer] = store.data.customers.values();
    const changed = store.simulate.customerStatusChanged(customer?.id ?? '', 'DISABLED_ACCOUNT');
    const [delivery, ...more] = await deliveries();
    expect(more).toEqual([]);
    expect(delivery?.scope).toBe('store/customer/statusUpdated');
    expect(delivery?.data).toEqual(store.data.customers.get(changed.id));
    expect(delivery?.data).toMatchObject({
      accountStatus: 'DISABLED_ACCOUNT',
      accountStatusUpdatedAt: clock,
      updatedAt: clock,
    });
    expect(Object.keys(delivery?.data ?? {}).sort()).toEqual(fieldsOf('Customer'));
  });

  it('productFavorited: store/customerFavoriteProducts/created, the same pair again updated', async () => {
    await register(['store/customerFavoriteProducts/created']);
    const store = emulator.store('acme');
    const [customer] = store.data.customers.values();
    const [product] = store.data.products.values();
    const favorite = store.simulate.productFavorited(customer?.id ?? '', product?.id ?? '');
    const [delivery, ...more] = await deliveries();
    expect(more).toEqual([]);
    expect(delivery?.scope).toBe('store/customerFavoriteProducts/created');
    expect(delivery?.data).toEqual({
      id: favorite.id,
      customerId: customer?.id,
      productId: product?.id,
      createdAt: clock,
      updatedAt: clock,
      deleted: false,
    });
  });

  it('productUnfavorited and favorited again: store/customerFavoriteProducts/updated each', async () => {
    await register(['store/customerFavoriteProducts/updated']);
    const store = emulator.store('acme');
    const [customer] = store.data.customers.values();
    const [product] = store.data.products.values();
    const first = store.simulate.productFavorited(customer?.id ?? '', product?.id ?? '');
    const createdAt = clock;
    clock += 1_000;
    store.simulate.productUnfavorited(customer?.id ?? '', product?.id ?? '');
    clock += 1_000;
    store.simulate.productFavorited(customer?.id ?? '', product?.id ?? '');
    await emulator.webhooksSettled();
    const sent = receiver.received.map(({ body }) => ({
      scope: body.scope,
      data: JSON.parse(body.data) as Record<string, unknown>,
    }));
    expect(sent).toEqual([
      {
        scope: 'store/customerFavoriteProducts/updated',
        data: expect.objectContaining({
          id: first.id,
          deleted: true,
          createdAt,
          updatedAt: clock - 1_000,
        }),
      },
      {
        scope: 'store/customerFavoriteProducts/updated',
        data: expect.objectContaining({
          id: first.id,
          deleted: false,
          createdAt,
          updatedAt: clock,
        }),
      },
    ]);
  });

  it('appPaid: store/app/payment once to each endpoint the app registered, in the vendor’s form', async () => {
    await register(['store/order/created', 'store/product/created']);
    const store = emulator.store('acme');
    const payment = store.simulate.appPaid({ type: 'SUBSCRIPTION', status: 'PAID', price: 120 });
    const [delivery, ...more] = await deliveries();
    expect(more).toEqual([]);
    expect(delivery?.scope).toBe('store/app/payment');
    expect(delivery?.data).toEqual(JSON.parse(JSON.stringify(payment)));
    const data = delivery?.data as {
      merchantAppPayment: Record<string, unknown>;
      merchantLicence: { appSubscriptions: Record<string, unknown>[] } & Record<string, unknown>;
    };
    expect(Object.keys(data).sort()).toEqual(['merchantAppPayment', 'merchantLicence']);
    expect(data.merchantAppPayment).toMatchObject({
      type: 'SUBSCRIPTION',
      status: 'PAID',
      paymentDate: new Date(clock).toISOString(),
      error: null,
    });
    expect(Object.keys(data.merchantAppPayment).sort()).toEqual(
      ['_id', 'appPaymentKey', 'error', 'name', 'paymentDate', 'status', 'type'].sort(),
    );
    expect(Object.keys(data.merchantLicence).sort()).toEqual(
      [
        'appSubscriptions',
        'fromDate',
        'licenceActivationDate',
        'status',
        'statusUpdatedAt',
        'toDate',
      ].sort(),
    );
    const [subscription] = data.merchantLicence.appSubscriptions;
    expect(Object.keys(subscription ?? {}).sort()).toEqual(fieldsOf('MerchantAppSubscription'));
    expect(subscription).toMatchObject({
      authorizedAppId: store.authorizedAppId,
      merchantAppPaymentId: data.merchantAppPayment._id,
      lastPaymentPriceWithTax: 120,
    });
  });

  it('goes through the same policy: retried on a failed try, counted in the store’s stats', async () => {
    await register(['store/order/created']);
    answers.push(500, 500, 500);
    emulator.store('acme').simulate.orderPlaced();
    await emulator.webhooksSettled();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map(({ body }) => body.id)).size).toBe(1);
    expect(emulator.store('acme').stats).toMatchObject({
      webhookEvents: 1,
      webhookAttempts: 3,
      webhookDropped: 1,
    });
    expect(emulator.store('acme').stats.webhookLog.map((entry) => entry.outcome)).toEqual([
      'retry',
      'retry',
      'dropped',
    ]);
  });

  it('refuses an id the store does not have, changing nothing and sending nothing', async () => {
    await register(['store/order/created', 'store/customer/updated']);
    const store = emulator.store('acme');
    const orders = store.data.orders.size;
    expect(() => store.simulate.orderPlaced({ customerId: 'nobody' })).toThrow(EmulatorOptionError);
    expect(() => store.simulate.orderPlaced({ lines: [{ variantId: 'none' }] })).toThrow(
      EmulatorOptionError,
    );
    expect(() => store.simulate.customerStatusChanged('nobody', 'ACTIVE_ACCOUNT')).toThrow(
      EmulatorOptionError,
    );
    const [customer] = store.data.customers.values() as IterableIterator<CustomerRecord>;
    expect(() =>
      store.simulate.customerStatusChanged(customer?.id ?? '', 'SLEEPY' as 'ACTIVE_ACCOUNT'),
    ).toThrow(EmulatorOptionError);
    expect(store.data.orders.size).toBe(orders);
    expect(await deliveries()).toEqual([]);
  });

  it('emulator.simulate changes the private app’s own store, delivered to its registrations', async () => {
    const own = await token(emulator);
    await graphql(emulator, own, SAVE_WEBHOOK, {
      input: { endpoint: receiver.url, scopes: ['store/order/created'] },
    });
    const order: OrderRecord = emulator.simulate.orderPlaced();
    await emulator.webhooksSettled();
    expect(emulator.data.orders.get(order.id)).toEqual(order);
    expect(emulator.store('acme').data.orders.has(order.id)).toBe(false);
    expect(receiver.received.map(({ body }) => [body.scope, body.authorizedAppId])).toEqual([
      ['store/order/created', String(emulator.data.app.id)],
    ]);
  });
});
