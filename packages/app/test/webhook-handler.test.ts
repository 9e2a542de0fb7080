import { inspect } from 'node:util';
import { toNodeListener } from '@admin-api/app/node';
import { describe, expect, it } from 'vitest';
import type { WebhookReport } from '../src/app-events.js';
import {
  createApp,
  createMemoryDedupeStore,
  createMemorySessionStore,
  createWebhookHandler,
  type WebhookDedupeStore,
  type WebhookEvent,
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

/** A handler served on loopback through the Node adapter, with what reached it recorded. */
async function endpoint(overrides: Partial<WebhookHandlerOptions> = {}): Promise<{
  url: string;
  events: WebhookEvent[];
  reports: WebhookReport[];
  nextReport: (type: WebhookReport['type']) => Promise<WebhookReport>;
}> {
  const events: WebhookEvent[] = [];
  const reports: WebhookReport[] = [];
  const waiting: { type: string; resolve: (report: WebhookReport) => void }[] = [];
  const handler = createWebhookHandler({
    clientSecret: WEBHOOK_SECRET,
    onEvent: (event) => {
      events.push(event);
    },
    onReport: (report) => {
      reports.push(report);
      for (const waiter of waiting.filter((w) => w.type === report.type)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(report);
      }
    },
    ...overrides,
  } as WebhookHandlerOptions);
  const server = await serveForTest(toNodeListener(handler));
  return {
    url: server.url,
    events,
    reports,
    nextReport: (type) => new Promise((resolve) => waiting.push({ type, resolve })),
  };
}

describe('createWebhookHandler', () => {
  it('hands a verified delivery to onEvent and answers 200 with an empty body', async () => {
    const { url, events, reports } = await endpoint();
    const delivery = signedDelivery({ data: { id: 'o-7', orderNumber: '1007' } });
    expect(await post(url, delivery.body)).toEqual({ status: 200, text: '' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: delivery.id,
      scope: 'store/order/created',
      merchantId: 'merchant-1',
      data: { id: 'o-7', orderNumber: '1007' },
    });
    expect(reports.map((report) => report.type)).toEqual(['webhook_handled']);
  });

  it('gives onEvent one delivery of an id sent three times in a row, and answers each 200', async () => {
    const { url, events, reports } = await endpoint();
    const delivery = signedDelivery();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(url, delivery.body)).status);
    expect(statuses).toEqual([200, 200, 200]);
    expect(events).toHaveLength(1);
    expect(reports.map((report) => report.type)).toEqual([
      'webhook_handled',
      'webhook_duplicate',
      'webhook_duplicate',
    ]);
  });

  it('refuses copies that arrive while the first is handled, then answers their retry 200', async () => {
    const gate = deferred();
    const started = deferred();
    let calls = 0;
    const { url, nextReport } = await endpoint({
      onEvent: async () => {
        calls++;
        started.resolve();
        await gate.promise;
      },
    });
    const delivery = signedDelivery();
    const first = post(url, delivery.body);
    await started.promise;
    const copies = await Promise.all([post(url, delivery.body), post(url, delivery.body)]);
    expect(copies.map((copy) => copy.status)).toEqual([409, 409]);
    const handled = nextReport('webhook_handled');
    gate.resolve();
    expect((await first).status).toBe(200);
    await handled;
    expect((await post(url, delivery.body)).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('refuses a copy while its id is handed over here, whatever the store says', async () => {
    const forgetful: WebhookDedupeStore = {
      claim: async () => ({ outcome: 'claimed', token: 'always-yours' }),
      complete: async () => {},
      release: async () => {},
      extend: async () => true,
    };
    const gate = deferred();
    const started = deferred();
    let calls = 0;
    const { url } = await endpoint({
      dedupe: forgetful,
      onEvent: async () => {
        calls++;
        started.resolve();
        await gate.promise;
      },
    });
    const delivery = signedDelivery();
    const first = post(url, delivery.body);
    await started.promise;
    expect((await post(url, delivery.body)).status).toBe(409);
    gate.resolve();
    expect((await first).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('answers 500 when onEvent throws, so the service retries, and runs the retry', async () => {
    let calls = 0;
    const { url, reports } = await endpoint({
      onEvent: () => {
        calls++;
        if (calls === 1) throw new Error('database down');
      },
    });
    const delivery = signedDelivery();
    expect((await post(url, delivery.body)).status).toBe(500);
    expect((await post(url, delivery.body)).status).toBe(200);
    expect((await post(url, delivery.body)).status).toBe(200);
    expect(calls).toBe(2);
    expect(reports.map((report) => report.type)).toEqual([
      'webhook_failed',
      'webhook_handled',
      'webhook_duplicate',
    ]);
  });

  it('answers 503 when onEvent outlasts ackTimeoutMs, and 200 to the retry once it resolved', async () => {
    const gate = deferred();
    const started = deferred();
    let calls = 0;
    // A clock only the test moves: the deadline passes while onEvent runs, whatever the load.
    const time = createManualTime();
    const { url, nextReport } = await endpoint({
      ackTimeoutMs: 20,
      monotonicNow: time.now,
      setTimer: time.setTimer,
      onEvent: async () => {
        calls++;
        started.resolve();
        await gate.promise;
      },
    });
    const delivery = signedDelivery();
    const answer = post(url, delivery.body);
    await started.promise;
    await time.advance(20);
    expect((await answer).status).toBe(503);
    const late = nextReport('webhook_settled_late');
    gate.resolve();
    expect(await late).toMatchObject({ handled: true, deliveryId: delivery.id });
    expect((await post(url, delivery.body)).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('refuses what is not the service’s: nothing reaches onEvent, and the answer says nothing', async () => {
    const { url, events, reports } = await endpoint();
    const good = signedDelivery();
    const parsed = JSON.parse(good.body) as Record<string, string>;
    const cases: [string, string, number][] = [
      [
        'tampered data',
        JSON.stringify({ ...parsed, data: parsed.data?.replace('1001', '9999') }),
        401,
      ],
      ['wrong secret', signedDelivery({}, 'another-secret').body, 401],
      [
        'truncated signature',
        JSON.stringify({ ...parsed, signature: parsed.signature?.slice(0, 63) }),
        401,
      ],
      ['no signature', JSON.stringify({ ...parsed, signature: undefined }), 400],
      ['not JSON', '{"id":', 400],
      ['empty body', '', 400],
    ];
    for (const [name, body, status] of cases) {
      const answer = await post(url, body);
      expect({ name, ...answer }).toEqual({ name, status, text: '' });
    }
    expect(events).toEqual([]);
    expect(reports.every((report) => report.type === 'webhook_refused')).toBe(true);
    const shown = inspect(reports, { depth: 5 }) + JSON.stringify(reports);
    expect(shown).not.toContain(WEBHOOK_SECRET);
    expect(shown).not.toContain(parsed.signature);
  });

  it('acknowledges correctly signed data that is not a JSON object: a retry would bring the same', async () => {
    const { url, events, reports } = await endpoint();
    for (const dataText of ['not json', '[1,2]', '"text"']) {
      const delivery = signedDelivery({ dataText });
      expect((await post(url, delivery.body)).status).toBe(200);
    }
    expect(events).toEqual([]);
    expect(reports.map((report) => report.type)).toEqual([
      'webhook_ignored',
      'webhook_ignored',
      'webhook_ignored',
    ]);
    expect(reports[0]).toMatchObject({ error: { code: 'WEBHOOK_DATA_INVALID' } });
  });

  it('answers 503 without calling onEvent when the dedupe store does not answer', async () => {
    const hung: WebhookDedupeStore = {
      claim: () => new Promise(() => {}),
      complete: async () => {},
      release: async () => {},
      extend: async () => true,
    };
    const { url, events, reports } = await endpoint({ dedupe: hung, dedupeTimeoutMs: 20 });
    expect((await post(url, signedDelivery().body)).status).toBe(503);
    expect(events).toEqual([]);
    expect(reports[0]).toMatchObject({ type: 'webhook_dedupe_failed', status: 503 });
  });

  it('answers 200 once onEvent resolved, even when the store does not answer the completion', async () => {
    const memory = createMemoryDedupeStore();
    const slowToComplete: WebhookDedupeStore = {
      claim: (id, leaseMs) => memory.claim(id, leaseMs),
      complete: () => new Promise(() => {}),
      release: (id, token) => memory.release(id, token),
      extend: (id, token, leaseMs) => memory.extend(id, token, leaseMs),
    };
    const { url, events, reports } = await endpoint({
      dedupe: slowToComplete,
      dedupeTimeoutMs: 20,
    });
    expect((await post(url, signedDelivery().body)).status).toBe(200);
    expect(events).toHaveLength(1);
    expect(reports.map((report) => report.type)).toEqual([
      'webhook_dedupe_failed',
      'webhook_handled',
    ]);
  });

  it('extends its claim while onEvent runs, and reports a claim another took', async () => {
    const memory = createMemoryDedupeStore();
    const extended = deferred<[string, string, number]>();
    let answers = [true, false];
    const store: WebhookDedupeStore = {
      claim: (id, leaseMs) => memory.claim(id, leaseMs),
      complete: (id, token, keepMs) => memory.complete(id, token, keepMs),
      release: (id, token) => memory.release(id, token),
      extend: async (id, token, leaseMs) => {
        extended.resolve([id, token, leaseMs]);
        const [held = false, ...rest] = answers;
        answers = rest;
        return held;
      },
    };
    const gate = deferred();
    const { url, nextReport } = await endpoint({
      dedupe: store,
      leaseMs: 30,
      onEvent: () => gate.promise,
    });
    const delivery = signedDelivery();
    const answered = post(url, delivery.body);
    const [id, token, leaseMs] = await extended.promise;
    expect([id, leaseMs]).toEqual([delivery.id, 30]);
    expect(token.length).toBeGreaterThan(10);
    expect(await nextReport('webhook_lease_lost')).toMatchObject({ deliveryId: delivery.id });
    gate.resolve();
    expect((await answered).status).toBe(200);
  });

  it('refuses a body over the cap, declared or streamed, with 413', async () => {
    const { url, events } = await endpoint({ maxBodyBytes: 1000 });
    const big = signedDelivery({ data: { id: 'p', text: 'x'.repeat(2000) } }).body;
    expect((await post(url, big)).status).toBe(413);
    const streamed = await fetch(url, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(events).toEqual([]);
  });

  it('acknowledges a signed delivery of a scope it does not know, without handing it over', async () => {
    const { url, events, reports } = await endpoint();
    const delivery = signedDelivery({ scope: 'store/brandNew/created' });
    expect((await post(url, delivery.body)).status).toBe(200);
    expect(events).toEqual([]);
    expect(reports).toMatchObject([
      {
        type: 'webhook_ignored',
        deliveryId: delivery.id,
        scope: 'store/brandNew/created',
        status: 200,
        error: { code: 'WEBHOOK_SCOPE_UNKNOWN' },
      },
    ]);
    expect(reports).toHaveLength(1);
  });

  it('answers 503 without calling onEvent when the dedupe store fails', async () => {
    const failing: WebhookDedupeStore = {
      claim: async () => {
        throw new Error('connection refused');
      },
      complete: async () => {},
      release: async () => {},
      extend: async () => true,
    };
    const { url, events, reports } = await endpoint({ dedupe: failing });
    expect((await post(url, signedDelivery().body)).status).toBe(503);
    expect(events).toEqual([]);
    expect(reports[0]?.type).toBe('webhook_dedupe_failed');
  });

  it('answers 405 to anything but POST', async () => {
    const { url } = await endpoint();
    const answer = await fetch(url);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('takes a body a framework parsed already (express.json) through the Node adapter', async () => {
    const events: WebhookEvent[] = [];
    const handler = createWebhookHandler({
      clientSecret: WEBHOOK_SECRET,
      onEvent: (event) => {
        events.push(event);
      },
    });
    const listener = toNodeListener(handler);
    const server = await serveForTest((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        Object.assign(request, { body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        listener(request, response);
      });
    });
    const delivery = signedDelivery({ data: { id: 'o-2', note: 'çğü ✓' } });
    expect((await post(server.url, delivery.body)).status).toBe(200);
    expect(events[0]?.data).toEqual({ id: 'o-2', note: 'çğü ✓' });
  });

  it('hands the handler an empty body when middleware read the stream and kept nothing', async () => {
    const reports: WebhookReport[] = [];
    const handler = createWebhookHandler({
      clientSecret: WEBHOOK_SECRET,
      onEvent: () => {},
      onReport: (report) => void reports.push(report),
    });
    const listener = toNodeListener(handler);
    const server = await serveForTest((request, response) => {
      request.resume();
      request.on('end', () => listener(request, response));
    });
    expect((await post(server.url, signedDelivery().body)).status).toBe(400);
    expect(reports).toMatchObject([
      { type: 'webhook_refused', error: { code: 'WEBHOOK_BODY_INVALID' } },
    ]);
  });

  it('survives a handler whose answer breaks while it is written', async () => {
    const broken = new ReadableStream({
      pull(controller) {
        controller.error(new Error('stream broke'));
      },
    });
    const server = await serveForTest(
      toNodeListener(async () => new Response(broken, { status: 200 })),
    );
    const answer = await fetch(server.url, { method: 'POST', body: '{}' }).then(
      (response) => response.status,
      () => 'connection closed',
    );
    expect([500, 'connection closed']).toContain(answer);
    // The process is still serving.
    expect([500, 'connection closed']).toContain(
      await fetch(server.url, { method: 'POST', body: '{}' }).then(
        (response) => response.status,
        () => 'connection closed',
      ),
    );
  });

  it('takes the secret from an app made by createApp and reports to its onEvent', async () => {
    const appEvents: unknown[] = [];
    const app = createApp({
      clientId: 'app-1',
      clientSecret: WEBHOOK_SECRET,
      redirectUri: 'http://127.0.0.1:3000/oauth/callback',
      scopes: ['read_orders'],
      sessions: createMemorySessionStore(),
      onEvent: (event) => appEvents.push(event),
    });
    const events: WebhookEvent[] = [];
    const handler = createWebhookHandler({ app, onEvent: (event) => void events.push(event) });
    const answer = await handler(
      new Request('http://127.0.0.1/webhooks', { method: 'POST', body: signedDelivery().body }),
    );
    expect(answer.status).toBe(200);
    expect(events).toHaveLength(1);
    expect(appEvents).toMatchObject([{ type: 'webhook_handled' }]);
    expect(inspect(app, { depth: 5 }) + JSON.stringify(app)).not.toContain(WEBHOOK_SECRET);
  });

  it('refuses options that cannot work, at creation', () => {
    const onEvent = () => {};
    expect(() => createWebhookHandler({ onEvent } as unknown as WebhookHandlerOptions)).toThrow(
      /clientSecret/,
    );
    expect(() =>
      createWebhookHandler({ clientSecret: 's', onEvent, maxBodyBytes: 1_000_001 }),
    ).toThrow(/maxBodyBytes/);
    expect(() =>
      createWebhookHandler({ clientSecret: 's', onEvent, dedupe: {} as WebhookDedupeStore }),
    ).toThrow(/dedupe/);
    expect(() => createWebhookHandler({ app: {} as never, onEvent })).toThrow(/createApp/);
    expect(() => createWebhookHandler({ clientSecret: 's', onEvent: undefined as never })).toThrow(
      /onEvent/,
    );
  });

  it('keeps handled ids in the store it is given, so a second handler on it sees duplicates', async () => {
    const dedupe = createMemoryDedupeStore();
    const calls: string[] = [];
    const make = (name: string) =>
      createWebhookHandler({
        clientSecret: WEBHOOK_SECRET,
        dedupe,
        onEvent: () => void calls.push(name),
      });
    const [one, two] = [make('one'), make('two')];
    const delivery = signedDelivery();
    const send = (handler: typeof one) =>
      handler(new Request('http://127.0.0.1/w', { method: 'POST', body: delivery.body }));
    expect((await send(one)).status).toBe(200);
    expect((await send(two)).status).toBe(200);
    expect(calls).toEqual(['one']);
  });
});
