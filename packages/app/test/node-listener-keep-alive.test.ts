import { Agent, request } from 'node:http';
import { toNodeListener } from '@admin-api/app/node';
import { describe, expect, it } from 'vitest';
import { createWebhookHandler, WEBHOOK_MAX_BODY_BYTES, type WebhookEvent } from '../src/index.js';
import { serveForTest, signedDelivery, WEBHOOK_SECRET } from './support/webhook-fixture.js';

/** What one POST on `agent` came to: its status and `connection` header, or the socket's error. */
interface Sent {
  readonly status: number | string;
  readonly connection?: string | undefined;
  /** True when the request went on a connection an earlier request used. */
  readonly reused?: boolean;
}

/** POSTs `body` on `agent`; chunked (no content-length) when `declared` is false. */
function send(url: string, agent: Agent, body: string, declared = true): Promise<Sent> {
  return new Promise((resolve) => {
    const headers = declared ? { 'content-length': Buffer.byteLength(body) } : {};
    const outgoing = request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          reused: outgoing.reusedSocket,
        }),
      );
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? '' }));
    outgoing.end(body);
  });
}

describe('toNodeListener on a keep-alive connection', () => {
  it('a refused, partly read body never breaks the next request on the same agent', async () => {
    const events: WebhookEvent[] = [];
    const handler = createWebhookHandler({
      clientSecret: WEBHOOK_SECRET,
      onEvent: (event) => void events.push(event),
    });
    const server = await serveForTest(toNodeListener(handler));
    const oversize = 'x'.repeat(WEBHOOK_MAX_BODY_BYTES + 1);
    const sent: Sent[] = [];
    for (const declared of [true, true, false]) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      sent.push(await send(server.url, agent, oversize, declared));
      sent.push(await send(server.url, agent, signedDelivery().body));
      agent.destroy();
    }
    expect(sent).toEqual([
      ...[1, 2, 3].flatMap(() => [
        // Answered before the body ended: closed once the answer is out, so the next request
        // goes on a new connection.
        { status: 413, connection: 'close', reused: false },
        { status: 200, connection: 'keep-alive', reused: false },
      ]),
    ]);
    expect(events).toHaveLength(3);
  });

  it('keeps the connection open when the body was read to its end, whatever the answer', async () => {
    const handler = createWebhookHandler({ clientSecret: WEBHOOK_SECRET, onEvent: () => {} });
    const server = await serveForTest(toNodeListener(handler));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sent = [
      await send(server.url, agent, signedDelivery({}, 'another-secret').body),
      await send(server.url, agent, '{"id":'),
      await send(server.url, agent, signedDelivery().body),
    ];
    agent.destroy();
    expect(sent).toEqual([
      { status: 401, connection: 'keep-alive', reused: false },
      { status: 400, connection: 'keep-alive', reused: true },
      { status: 200, connection: 'keep-alive', reused: true },
    ]);
  });
});
