import { toNodeListener } from '@admin-api/app/node';
import { describe, expect, it } from 'vitest';
import type { WebhookReport } from '../src/app-events.js';
import {
  createMemoryDedupeStore,
  createWebhookHandler,
  type WebhookDedupeStore,
  type WebhookEventHandler,
} from '../src/index.js';
import { createManualTime, type ManualTime } from './support/manual-time.js';
import {
  deferred,
  post,
  serveForTest,
  signedDelivery,
  WEBHOOK_SECRET,
} from './support/webhook-fixture.js';

/** The memory store behind calls that each take `delayMs` of virtual time while `slow` is on. */
function slowStore(time: ManualTime, delayMs: number) {
  const memory = createMemoryDedupeStore({ now: time.now });
  const state = { slow: true, claims: 0 };
  const wait = () => (state.slow ? time.sleep(delayMs) : Promise.resolve());
  const store: WebhookDedupeStore = {
    claim: async (id, leaseMs) => {
      state.claims++;
      await wait();
      return memory.claim(id, leaseMs);
    },
    complete: async (id, token, keepMs) => {
      await wait();
      return memory.complete(id, token, keepMs);
    },
    release: async (id, token) => {
      await wait();
      return memory.release(id, token);
    },
    extend: async (id, token, leaseMs) => {
      await wait();
      return memory.extend(id, token, leaseMs);
    },
  };
  return { store, state };
}

/** A handler with the default timeouts on `time`, served on loopback. */
async function endpoint(
  time: ManualTime,
  dedupe: WebhookDedupeStore,
  onEvent: WebhookEventHandler,
) {
  const reports: WebhookReport[] = [];
  const handler = createWebhookHandler({
    clientSecret: WEBHOOK_SECRET,
    dedupe,
    onEvent,
    monotonicNow: time.now,
    setTimer: time.setTimer,
    onReport: (report) => void reports.push(report),
  });
  const server = await serveForTest(toNodeListener(handler));
  return { url: server.url, reports };
}

/** A POST whose body the test streams: `send` more of it, then `end` it. */
function streamedPost(url: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const answered = fetch(url, { method: 'POST', body, duplex: 'half' } as RequestInit).then(
    async (response) => ({ status: response.status, text: await response.text() }),
  );
  return {
    answered,
    send: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    end: () => controller.close(),
  };
}

describe('one deadline per delivery, ackTimeoutMs from its arrival', () => {
  it('a store taking 4.5 s per call and an onEvent of 7.5 s: answered 503 at 8 s, onEvent run once', async () => {
    const time = createManualTime();
    const { store, state } = slowStore(time, 4_500);
    const started = deferred();
    let calls = 0;
    const { url, reports } = await endpoint(time, store, async () => {
      calls++;
      started.resolve();
      await time.sleep(7_500);
    });
    const delivery = signedDelivery();
    const arrival = time.now();
    let answeredAt: number | undefined;
    const answered = post(url, delivery.body).then((answer) => {
      answeredAt = time.now();
      return answer;
    });
    // The deadline, the store's 4.5 s, and the claim's own 5 s cap.
    await time.pending(3);
    await time.advance(4_500);
    await started.promise;
    await time.advance(3_499);
    expect(reports.map((report) => report.type)).toEqual([]);
    expect(answeredAt).toBeUndefined();
    await time.advance(1);
    expect(await answered).toEqual({ status: 503, text: '' });
    expect(answeredAt).toBe(arrival + 8_000);
    expect(reports).toMatchObject([{ type: 'webhook_slow', status: 503, ackTimeoutMs: 8_000 }]);

    // It settles late: onEvent's last 4 s, then the store's 4.5 s to remember the id.
    await time.advance(8_500);
    expect(reports.map((report) => report.type)).toEqual(['webhook_slow', 'webhook_settled_late']);
    state.slow = false;
    expect((await post(url, delivery.body)).status).toBe(200);
    expect(reports.at(-1)?.type).toBe('webhook_duplicate');
    expect(calls).toBe(1);
  });

  it('a body still arriving at the deadline is answered 503 and not handed over', async () => {
    const time = createManualTime();
    const { store, state } = slowStore(time, 0);
    state.slow = false;
    let calls = 0;
    const { url, reports } = await endpoint(time, store, () => {
      calls++;
    });
    const delivery = signedDelivery();
    const request = streamedPost(url);
    request.send(delivery.body.slice(0, 40));
    await time.pending(1);
    await time.advance(7_999);
    expect(reports).toEqual([]);
    await time.advance(1);
    expect(await request.answered).toEqual({ status: 503, text: '' });
    expect(reports).toEqual([{ type: 'webhook_body_timeout', status: 503, ackTimeoutMs: 8_000 }]);
    expect(calls).toBe(0);
    expect(state.claims).toBe(0);
  });

  it('a slow body leaves the store what is left; a claim granted after the answer is given back', async () => {
    const time = createManualTime();
    const { store, state } = slowStore(time, 4_500);
    let calls = 0;
    const { url, reports } = await endpoint(time, store, () => {
      calls++;
    });
    const delivery = signedDelivery();
    const request = streamedPost(url);
    request.send(delivery.body.slice(0, 40));
    await time.pending(1);
    await time.advance(6_000);
    request.send(delivery.body.slice(40));
    request.end();
    // The deadline and the store's 4.5 s: the claim's 5 s cap is later than the 2 s left.
    await time.pending(2);
    await time.advance(2_000);
    expect(await request.answered).toEqual({ status: 503, text: '' });
    expect(reports).toMatchObject([
      { type: 'webhook_dedupe_failed', status: 503, deliveryId: delivery.id },
    ]);
    expect(calls).toBe(0);

    // The store grants the claim 2.5 s later, and is told at once to release it (4.5 s more).
    await time.advance(2_500 + 4_500);
    state.slow = false;
    expect((await post(url, delivery.body)).status).toBe(200);
    expect(calls).toBe(1);
    expect(reports.map((report) => report.type)).toEqual([
      'webhook_dedupe_failed',
      'webhook_handled',
    ]);
  });
});
