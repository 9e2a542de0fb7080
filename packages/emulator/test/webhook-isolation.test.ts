import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulatorWebhooks } from '../src/emulator-webhooks.js';
import { createStoreData } from '../src/fixtures/create-store-data.js';
import { type Emulator, startEmulator } from '../src/index.js';
import { installApp } from '../src/testing.js';
import { createWebhookFaults } from '../src/webhook-faults.js';
import { resolveWebhookOptions } from '../src/webhook-options.js';
import { createWebhookStats } from '../src/webhook-stats.js';
import { graphql, token } from './helpers.js';
import {
  expectedSignature,
  LIST_WEBHOOK,
  NEW_PRODUCT,
  type Receiver,
  SAVE_PRODUCT,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

let emulator: Emulator;
const receivers: Receiver[] = [];
beforeAll(async () => {
  emulator = await startEmulator({
    stores: ['acme', 'globex'],
    rateLimit: false,
    webhooks: { retryDelaysMs: [0, 0] },
  });
});
beforeEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

const receiver = async () => {
  const started = await startReceiver();
  receivers.push(started);
  return started;
};
async function call<T>(accessToken: string, query: string, variables?: Record<string, unknown>) {
  const body = (await (await graphql(emulator, accessToken, query, variables)).json()) as {
    data: T;
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  return body.data;
}
const register = (accessToken: string, endpoint: string, scopes: string[]) =>
  call(accessToken, SAVE_WEBHOOK, { input: { endpoint, scopes } });
const listed = async (accessToken: string) =>
  (await call<{ listWebhook: { endpoint: string }[] }>(accessToken, LIST_WEBHOOK)).listWebhook.map(
    (hook) => hook.endpoint,
  );

describe('webhooks per store and per app', () => {
  it("delivers a store's changes to that store's registrations only, counted per store", async () => {
    const acme = (await installApp(emulator, 'acme')).accessToken;
    const globex = (await installApp(emulator, 'globex')).accessToken;
    const [toAcme, toGlobex] = [await receiver(), await receiver()];
    await register(acme, toAcme.url, ['store/product/created']);
    await register(globex, toGlobex.url, ['store/product/created']);
    await call(acme, SAVE_PRODUCT, { input: NEW_PRODUCT });
    await emulator.webhooksSettled();

    expect(toGlobex.received).toEqual([]);
    const [delivery] = toAcme.received;
    expect(delivery?.body.merchantId).toBe(emulator.store('acme').merchantId);
    expect(delivery?.body.authorizedAppId).toBe(emulator.store('acme').authorizedAppId);
    expect(emulator.store('acme').stats).toMatchObject({ webhookEvents: 1, webhookDelivered: 1 });
    expect(emulator.store('globex').stats).toMatchObject({ webhookEvents: 0, webhookAttempts: 0 });
    expect(emulator.stats).toMatchObject({ webhookEvents: 1, webhookDelivered: 1 });
    expect(emulator.store('acme').stats.webhookLog.map((entry) => entry.store)).toEqual(['acme']);
    expect(emulator.store('globex').stats.webhookLog).toEqual([]);
    expect(await listed(globex)).toEqual([toGlobex.url]);
  });

  it("neither lists nor delivers to another app's registrations", async () => {
    const acme = (await installApp(emulator, 'acme')).accessToken;
    const privateApp = await token(emulator);
    const [toAcme, toPrivate] = [await receiver(), await receiver()];
    await register(acme, toAcme.url, ['store/product/created']);
    await register(privateApp, toPrivate.url, ['store/product/created']);
    expect(await listed(acme)).toEqual([toAcme.url]);
    expect(await listed(privateApp)).toEqual([toPrivate.url]);

    await call(acme, 'mutation { deleteWebhook(scopes: ["store/product/created"]) }');
    expect(await listed(privateApp)).toEqual([toPrivate.url]);
    await register(acme, toAcme.url, ['store/product/created']);
    await call(acme, SAVE_PRODUCT, { input: NEW_PRODUCT });
    await emulator.webhooksSettled();
    expect(toPrivate.received).toEqual([]);
    expect(toAcme.received.map((r) => r.body.authorizedAppId)).toEqual([
      emulator.store('acme').authorizedAppId,
    ]);
  });

  it("signs each app's deliveries with that app's own secret", async () => {
    // The emulator's two apps share one secret, so two apps with their own are set up here.
    const data = createStoreData({ products: 1, customers: 0, orders: 0 }, Date.UTC(2026, 0, 1));
    const [toA, toB] = [await receiver(), await receiver()];
    const secrets: Record<string, string> = { 'app-a': 'secret-of-a', 'app-b': 'secret-of-b' };
    for (const [id, app, endpoint] of [
      ['w1', 'app-a', toA.url],
      ['w2', 'app-b', toB.url],
    ] as const) {
      const record = { id, endpoint, scope: 'store/order/updated', deleted: false };
      data.webhooks.set(id, {
        record: { ...record, createdAt: 1, updatedAt: 1 },
        authorizedAppId: app,
        salesChannelIds: null,
      });
    }
    const webhooks = createEmulatorWebhooks({
      config: resolveWebhookOptions({ retryDelaysMs: [0, 0] }),
      faults: createWebhookFaults().faults,
      seed: 1,
      now: Date.now,
      appSecret: (app) => secrets[app] ?? '',
      statsOf: () => [createWebhookStats()],
    });
    webhooks.emitter({ store: 'acme', data }).emit('store/order/updated', { id: 'o1' }, 5);
    await webhooks.settled();
    await webhooks.close();
    const [a] = toA.received;
    const [b] = toB.received;
    expect([a?.body.authorizedAppId, b?.body.authorizedAppId]).toEqual(['app-a', 'app-b']);
    expect(a?.body.signature).toBe(expectedSignature(a?.body.data ?? '', 'secret-of-a'));
    expect(b?.body.signature).toBe(expectedSignature(b?.body.data ?? '', 'secret-of-b'));
    expect(a?.body.signature).not.toBe(expectedSignature(a?.body.data ?? '', 'secret-of-b'));
  });
});

describe('uninstalling the app', () => {
  it('sends store/app/deleted once to each endpoint it registered on that store, and forgets them', async () => {
    const acme = (await installApp(emulator, 'acme')).accessToken;
    const globex = (await installApp(emulator, 'globex')).accessToken;
    const [first, second, other] = [await receiver(), await receiver(), await receiver()];
    await register(acme, first.url, ['store/order/created', 'store/order/updated']);
    await register(acme, second.url, ['store/stock/updated']);
    await register(globex, other.url, ['store/order/updated']);
    emulator.store('acme').revoke();
    await emulator.webhooksSettled();

    expect(other.received).toEqual([]);
    for (const { received } of [first, second]) {
      expect(received).toHaveLength(1);
      const body = received[0]?.body;
      expect(body?.scope).toBe('store/app/deleted');
      expect(body?.authorizedAppId).toBe(emulator.store('acme').authorizedAppId);
      expect(body?.signature).toBe(expectedSignature(body?.data ?? '', emulator.clientSecret));
      expect(JSON.parse(body?.data ?? '{}')).toMatchObject({
        id: emulator.store('acme').authorizedAppId,
        deleted: true,
      });
    }
    expect(emulator.store('acme').data.webhooks.size).toBe(0);
    expect(emulator.store('globex').data.webhooks.size).toBe(1);

    const again = (await installApp(emulator, 'acme')).accessToken;
    expect(await listed(again)).toEqual([]);
  });
});
