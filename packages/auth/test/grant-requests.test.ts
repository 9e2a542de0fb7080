import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeAuthorizationCode, refreshAccessToken, TokenRequestError } from '../src/index.js';
import { type LoopbackServer, readRequestBody, rejection, startServer } from './fixtures.js';

const CREDENTIALS = { clientId: 'app-id', clientSecret: 'app-secret-0123456789' };
const CODE = 'code-9f8e7d6c5b4a39281706';
const REFRESH = 'rt-1a2b3c4d5e6f7a8b9c0d';

describe('the grants of apps installed on stores', () => {
  let server: LoopbackServer | undefined;
  const forms: URLSearchParams[] = [];
  afterEach(async () => {
    await server?.close();
    server = undefined;
    forms.length = 0;
  });

  const host = async (answer: (res: ServerResponse) => void) => {
    server = await startServer((req: IncomingMessage, res: ServerResponse) => {
      readRequestBody(req).then((body) => {
        forms.push(new URLSearchParams(body));
        answer(res);
      });
    });
    return server.url;
  };
  const json = (status: number, body: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const TOKEN = {
    access_token: 'at-new',
    token_type: 'bearer',
    expires_in: 14_400,
    refresh_token: 'rt-new',
    scope: 'read_products',
  };

  it('a code is exchanged with the authorization_code grant and its redirect_uri, answering the refresh token and scope', async () => {
    const authUrl = await host(json(200, TOKEN));
    const token = await exchangeAuthorizationCode({
      ...CREDENTIALS,
      authUrl,
      code: CODE,
      redirectUri: 'https://app.example/callback',
      now: () => 1_000,
    });
    expect(token).toEqual({
      accessToken: 'at-new',
      tokenType: 'Bearer',
      expiresIn: 14_400,
      expiresAt: 1_000 + 14_400_000,
      refreshToken: 'rt-new',
      scope: 'read_products',
    });
    expect(Object.fromEntries(forms[0] ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: CODE,
      redirect_uri: 'https://app.example/callback',
      client_id: 'app-id',
      client_secret: CREDENTIALS.clientSecret,
    });
  });

  it('a refresh sends the refresh_token grant', async () => {
    const authUrl = await host(json(200, TOKEN));
    await refreshAccessToken({ ...CREDENTIALS, authUrl, refreshToken: REFRESH });
    expect(Object.fromEntries(forms[0] ?? [])).toEqual({
      grant_type: 'refresh_token',
      refresh_token: REFRESH,
      client_id: 'app-id',
      client_secret: CREDENTIALS.clientSecret,
    });
  });

  it('a refresh that meets a 503 or a dropped connection is not sent again: the token may be spent', async () => {
    const authUrl = await host(json(503, { error: 'temporarily_unavailable' }));
    const error = await rejection(
      refreshAccessToken({ ...CREDENTIALS, authUrl, refreshToken: REFRESH }),
    );
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(server?.requests).toBe(1);
    await server?.close();
    const dropping = await startServer((req) => req.socket.destroy());
    server = dropping;
    const dropped = await rejection(
      exchangeAuthorizationCode({
        ...CREDENTIALS,
        authUrl: dropping.url,
        code: CODE,
        redirectUri: 'https://a.example/',
      }),
    );
    expect(dropped).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(dropping.requests).toBe(1);
  });

  it('a spent refresh token is an OAUTH_ERROR whose error is invalid_grant, with a hint to reinstall', async () => {
    const authUrl = await host(json(400, { error: 'invalid_grant', error_description: 'spent' }));
    const error = await rejection(
      refreshAccessToken({ ...CREDENTIALS, authUrl, refreshToken: REFRESH }),
    );
    expect(error).toMatchObject({ code: 'OAUTH_ERROR', status: 400, error: 'invalid_grant' });
    expect((error as Error).message).toMatch(/install the app again/);
  });

  it('an answer without a refresh token, or with a malformed one or scope, is INVALID_RESPONSE', async () => {
    for (const body of [
      { ...TOKEN, refresh_token: undefined },
      { ...TOKEN, refresh_token: '' },
      { ...TOKEN, refresh_token: 'has space' },
      { ...TOKEN, scope: 42 },
    ]) {
      const authUrl = await host(json(200, body));
      const error = await rejection(
        refreshAccessToken({ ...CREDENTIALS, authUrl, refreshToken: REFRESH }),
      );
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
      await server?.close();
      server = undefined;
    }
  });

  it('a token host that quotes the code, the refresh token or the secret back never gets them into an error', async () => {
    const authUrl = await host(
      json(400, {
        error: 'invalid_request',
        error_description: `${CODE} ${REFRESH} ${CREDENTIALS.clientSecret}`,
      }),
    );
    const refreshFailure = await rejection(
      refreshAccessToken({ ...CREDENTIALS, authUrl, refreshToken: REFRESH }),
    );
    const exchangeFailure = await rejection(
      exchangeAuthorizationCode({
        ...CREDENTIALS,
        authUrl,
        code: CODE,
        redirectUri: 'https://a.example/',
      }),
    );
    const shown = (error: unknown) =>
      `${JSON.stringify(error)} ${String(error)} ${(error as Error).stack}`;
    for (const secret of [REFRESH, CREDENTIALS.clientSecret]) {
      expect(shown(refreshFailure)).not.toContain(secret);
    }
    for (const secret of [CODE, CREDENTIALS.clientSecret]) {
      expect(shown(exchangeFailure)).not.toContain(secret);
    }
  });
});
