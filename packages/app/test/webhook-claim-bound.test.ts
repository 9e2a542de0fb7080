import { toNodeListener } from '@admin-api/app/node';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookReport } from '../src/app-events.js';
import {
  createMemoryDedupeStore,
  createWebhookHandler,
  DEFAULT_MAX_HANDLING_MS,
  type WebhookHandlerOptions,
} from '../src/index.js';
import { createManualTime } from './support/manual-time.js';
import {
  deferred,
  post,
  serveForTest,
  signedDelivery,
  WEBHOOK_SECRET,
} from './support/webhook-fixture.js';

describe('a claim is held for maxHandlingMs at most', () => {
  it('an onEvent that never settles loses its claim at 32 s, and the service’s last try runs the event again', async () => {
    expect(DEFAULT_MAX_HANDLING_MS).toBe(32_000);
    const time = createManualTime();
    const reports: WebhookReport[] = [];
    const extended: number[] = [];
    const memory = createMemoryDedupeStore({ now: time.now });
    let calls = 0;
    const second = deferred();
    const handler = createWebhookHandler({
      clientSecret: WEBHOOK_SECRET,
      dedupe: {
        ...memory,
        extend: (id, token, leaseMs) => {
          extended.push(leaseMs);
          return memory.extend(id, token, leaseMs);
        },
      },
      monotonicNow: time.now,
      setTimer: time.setTimer,
      onReport: (report) => void reports.push(report),
      // The first never settles; the second resolves at once.
      onEvent: () => {
        calls++;
        if (calls === 1) return new Promise<void>(() => {});
        second.resolve();
      },
    });
    const server = await serveForTest(toNodeListener(handler));
    const delivery = signedDelivery();
    const statuses: number[] = [];

    // The service's tries, as the emulator spaces them: answered 503 at 8 s, then 5 s and 30 s.
    const first = post(server.url, delivery.body);
    await time.pending(2);
    await time.advance(8_000);
    statuses.push((await first).status);
    await time.advance(5_000);
    statuses.push((await post(server.url, delivery.body)).status);
    await time.advance(30_000);
    statuses.push((await post(server.url, delivery.body)).status);
    await second.promise;

    expect(statuses).toEqual([503, 409, 200]);
    expect(calls).toBe(2);
    // Extended at 10, 20 and 30 s, each time up to 32 s after the claim and no further.
    expect(extended).toEqual([22_000, 12_000, 2_000]);
    expect(reports.map((report) => report.type)).toEqual([
      'webhook_slow',
      'webhook_busy',
      'webhook_handling_timeout',
      'webhook_handled',
    ]);
    expect(reports[2]).toMatchObject({ deliveryId: delivery.id, status: 0, maxHandlingMs: 32_000 });
    // No timer is left: the hung onEvent's extensions stopped, the second's ended when it settled.
    expect(time.size).toBe(0);
  });

  it('takes maxHandlingMs, and refuses one shorter than ackTimeoutMs', async () => {
    const time = createManualTime();
    const reports: WebhookReport[] = [];
    const handler = createWebhookHandler({
      clientSecret: WEBHOOK_SECRET,
      ackTimeoutMs: 1_000,
      maxHandlingMs: 3_000,
      monotonicNow: time.now,
      setTimer: time.setTimer,
      dedupe: createMemoryDedupeStore({ now: time.now }),
      onReport: (report) => void reports.push(report),
      onEvent: () => new Promise<void>(() => {}),
    });
    const delivery = signedDelivery();
    const request = () =>
      handler(new Request('http://127.0.0.1/webhooks', { method: 'POST', body: delivery.body }));
    const first = request();
    // Its deadline, and the claim's bound (3 s, before the first extension would be due).
    await time.pending(2);
    await time.advance(1_000);
    expect((await first).status).toBe(503);
    await time.advance(1_999);
    expect(reports.map((report) => report.type)).toEqual(['webhook_slow']);
    await time.advance(1);
    expect(reports.at(-1)).toMatchObject({
      type: 'webhook_handling_timeout',
      maxHandlingMs: 3_000,
    });
    // The claim lapsed with its bound: the retry runs the event again.
    const retry = request();
    await time.pending(2);
    await time.advance(1_000);
    expect((await retry).status).toBe(503);
    expect(reports.filter((report) => report.type === 'webhook_slow')).toHaveLength(2);

    const onEvent = () => {};
    expect(() =>
      createWebhookHandler({
        clientSecret: 's',
        onEvent,
        ackTimeoutMs: 5_000,
        maxHandlingMs: 4_000,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => createWebhookHandler({ clientSecret: 's', onEvent, maxHandlingMs: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });

  it('extends the claim on a timer that keeps no process alive, and clears it when onEvent settles', async () => {
    const timeouts: { delay: number | undefined; timer: NodeJS.Timeout }[] = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      callback: () => void,
      delay?: number,
    ) => {
      const timer = realSetTimeout(callback, delay);
      timeouts.push({ delay, timer });
      return timer;
    }) as typeof setTimeout);
    const gate = deferred();
    const started = deferred();
    const handler = createWebhookHandler({
      clientSecret: WEBHOOK_SECRET,
      leaseMs: 60_000,
      maxHandlingMs: 600_000,
      onEvent: () => {
        started.resolve();
        return gate.promise;
      },
    } satisfies WebhookHandlerOptions);
    const answer = handler(
      new Request('http://127.0.0.1/webhooks', { method: 'POST', body: signedDelivery().body }),
    );
    // While onEvent runs, whatever the machine's load: the claim is made before it starts.
    await started.promise;
    const extension = timeouts.filter(({ delay }) => delay === 20_000);
    expect(extension).toHaveLength(1);
    expect(extension[0]?.timer.hasRef()).toBe(false);
    // Cleared once onEvent settles: a cleared timeout is gone from the event loop for good.
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    gate.resolve();
    expect((await answer).status).toBe(200);
    await vi.waitFor(() => expect(cleared).toHaveBeenCalledWith(extension[0]?.timer));
  });
});
