import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EmulatorOptionError, type ProductRecord, startEmulator } from '../src/index.js';
import { useAdminApi } from './helpers.js';
import {
  NEW_PRODUCT,
  type Receiver,
  SAVE_PRODUCT,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

const api = useAdminApi({ webhooks: { retryDelaysMs: [0, 0] } });

let receiver: Receiver;
let status = 200;
beforeAll(async () => {
  receiver = await startReceiver(() => status);
});
beforeEach(() => {
  receiver.received.length = 0;
  status = 200;
});
afterAll(() => receiver.close());

const register = (...scopes: string[]) =>
  api.data(SAVE_WEBHOOK, { input: { endpoint: receiver.url, scopes } });

/** Six stock entries of three seeded products, saved in one mutation: one burst of six events. */
async function stockBurst(): Promise<string[]> {
  const products = [...api.emulator().data.products.values()].slice(0, 3) as ProductRecord[];
  const entries = products.flatMap((product) =>
    (product.variants[0]?.stocks ?? []).map((stock) => ({
      productId: product.id,
      variantId: stock.variantId,
      stockLocationId: stock.stockLocationId,
      stockCount: 11,
    })),
  );
  expect(entries).toHaveLength(6);
  await api.data(
    'mutation($input: SaveStockLocationsInput!) { saveProductStockLocations(input: $input) }',
    { input: { productStockLocationInputs: entries } },
  );
  await api.emulator().webhooksSettled();
  return entries.map((entry) => `${entry.variantId}@${entry.stockLocationId}`);
}
const arrivedOrder = () =>
  receiver.received.map((r) => {
    const stock = JSON.parse(r.body.data) as { variantId: string; stockLocationId: string };
    return `${stock.variantId}@${stock.stockLocationId}`;
  });

describe('webhook faults', () => {
  it('sends the events of a burst in the order of the changes without faults', async () => {
    await register('store/stock/updated');
    const changed = await stockBurst();
    expect(arrivedOrder()).toEqual(changed);
  });

  it('out of order: shuffles a burst, the same way for the same seed', async () => {
    await register('store/stock/updated');
    api.emulator().faults.webhook.outOfOrder = true;
    const changed = await stockBurst();
    const first = arrivedOrder();
    expect(first).not.toEqual(changed);
    expect([...first].sort()).toEqual([...changed].sort());

    api.emulator().reset();
    receiver.received.length = 0;
    await register('store/stock/updated');
    api.emulator().faults.webhook.outOfOrder = true;
    await stockBurst();
    expect(arrivedOrder()).toEqual(first);
  });

  it('duplicates: sends an event a second time with the same id and body', async () => {
    await register('store/product/created');
    api.emulator().faults.webhook.duplicateRate = 1;
    await api.data(SAVE_PRODUCT, { input: NEW_PRODUCT });
    await api.emulator().webhooksSettled();
    const [original, copy, ...more] = receiver.received;
    expect(more).toEqual([]);
    expect(copy?.body.id).toBe(original?.body.id);
    expect(copy?.raw).toBe(original?.raw);
    const { stats } = api.emulator();
    expect(stats).toMatchObject({
      webhookEvents: 1,
      webhookDuplicates: 1,
      webhookAttempts: 2,
      webhookDelivered: 2,
    });
    expect(stats.webhookLog.map((entry) => entry.duplicate)).toEqual([false, true]);
  });

  it('duplicates some events at a rate below 1, the same ones for the same seed', async () => {
    const duplicated = async () => {
      await register('store/stock/updated');
      api.emulator().faults.webhook.duplicateRate = 0.5;
      const changed = await stockBurst();
      const copies = api.emulator().stats.webhookLog.filter((entry) => entry.duplicate);
      const copied = new Set(copies.map((entry) => entry.eventId));
      return changed.map((_, i) => copied.has(receiver.received[i]?.body.id ?? ''));
    };
    const first = await duplicated();
    expect(first.filter(Boolean).length).toBeGreaterThan(0);
    expect(first.filter(Boolean).length).toBeLessThan(6);
    api.emulator().reset();
    receiver.received.length = 0;
    expect(await duplicated()).toEqual(first);
  });

  it('slow: waits delayMs before each try', async () => {
    await register('store/product/created');
    status = 500;
    api.emulator().faults.webhook.delayMs = 100;
    const started = performance.now();
    await api.data(SAVE_PRODUCT, { input: NEW_PRODUCT });
    await api.emulator().webhooksSettled();
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(api.emulator().stats.webhookAttempts).toBe(3);
  });

  it('slow: the mutation answers without waiting for its delivery', async () => {
    await register('store/product/created');
    api.emulator().faults.webhook.delayMs = 600_000;
    const { saveProduct } = await api.data<{ saveProduct: { id: string } }>(SAVE_PRODUCT, {
      input: NEW_PRODUCT,
    });
    expect(saveProduct.id).toEqual(expect.any(String));
    expect(api.emulator().stats).toMatchObject({ webhookEvents: 1, webhookAttempts: 0 });
    // reset() forgets the pending delivery, uncounted, and the faults are the options' again.
    api.emulator().reset();
    await api.emulator().webhooksSettled();
    expect(api.emulator().faults.webhook.delayMs).toBe(0);
    expect(receiver.received).toEqual([]);
  });

  it.each([
    ['delayMs', -1],
    ['delayMs', 1.5],
    ['duplicateRate', 2],
    ['duplicateRate', Number.NaN],
    ['outOfOrder', 'yes'],
  ] as const)('refuses faults.webhook.%s = %s with INVALID_OPTION', (field, value) => {
    const faults = api.emulator().faults.webhook as unknown as Record<string, unknown>;
    expect(() => {
      faults[field] = value;
    }).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }) as EmulatorOptionError);
  });
});

describe('webhook options', () => {
  it.each([
    ['not an object', 5],
    ['timeoutMs 0', { timeoutMs: 0 }],
    ['retryDelaysMs of one wait', { retryDelaysMs: [0] }],
    ['retryDelaysMs with a negative wait', { retryDelaysMs: [0, -1] }],
    ['faults.delayMs negative', { faults: { delayMs: -5 } }],
    ['faults.duplicateRate above 1', { faults: { duplicateRate: 1.5 } }],
    ['faults.outOfOrder not a boolean', { faults: { outOfOrder: 1 } }],
    ['faults not an object', { faults: true }],
    ['onAttempt not a function', { onAttempt: 'print' }],
  ])('rejects webhooks with %s before anything listens', async (_, webhooks) => {
    await expect(
      startEmulator({ webhooks: webhooks as never, authPort: 0, graphqlPort: 0 }),
    ).rejects.toMatchObject({ name: 'EmulatorOptionError', code: 'INVALID_OPTION' });
  });
});
