import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_DELIVERY_BYTES } from '../src/index.js';
import { useAdminApi } from './helpers.js';
import { type Receiver, SAVE_PRODUCT, SAVE_WEBHOOK, startReceiver } from './webhook-receiver.js';

const api = useAdminApi({ webhooks: { retryDelaysMs: [0, 0] } });

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
beforeEach(() => {
  receiver.received.length = 0;
});
afterAll(() => receiver.close());

/** A product of `count` variants: its delivery grows with them, some 555 bytes each. */
const productOf = (count: number) => ({
  name: 'Çok Varyantlı',
  type: 'PHYSICAL',
  variants: Array.from({ length: count }, () => ({ prices: [{ sellPrice: 1 }] })),
});

describe('the size of a delivery', () => {
  it('sends nothing over 1 MB (1,000,000 bytes): the event is dropped unsent, at its first try', async () => {
    expect(WEBHOOK_MAX_DELIVERY_BYTES).toBe(1_000_000);
    await api.data(SAVE_WEBHOOK, {
      input: { endpoint: receiver.url, scopes: ['store/product/created'] },
    });
    await api.data(SAVE_PRODUCT, { input: productOf(1_000) });
    await api.data(SAVE_PRODUCT, { input: productOf(2_000) });
    const emulator = api.emulator();
    await emulator.webhooksSettled();

    expect(receiver.received).toHaveLength(1);
    const sent = Buffer.byteLength(receiver.received[0]?.raw ?? '');
    expect(sent).toBeGreaterThan(500_000);
    expect(sent).toBeLessThanOrEqual(WEBHOOK_MAX_DELIVERY_BYTES);
    expect(
      emulator.stats.webhookLog.map(({ try: n, status, error, outcome }) => [
        n,
        status,
        error,
        outcome,
      ]),
    ).toEqual([
      [1, 200, null, 'delivered'],
      [1, null, 'not sent: body over 1000000 bytes', 'dropped'],
    ]);
    expect(emulator.stats).toMatchObject({
      webhookEvents: 2,
      webhookDelivered: 1,
      webhookDropped: 1,
    });
  });
});
