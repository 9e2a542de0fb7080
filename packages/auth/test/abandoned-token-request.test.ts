import { afterEach, describe, expect, it } from 'vitest';
import { type AuthEvent, createTokenProvider, TokenRequestError } from '../src/index.js';
import { type LoopbackServer, readRequestBody, rejection, startServer } from './fixtures.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A token host that answers 503 to the first request and a token to the others. */
async function flakyTokenHost(): Promise<LoopbackServer> {
  server = await startServer(async (req, res) => {
    await readRequestBody(req);
    if (server?.requests === 1) {
      res.writeHead(503);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ access_token: 'token-value', token_type: 'Bearer', expires_in: 3600 }),
    );
  });
  return server;
}

describe('a token request every caller has left', () => {
  it('is abandoned with its backoff timer, counts as no failure, and the next call starts afresh', async () => {
    const host = await flakyTokenHost();
    const controller = new AbortController();
    const events: AuthEvent[] = [];
    // The signal of each token request: the backoff between attempts waits on it too.
    const signals: AbortSignal[] = [];
    const tokens = createTokenProvider({
      fetch: (url, init) => {
        if (init?.signal) signals.push(init.signal);
        return fetch(url, init);
      },
      authUrl: host.url,
      clientId: 'id',
      clientSecret: 'secret-value',
      // A long backoff: the caller leaves while the request waits to retry.
      retry: { retries: 2, baseDelayMs: 60_000, maxDelayMs: 60_000 },
      timeoutMs: 120_000,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'token_retry') {
          queueMicrotask(() => controller.abort());
        }
      },
    });
    const error = await rejection(tokens.getToken({ signal: controller.signal }));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'ABORTED' });
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    expect(events.filter((e) => e.type === 'refresh_failed')).toEqual([]);
    await expect(tokens.getToken()).resolves.toMatchObject({ accessToken: 'token-value' });
    expect(host.requests).toBe(2);
  });
});
