import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ tokenLifetimeS: 600 });
});
afterAll(() => emulator.close());

const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  fetch(`${emulator.authUrl}/api/admin/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

describe('emulator token endpoint', () => {
  it('serves the token host and the GraphQL host on two different loopback origins', () => {
    expect(new URL(emulator.authUrl).hostname).toBe('127.0.0.1');
    expect(new URL(emulator.authUrl).origin).not.toBe(new URL(emulator.baseUrl).origin);
  });

  it('issues a Bearer token with the configured lifetime and no-store caching', async () => {
    const response = await post(
      form({
        grant_type: 'client_credentials',
        client_id: emulator.clientId,
        client_secret: emulator.clientSecret,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it.each([
    [
      'a wrong secret',
      form({
        grant_type: 'client_credentials',
        client_id: 'emulator-client',
        client_secret: 'nope',
      }),
      undefined,
      401,
      'invalid_client',
    ],
    [
      'a wrong grant type',
      form({ grant_type: 'password', client_id: 'a', client_secret: 'b' }),
      undefined,
      400,
      'unsupported_grant_type',
    ],
    [
      'a missing parameter',
      form({ grant_type: 'client_credentials', client_id: 'a' }),
      undefined,
      400,
      'invalid_request',
    ],
    [
      'a JSON body',
      JSON.stringify({ grant_type: 'client_credentials' }),
      'application/json',
      400,
      'invalid_request',
    ],
  ])('answers %s with an RFC 6749 error', async (_, body, contentType, status, error) => {
    const response = await post(body, contentType);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error, error_description: expect.any(String) });
  });

  it('does not serve the token endpoint on the GraphQL host', async () => {
    const response = await fetch(`${emulator.baseUrl}/api/admin/oauth/token`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
