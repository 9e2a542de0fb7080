import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, MAX_BODY_BYTES, startEmulator } from '../src/index.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const oversized = 'x'.repeat(MAX_BODY_BYTES + 1);

describe('request bodies over the 1 MB cap', () => {
  it('are answered 413 by the token host, as an OAuth error', async () => {
    const response = await fetch(`${emulator.authUrl}/api/admin/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${oversized}`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('are answered 413 by the GraphQL host, as a GraphQL error', async () => {
    const response = await fetch(`${emulator.baseUrl}/api/v2/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ me { id } } #${oversized}` }),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('leave the hosts serving: a body at the cap is read as usual', async () => {
    const form = 'grant_type=password&pad=';
    const response = await fetch(`${emulator.authUrl}/api/admin/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form + 'x'.repeat(MAX_BODY_BYTES - form.length),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_description: 'Missing parameter: client_id, client_secret',
    });
  });
});
