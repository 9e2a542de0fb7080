import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { authorizeParams, getAuthorize, postAuthorize } from './store-helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ stores: ['acme'], rateLimit: false });
});
afterAll(() => emulator.close());

describe('the authorize endpoint refuses a bad request with a page, never a redirect', () => {
  it.each([
    ['a wrong response_type', { response_type: 'token' }],
    ['no response_type', { response_type: undefined }],
    ['an unknown client_id', { client_id: 'someone-else' }],
    ['a relative redirect_uri', { redirect_uri: '/callback' }],
    ['a redirect_uri that is not http(s)', { redirect_uri: 'javascript:alert(1)' }],
    ['a redirect_uri with a fragment', { redirect_uri: 'http://localhost:3000/cb#x' }],
    ['an unknown scope', { scope: 'read_products,read_everything' }],
    ['no scope', { scope: '' }],
    ['no state', { state: undefined }],
    ['a state over 512 characters', { state: 'x'.repeat(513) }],
  ])('answers 400 for %s', async (_, overrides) => {
    const params = authorizeParams(emulator, overrides);
    for (const response of [
      await getAuthorize(emulator, 'acme', params),
      await postAuthorize(emulator, 'acme', params, 'install'),
    ]) {
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
    expect(emulator.store('acme').stats.installs).toBe(0);
  });

  it('accepts a state of 512 characters and passes it back untouched', async () => {
    const state = `${'é&=?'.repeat(127)}abcd`;
    const response = await postAuthorize(
      emulator,
      'acme',
      authorizeParams(emulator, { state }),
      'install',
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe(state);
  });

  it('escapes what it echoes: a state that is markup stays text in the page', async () => {
    const state = '"><script>alert(1)</script>';
    const response = await getAuthorize(emulator, 'acme', authorizeParams(emulator, { state }));
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('names an unknown scope that looks like one, and never echoes other values', async () => {
    const unknown = await getAuthorize(
      emulator,
      'acme',
      authorizeParams(emulator, { scope: 'read_everything' }),
    );
    expect(await unknown.text()).toContain('&quot;read_everything&quot;');
    const client = await getAuthorize(
      emulator,
      'acme',
      authorizeParams(emulator, { client_id: 'secret-looking<value>' }),
    );
    expect(await client.text()).not.toContain('secret-looking');
  });

  it('answers 400 to a POST without a decision, and 413 to an oversized form', async () => {
    const params = authorizeParams(emulator);
    expect((await postAuthorize(emulator, 'acme', params, 'maybe')).status).toBe(400);
    const big = await fetch(`${emulator.authUrlFor('acme')}/api/admin/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ state: 'x'.repeat(20_000) }),
    });
    expect(big.status).toBe(413);
  });
});
