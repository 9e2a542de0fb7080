import { afterEach, describe, expect, it } from 'vitest';
import { useAdminApi } from './helpers.js';
import {
  type Answer,
  closedPortUrl,
  NEW_PRODUCT,
  type Receiver,
  SAVE_PRODUCT,
  SAVE_WEBHOOK,
  startReceiver,
} from './webhook-receiver.js';

const api = useAdminApi({ webhooks: { retryDelaysMs: [0, 0] } });

let receiver: Receiver | undefined;
afterEach(() => receiver?.close());

/** Registers `endpoint` for new products, creates one, and waits for the deliveries to settle. */
async function createProductFor(endpoint: string) {
  await api.data(SAVE_WEBHOOK, { input: { endpoint, scopes: ['store/product/created'] } });
  await api.data(SAVE_PRODUCT, { input: NEW_PRODUCT });
  await api.emulator().webhooksSettled();
  const { stats } = api.emulator();
  return {
    stats,
    log: stats.webhookLog.map((entry) => [entry.try, entry.status, entry.error, entry.outcome]),
  };
}

async function answering(answer: Answer) {
  receiver = await startReceiver(answer);
  return receiver;
}

describe('delivery tries', () => {
  it('delivers with one try when the endpoint answers 200', async () => {
    const { url } = await answering(() => 200);
    const { stats, log } = await createProductFor(url);
    expect(log).toEqual([[1, 200, null, 'delivered']]);
    expect(stats).toMatchObject({
      webhookEvents: 1,
      webhookAttempts: 1,
      webhookDelivered: 1,
      webhookFailedAttempts: 0,
      webhookDropped: 0,
    });
  });

  it('tries an endpoint that answers 500 exactly 3 times, with the same id and body, then drops it', async () => {
    const { url, received } = await answering(() => 500);
    const { stats, log } = await createProductFor(url);
    expect(log).toEqual([
      [1, 500, null, 'retry'],
      [2, 500, null, 'retry'],
      [3, 500, null, 'dropped'],
    ]);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.raw)).size).toBe(1);
    expect(stats).toMatchObject({
      webhookEvents: 1,
      webhookAttempts: 3,
      webhookDelivered: 0,
      webhookFailedAttempts: 3,
      webhookDropped: 1,
    });
    expect(stats.webhookLog.every((entry) => entry.eventId === received[0]?.body.id)).toBe(true);
  });

  it('counts 201 as a failure', async () => {
    const { url } = await answering(() => 201);
    const { stats, log } = await createProductFor(url);
    expect(log.map(([, status, , outcome]) => [status, outcome])).toEqual([
      [201, 'retry'],
      [201, 'retry'],
      [201, 'dropped'],
    ]);
    expect(stats.webhookDropped).toBe(1);
  });

  it('does not follow a redirect: a 302 is a failed try', async () => {
    const { url, received } = await answering(() => 302);
    const { stats, log } = await createProductFor(url);
    expect(log.map(([, status]) => status)).toEqual([302, 302, 302]);
    expect(received.map((r) => r.path)).toEqual(['/hooks', '/hooks', '/hooks']);
    expect(stats.webhookDropped).toBe(1);
  });

  it('delivers on the third try after two 500s', async () => {
    const { url } = await answering((_, n) => (n < 2 ? 500 : 200));
    const { stats, log } = await createProductFor(url);
    expect(log.map(([n, status, , outcome]) => [n, status, outcome])).toEqual([
      [1, 500, 'retry'],
      [2, 500, 'retry'],
      [3, 200, 'delivered'],
    ]);
    expect(stats).toMatchObject({
      webhookDelivered: 1,
      webhookFailedAttempts: 2,
      webhookDropped: 0,
    });
  });

  it('tries an endpoint that is down 3 times, then drops the event', async () => {
    const { stats, log } = await createProductFor(await closedPortUrl());
    expect(log).toEqual([
      [1, null, 'ECONNREFUSED', 'retry'],
      [2, null, 'ECONNREFUSED', 'retry'],
      [3, null, 'ECONNREFUSED', 'dropped'],
    ]);
    expect(stats).toMatchObject({ webhookAttempts: 3, webhookDropped: 1, webhookDelivered: 0 });
  });

  it('logs the scope, endpoint and event id of each try', async () => {
    const { url, received } = await answering(() => 200);
    const { stats } = await createProductFor(url);
    expect(stats.webhookLog).toEqual([
      {
        store: undefined,
        scope: 'store/product/created',
        endpoint: url,
        eventId: received[0]?.body.id,
        try: 1,
        status: 200,
        error: null,
        outcome: 'delivered',
        duplicate: false,
        at: expect.any(Number),
      },
    ]);
  });
});
