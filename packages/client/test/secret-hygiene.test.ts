import { inspect } from 'node:util';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminApiEvent, createAdminClient } from '../src/index.js';
import { clientFor, thrown } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';
import { startServer } from './loopback-server.js';
import { createVirtualTime } from './virtual-time.js';

// A secret with the characters a form body encodes, so an echo of the token request's body
// would carry it as `a%2Bb%2Fc%3D%3D…`.
const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { rateLimit: false, clientSecret: 'emu+secret/value==x9' },
);

function renderings(error: unknown): string {
  const parts = [inspect(error, { depth: 10 }), JSON.stringify(error), String(error)];
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    parts.push(e.message, e.stack ?? '');
  return parts.join('\n');
}

/** Every form in which the secret can travel or come back. */
function secretForms(secret: string): string[] {
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  return [secret, form, form.toLowerCase(), secret.replaceAll('+', ' ')];
}

const json = { 'content-type': 'application/json' };

describe('no secret and no full token in errors or events', () => {
  it('across 401, 429, 5xx, dropped, HTML, timeout, echo, extensions, partial data and redirect faults', async () => {
    const emu = emulator();
    const seen: AdminApiEvent[] = [];
    const { setTimer } = createVirtualTime();
    const client = clientFor(emu, {
      timeoutMs: 200,
      setTimer,
      onEvent: (e) => seen.push(e),
      // Every fault must reach the caller: the budget would refuse the third identical 400.
      errorBudget: false,
    });
    const { accessToken } = await client.tokenProvider.getToken();
    const secret = emu.clientSecret;
    const form = new URLSearchParams({ client_secret: secret }).toString();
    const echo = `{"errors":[{"message":"bad token ${accessToken} for ${secret}"}]}`;
    const extensions = JSON.stringify({
      errors: [
        {
          message: 'rejected',
          extensions: {
            code: 'BAD_USER_INPUT',
            received: { authorization: `Bearer ${accessToken}`, body: form },
            trace: [`token=${accessToken}`, { nested: secret.replaceAll('+', ' ') }],
          },
        },
      ],
    });
    const partial = JSON.stringify({
      data: { saveProduct: { id: 'p1', name: `echo ${accessToken} ${form}` } },
      errors: [{ message: 'partly failed', extensions: { code: 'X', input: form } }],
    });
    emu.faults.graphql.push(
      {
        status: 401,
        body: '{"errors":[{"message":"no","extensions":{"code":"UNAUTHENTICATED"}}]}',
      },
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 503, body: `upstream saw Authorization: Bearer ${accessToken}` },
      { drop: true },
      {
        status: 200,
        body: `<html>${accessToken}</html>`,
        headers: { 'content-type': 'text/html' },
      },
      { delayMs: 400 },
      { status: 400, body: echo, headers: json },
      { status: 500, body: `secret=${secret} form=${form}` },
      { status: 400, body: extensions, headers: json },
      { status: 200, body: partial, headers: json },
    );
    const errors: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      await client.request(GetMe).catch((e: unknown) => errors.push(e));
    }
    await client
      .request(SaveProduct, productInput('Hygiene'))
      .catch((e: unknown) => errors.push(e));

    // A redirect whose location carries the token and the secret.
    const redirector = await startServer((_req, res) => {
      res
        .writeHead(307, {
          location: `https://evil.example/${accessToken}/${secret}?token=${accessToken}`,
        })
        .end();
    });
    try {
      await clientFor(emu, { baseUrl: redirector.url, onEvent: (e) => seen.push(e) })
        .request(GetMe)
        .catch((e: unknown) => errors.push(e));
    } finally {
      await redirector.close();
    }

    expect(errors).toHaveLength(5);
    const text = `${errors.map(renderings).join('\n')}\n${inspect(seen, { depth: 10 })}\n${JSON.stringify(seen)}`;
    expect(text).not.toContain(accessToken);
    for (const variant of secretForms(secret)) expect(text).not.toContain(variant);
    expect(text).toContain('[redacted]');
    expect(text).toContain('REDIRECT_REFUSED');
    expect(emu.stats.secretLeaks).toBe(0);
  });

  it('when the GraphQL host echoes an opaque token JSON-escaped, percent-encoded, or cut at the 8 KiB read limit', async () => {
    // Opaque, with the characters JSON and URLs escape: only a match in some form can find it.
    const accessToken = 'Opaque/Tok+7h3Fq9ZkP2mXw8LrT5=';
    const bodies = [
      `{"message":"token ${accessToken.replaceAll('/', '\\/')} expired"}`,
      `{"message":"token ${accessToken.replaceAll('+', '\\u002b')} expired"}`,
      `token=${encodeURIComponent(accessToken).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())}`,
      `${' '.repeat(8192 - 6 - 20)}token=${accessToken}`,
    ];
    const tokenHost = await startServer((_req, res) => {
      res
        .writeHead(200, json)
        .end(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600 }));
    });
    let answered = 0;
    const graphqlHost = await startServer((_req, res) => {
      res.writeHead(answered < 3 ? 400 : 502, json).end(bodies[answered++]);
    });
    try {
      const client = createAdminClient({
        authUrl: tokenHost.url,
        baseUrl: graphqlHost.url,
        clientId: 'app',
        clientSecret: 'not-echoed-secret',
        rateLimit: false,
        retry: false,
        // The fourth identical request must be sent: the budget would refuse it after 3 × 400.
        errorBudget: false,
      });
      const errors: unknown[] = [];
      for (const _ of bodies) await client.request(GetMe).catch((e: unknown) => errors.push(e));
      expect(errors.map((e) => (e as { code?: unknown }).code)).toEqual([
        'HTTP_ERROR',
        'HTTP_ERROR',
        'HTTP_ERROR',
        'HTTP_ERROR',
      ]);
      const text = errors.map(renderings).join('\n');
      expect(text).not.toMatch(/Opaque/i);
      expect(text).toContain('token=[redacted]');
    } finally {
      await tokenHost.close();
      await graphqlHost.close();
    }
  });
});

describe('createAdminClient refusing a URL that holds the secret', () => {
  const SECRET = 'sk-live-Secret-4e9d1b7c';
  const given = { clientId: 'app-id', clientSecret: SECRET };
  it.each([
    ['baseUrl is the secret (swapped)', { baseUrl: SECRET, authUrl: 'https://shop.example' }],
    [
      'authUrl points at the GraphQL host, with the secret in its path',
      { baseUrl: 'https://graphql.example', authUrl: `https://api.myikas.com/${SECRET}` },
    ],
    [
      'authUrl has the secret as its host, lowercased by URL, at the GraphQL path',
      {
        baseUrl: 'https://graphql.example',
        authUrl: `https://${SECRET}.example/api/v2/admin/graphql`,
      },
    ],
    [
      'a pasted form puts the secret across the quote’s cut',
      {
        baseUrl: `${'x'.repeat(95)}${SECRET}`,
        authUrl: 'https://shop.example',
      },
    ],
  ])('%s: never shows it, in any part of the error', (_case, urls) => {
    const error = thrown(() => createAdminClient({ ...given, ...urls }));
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    const { message, stack, cause } = error;
    const shown = [message, stack, JSON.stringify(error), inspect(error), String(cause)].join('\n');
    expect(shown.toLowerCase()).not.toContain(SECRET.slice(0, 5).toLowerCase());
  });
});
