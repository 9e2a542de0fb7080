import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { requestToken, TokenRequestError } from '../src/index.js';
import { findSecret, redactError } from '../src/internal.js';

const SECRET = 'S3cr3t+Val/ue=XyZ_secret_123';
const TOKEN = 'Opaque/Tok+7h3Fq9ZkP2mXw8LrT5=';

/** Every rendering of an error that ends up in a log. */
function renderings(error: unknown): string {
  return [
    inspect(error, { depth: 20 }),
    inspect(error, { depth: 20, showHidden: true }),
    JSON.stringify(error),
    String((error as Error).stack),
  ].join('\n');
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A raw TCP server that answers each request with `reply(request)`: HTTP no parser accepts, so
 * it can echo the request where undici keeps the bytes it could not parse.
 */
async function rawServer(reply: (request: string) => string): Promise<string> {
  const server = createServer((socket) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? 0);
      if (received.length >= headEnd + 4 + length) socket.end(reply(received));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('errors the kit produces or passes through', () => {
  it('hold no secret anywhere when a token host echoes the request into a header the HTTP parser rejects', async () => {
    const authUrl = await rawServer((request) => {
      const body = request.slice(request.indexOf('\r\n\r\n') + 4);
      return `HTTP/1.1 500 Oops\r\nX-Debug: \x01${body}\r\nContent-Length: 0\r\n\r\n`;
    });
    const error = await requestToken({
      authUrl,
      clientId: 'id',
      clientSecret: SECRET,
      retry: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    const text = renderings(error);
    expect(text).not.toContain(encodeURIComponent(SECRET));
    expect(findSecret(text, [SECRET])).toBeUndefined();
  });

  it('hold no secret in any own property of the cause chain, aggregated errors, or a plain-object cause', () => {
    const parserError = Object.assign(new Error('Invalid header value char'), {
      data: Buffer.from(`x-debug: client_secret=${encodeURIComponent(SECRET)}`),
      headers: [`authorization: Bearer ${TOKEN}`],
    });
    const aggregate = new AggregateError(
      [new Error(`connect to ${SECRET}`), `Bearer ${TOKEN}`],
      'all attempts failed',
      { cause: { body: `client_secret=${SECRET}`, nested: { token: TOKEN } } },
    );
    const error = new TypeError('fetch failed', { cause: parserError });
    Object.assign(parserError, { cause: aggregate, self: error });
    redactError(error, [SECRET, TOKEN]);
    const text = renderings(error);
    expect(findSecret(text, [SECRET, TOKEN])).toBeUndefined();
    expect(parserError).not.toHaveProperty('data');
    // What is not secret stays for whoever debugs it.
    expect(aggregate.errors).toHaveLength(2);
    expect(aggregate.message).toBe('all attempts failed');
  });

  it('hold no secret when a custom fetch throws an error holding the request in a class instance, a Map, a Set or a frozen object', async () => {
    class RequestRecord {
      constructor(readonly body: string) {}
    }
    const failing = (async (_url: unknown, init?: RequestInit) => {
      const body = String(init?.body);
      throw Object.assign(new TypeError('fetch failed'), {
        request: new RequestRecord(body),
        byUrl: new Map([['token', body]]),
        bodies: new Set([body]),
        frozen: Object.freeze({ body }),
      });
    }) as typeof fetch;
    const error = await requestToken({
      authUrl: 'https://store.example',
      clientId: 'id',
      clientSecret: SECRET,
      retry: false,
      fetch: failing,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    const text = renderings(error);
    expect(text).not.toContain(encodeURIComponent(SECRET));
    expect(findSecret(text, [SECRET])).toBeUndefined();
    // The instance is redacted in place; what cannot be reached or changed is gone.
    const cause = (error as Error).cause as Record<string, unknown>;
    expect(cause.request).toBeInstanceOf(RequestRecord);
    expect(cause).not.toHaveProperty('byUrl');
    expect(cause).not.toHaveProperty('frozen');
  });

  it('drop what hangs off a cause chain deeper than it is walked, rather than keep it unread', () => {
    const root = new Error('root');
    let last: Error = root;
    for (let i = 0; i < 40; i++) {
      const next = new Error(`level ${i}`);
      last.cause = next;
      last = next;
    }
    last.message = `deep ${SECRET}`;
    redactError(root, [SECRET]);
    expect(findSecret(inspect(root, { depth: null }), [SECRET])).toBeUndefined();
  });
});
