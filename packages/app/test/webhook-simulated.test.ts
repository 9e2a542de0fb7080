import { toNodeListener } from '@admin-api/app/node';
import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createWebhookHandler, syncWebhooks, type WebhookEvent } from '../src/index.js';
import { appFor, install, startStores, testClock } from './support/app-fixture.js';
import { serveOnLoopback } from './support/webhook-fixture.js';

describe('what a storefront and the platform cause, from the emulator to the handler', () => {
  const clock = testClock();
  let emulator: Emulator;
  let app: App;
  const events: WebhookEvent[] = [];
  let server: Awaited<ReturnType<typeof serveOnLoopback>>;
  beforeAll(async () => {
    emulator = await startStores(clock, { webhooks: { retryDelaysMs: [0, 0] } });
    ({ app } = appFor(emulator, clock));
    await install(app, 'acme');
    const handler = createWebhookHandler({ app, onEvent: (event) => void events.push(event) });
    server = await serveOnLoopback(toNodeListener(handler));
    await syncWebhooks(app.client('acme'), {
      endpoint: server.url,
      scopes: [
        'store/order/created',
        'store/customer/updated',
        'store/customerFavoriteProducts/created',
        'store/customerFavoriteProducts/updated',
      ],
    });
  });
  afterAll(async () => {
    await server.close();
    await emulator.close();
  });

  it('hands over each scope no mutation sends, verified and typed', async () => {
    const store = emulator.store('acme');
    const [customer] = store.data.customers.values();
    const [product] = store.data.products.values();
    const order = store.simulate.orderPlaced({ customerId: customer?.id });
    store.simulate.customerStatusChanged(customer?.id ?? '', 'DISABLED_ACCOUNT');
    store.simulate.productFavorited(customer?.id ?? '', product?.id ?? '');
    store.simulate.productUnfavorited(customer?.id ?? '', product?.id ?? '');
    store.simulate.appPaid({ status: 'PAYMENT_FAILED' });
    await emulator.webhooksSettled();

    expect(events.map((event) => event.scope).sort()).toEqual(
      [
        'store/app/payment',
        'store/customer/statusUpdated',
        'store/customerFavoriteProducts/created',
        'store/customerFavoriteProducts/updated',
        'store/order/created',
      ].sort(),
    );
    for (const event of events) {
      expect(event.merchantId).toBe(store.merchantId);
      switch (event.scope) {
        case 'store/order/created':
          expect(event.data.orderNumber).toBe(order.orderNumber);
          expect(event.data.customerId).toBe(customer?.id);
          break;
        case 'store/customer/statusUpdated':
          expect(event.data.accountStatus).toBe('DISABLED_ACCOUNT');
          break;
        case 'store/app/payment':
          expect(event.data.merchantAppPayment.status).toBe('PAYMENT_FAILED');
          expect(event.data.merchantLicence.appSubscriptions?.[0]?.authorizedAppId).toBe(
            store.authorizedAppId,
          );
          break;
        default:
          expect(event.data).toMatchObject({ customerId: customer?.id, productId: product?.id });
      }
    }
  });
});
