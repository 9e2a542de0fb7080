import { inspect } from 'node:util';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  createTokenProvider,
  requestToken,
  type TokenRequestError,
} from '../src/index.js';
import { FAST_RETRY, readRequestBody, startServer } from './fixtures.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach });

/** Every form in which an error can end up in a log. */
function renderings(error: unknown): string[] {
  const parts = [inspect(error, { depth: 10 }), JSON.stringify(error), String(error)];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message, current.stack ?? '', inspect(current, { depth: 10 }));
    current = current.cause;
  }
  return parts;
}

describe('the secret and tokens never leak', () => {
  it.each([
    ['a wrong client id', () => ({ clientId: 'nobody' }), undefined],
    ['a 503 storm', () => ({}), { status: 503, body: 'busy' }],
    ['an HTML page', () => ({}), { status: 200, body: '<html>hi</html>' }],
    ['a dropped connection', () => ({}), { drop: true }],
    ['a timeout', () => ({ timeoutMs: 100 }), { delayMs: 1000 }],
    ['a server echoing the secret', () => ({}), 'echo'],
  ] as const)('in errors and events after %s', async (_, extra, fault) => {
    const emu = emulator();
    for (let i = 0; i < 3; i++) {
      if (fault === 'echo') {
        emu.faults.token.push({
          status: 400,
          body: JSON.stringify({
            error: 'invalid_request',
            error_description: `bad secret ${emu.clientSecret}`,
          }),
          headers: { 'content-type': 'application/json' },
        });
      } else if (fault) {
        emu.faults.token.push(fault);
      }
    }
    const events: AuthEvent[] = [];
    const error = await requestToken({
      ...emulatorCredentials(emu),
      retry: FAST_RETRY,
      onEvent: (e) => events.push(e),
      ...extra(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = [...renderings(error), inspect(events, { depth: 10 })].join('\n');
    expect(text).not.toContain(emu.clientSecret);
  });

  it('when a token host echoes the form body: the secret as sent (percent-encoded) and as decoded with + as a space', async () => {
    const clientSecret = 'sk+live/secret==value';
    const encoded = new URLSearchParams({ s: clientSecret }).toString().slice(2);
    const server = await startServer((req, res) => {
      void readRequestBody(req).then((body) => {
        res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            error: 'invalid_request',
            error_description: `could not parse ${body} (read as ${decodeURIComponent(body)})`,
          }),
        );
      });
    });
    const events: AuthEvent[] = [];
    try {
      const error = await requestToken({
        authUrl: server.url,
        clientId: 'app',
        clientSecret,
        onEvent: (e) => events.push(e),
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'OAUTH_ERROR' });
      const text = [...renderings(error), inspect(events, { depth: 10 })].join('\n');
      for (const form of [
        clientSecret,
        encoded,
        encoded.toLowerCase(),
        clientSecret.replaceAll('+', ' '),
      ]) {
        expect(text).not.toContain(form);
      }
      expect(text).toContain('client_secret=[redacted]');
    } finally {
      await server.close();
    }
  });

  it.each([
    [
      'JSON-escaped (\\/) in a non-OAuth 400 body',
      400,
      (secret: string) =>
        JSON.stringify({ message: `bad client_secret ${secret}` }).replaceAll('/', '\\/'),
    ],
    [
      'JSON-escaped (\\u002b) in a non-OAuth 400 body',
      400,
      (secret: string) => `{"message":"bad secret ${secret.replaceAll('+', '\\u002b')}"}`,
    ],
    [
      'with + read as a space, then percent-encoded',
      400,
      (secret: string) => `bad secret ${encodeURIComponent(secret.replaceAll('+', ' '))}`,
    ],
    [
      'straddling the 8 KiB read limit',
      500,
      (secret: string) => `${' '.repeat(8192 - 7 - 15)}secret=${secret} end`,
    ],
  ])('when a token host echoes the secret %s', async (_, status, body) => {
    const clientSecret = 'a+b/c==SeCrEt_9x7Q';
    const server = await startServer((req, res) => {
      void readRequestBody(req).then(() => {
        res.writeHead(status, { 'content-type': 'text/plain' }).end(body(clientSecret));
      });
    });
    try {
      const error = await requestToken({
        authUrl: server.url,
        clientId: 'app',
        clientSecret,
        retry: false,
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'HTTP_ERROR' });
      expect((error as TokenRequestError).bodyExcerpt).toContain('[redacted]');
      // 'a+b/c' in any spelling would be the secret's beginning.
      expect(renderings(error).join('\n')).not.toMatch(/a(\+|%2b| |%20|\\u002b)b(\/|\\\/|%2f)c/i);
    } finally {
      await server.close();
    }
  });

  it('in a refused redirect whose location carries the secret', async () => {
    const emu = emulator();
    const server = await startServer((_req, res) => {
      res
        .writeHead(307, {
          location: `https://evil.example/${emu.clientSecret}/x?secret=${emu.clientSecret}#${emu.clientSecret}`,
        })
        .end();
    });
    try {
      const error = await requestToken({ ...emulatorCredentials(emu), authUrl: server.url }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'REDIRECT_REFUSED' });
      expect(renderings(error).join('\n')).not.toContain(emu.clientSecret);
    } finally {
      await server.close();
    }
  });

  it('in the provider’s events, which carry only a token fingerprint', async () => {
    const emu = emulator();
    const events: AuthEvent[] = [];
    const tokens = createTokenProvider({
      ...emulatorCredentials(emu),
      onEvent: (e) => events.push(e),
    });
    const { accessToken } = await tokens.getToken();
    await tokens.invalidate(accessToken);
    await tokens.getToken();
    const text = inspect(events, { depth: 10 });
    expect(events.map((e) => e.type)).toContain('token_invalidated');
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(emu.clientSecret);
    expect(text).toContain(accessToken.slice(-6));
  });
});
