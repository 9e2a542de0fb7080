import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError, requestToken, TokenRequestError } from '../src/index.js';
import { FAST_RETRY, startServer } from './fixtures.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach });

async function failure(promise: Promise<unknown>): Promise<TokenRequestError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TokenRequestError);
  return error as TokenRequestError;
}

describe('requestToken against the emulator', () => {
  it('gets a Bearer token whose expiry counts from when the request was sent', async () => {
    const sentAt = Date.UTC(2026, 10, 22);
    const token = await requestToken({ ...emulatorCredentials(emulator()), now: () => sentAt });
    expect(token.tokenType).toBe('Bearer');
    expect(token.expiresIn).toBe(14_400);
    expect(token.expiresAt).toBe(sentAt + 14_400_000);
    expect(emulator().stats.tokensIssued).toBe(1);
  });

  it.each([
    ['NaN', Number.NaN],
    ['above the timer maximum', 2 ** 31],
    ['negative', -1],
  ])(
    'a timeoutMs that is %s is a ConfigurationError naming it, before any request',
    async (_, timeoutMs) => {
      const error = await requestToken({ ...emulatorCredentials(emulator()), timeoutMs }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ code: 'INVALID_OPTION' });
      expect((error as Error).message).toContain('"timeoutMs"');
      expect(emulator().stats.tokenRequests).toBe(0);
    },
  );

  it.each(['/', '/api/admin/oauth/token', '/api/admin/oauth/token/'])(
    'an authUrl ending in %s does not double the path',
    async (suffix) => {
      const token = await requestToken({
        ...emulatorCredentials(emulator()),
        authUrl: emulator().authUrl + suffix,
      });
      expect(token.accessToken).not.toBe('');
    },
  );

  it('does not retry invalid_client', async () => {
    const error = await failure(
      requestToken({
        ...emulatorCredentials(emulator()),
        clientSecret: 'wrong-secret',
        retry: FAST_RETRY,
      }),
    );
    expect(error.code).toBe('OAUTH_ERROR');
    expect(error.error).toBe('invalid_client');
    expect(error.status).toBe(401);
    expect(error.attempts).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('does not retry other 4xx answers', async () => {
    emulator().faults.token.push({
      status: 429,
      body: '{"error":"slow_down"}',
      headers: { 'content-type': 'application/json' },
    });
    const error = await failure(
      requestToken({ ...emulatorCredentials(emulator()), retry: FAST_RETRY }),
    );
    expect(error.status).toBe(429);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('retries a 503 and succeeds on the next attempt', async () => {
    emulator().faults.token.push({ status: 503 });
    const token = await requestToken({ ...emulatorCredentials(emulator()), retry: FAST_RETRY });
    expect(token.tokenType).toBe('Bearer');
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('retries a dropped connection', async () => {
    emulator().faults.token.push({ drop: true });
    await requestToken({ ...emulatorCredentials(emulator()), retry: FAST_RETRY });
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('gives up after the bounded number of retries with the last error', async () => {
    emulator().faults.token.push(
      { status: 500, body: '<html>oops</html>' },
      { status: 502, body: '<html>bad gateway</html>' },
      { status: 503, body: '<html>unavailable</html>' },
      { status: 504 },
    );
    const error = await failure(
      requestToken({ ...emulatorCredentials(emulator()), retry: FAST_RETRY }),
    );
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(3);
    expect(emulator().stats.tokenRequests).toBe(3);
  });

  it('retry: false sends exactly one request', async () => {
    emulator().faults.token.push({ status: 503 });
    const error = await failure(requestToken({ ...emulatorCredentials(emulator()), retry: false }));
    expect(error.status).toBe(503);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('rejects an HTML page served with status 200', async () => {
    emulator().faults.token.push({
      status: 200,
      body: '<!doctype html><title>Login</title>',
      headers: { 'content-type': 'text/html' },
    });
    const error = await failure(requestToken(emulatorCredentials(emulator())));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('an HTML page');
    expect(error.bodyExcerpt).toBeUndefined();
  });

  it('rejects an empty 200 body', async () => {
    emulator().faults.token.push({ status: 200, body: '' });
    expect((await failure(requestToken(emulatorCredentials(emulator())))).code).toBe(
      'INVALID_RESPONSE',
    );
  });

  it('times out within timeoutMs, retries included', async () => {
    emulator().faults.token.push({ delayMs: 2_000 });
    const error = await failure(
      requestToken({ ...emulatorCredentials(emulator()), timeoutMs: 150 }),
    );
    expect(error.code).toBe('TIMEOUT');
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('honours the caller’s AbortSignal and says so', async () => {
    emulator().faults.token.push({ delayMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(
      requestToken({ ...emulatorCredentials(emulator()), signal: controller.signal }),
    );
    expect(error.code).toBe('ABORTED');
  });

  it('reports an unreachable host as NETWORK_ERROR after retrying', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await failure(
      requestToken({
        ...emulatorCredentials(emulator()),
        authUrl: `http://127.0.0.1:${port}`,
        retry: FAST_RETRY,
      }),
    );
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.attempts).toBe(3);
  });

  it('refuses to send the secret over http to a non-loopback host, before any request', async () => {
    const error = await requestToken({
      ...emulatorCredentials(emulator()),
      authUrl: 'http://shop.example.com',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).code).toBe('INSECURE_URL');
    expect(emulator().stats.tokenRequests).toBe(0);
  });

  it.each([301, 302, 303, 307, 308])(
    'refuses a %i redirect with REDIRECT_REFUSED naming the location, and sends nothing there',
    async (status) => {
      const elsewhere = await startServer((_req, res) => res.end('{}'));
      const secret = emulator().clientSecret;
      const redirector = await startServer((_req, res) => {
        res
          .writeHead(status, {
            location: `${elsewhere.url}/steal/${secret}?client_secret=${secret}`,
          })
          .end();
      });
      try {
        const error = await failure(
          requestToken({ ...emulatorCredentials(emulator()), authUrl: redirector.url }),
        );
        expect(error.code).toBe('REDIRECT_REFUSED');
        expect(error.status).toBe(status);
        expect(error.attempts).toBe(1);
        expect(error.message).toContain(`${elsewhere.url}/steal/[redacted]?…`);
        expect(JSON.stringify(error)).not.toContain(secret);
        expect(redirector.requests).toBe(1);
        expect(elsewhere.requests).toBe(0);
      } finally {
        await Promise.all([elsewhere.close(), redirector.close()]);
      }
    },
  );

  it('stops reading a 100 MB token response after the cap and closes the connection', async () => {
    const TOTAL = 100 * 1024 * 1024;
    let written = 0;
    let finished = false;
    let closed!: () => void;
    const socketClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', closed);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (written < TOTAL && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) {
          finished = true;
          res.end();
        }
      };
      res.write('{"access_token":"');
      pump();
    });
    try {
      const error = await failure(
        requestToken({ ...emulatorCredentials(emulator()), authUrl: server.url, retry: false }),
      );
      expect(error.code).toBe('INVALID_RESPONSE');
      await socketClosed;
      expect(finished).toBe(false);
      // What the socket buffers took before the client hung up: a few MB at most, not 100.
      expect(written).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });
});
