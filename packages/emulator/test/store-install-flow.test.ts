import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { token } from './helpers.js';
import {
  authorizeParams,
  getAuthorize,
  postAuthorize,
  REDIRECT_URI,
  storeToken,
  whoAmI,
} from './store-helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({
    stores: ['acme', 'globex'],
    appName: 'Stock <Sync>',
    tokenLifetimeS: 600,
    rateLimit: false,
  });
});
afterAll(() => emulator.close());

describe('installing the app on a store through OAuth', () => {
  it('gives each store its own token host origin, apart from the private one and GraphQL', () => {
    const origins = [
      emulator.authUrl,
      emulator.baseUrl,
      emulator.authUrlFor('acme'),
      emulator.authUrlFor('globex'),
    ].map((url) => new URL(url).origin);
    expect(new Set(origins).size).toBe(4);
    expect(emulator.stores.acme?.authUrl).toBe(emulator.authUrlFor('acme'));
  });

  it('shows a consent page with the app, the store, the scopes and an Install button', async () => {
    const response = await getAuthorize(emulator, 'acme', authorizeParams(emulator));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Stock &lt;Sync&gt;');
    expect(html).not.toContain('Stock <Sync>');
    expect(html).toContain('<strong>acme</strong>');
    expect(html).toContain('<code>read_products</code>');
    expect(html).toContain('<code>write_orders</code>');
    expect(html).toContain(
      '<button type="submit" name="decision" value="install">Install</button>',
    );
    expect(html).toContain('<button type="submit" name="decision" value="cancel">Cancel</button>');
    expect(html).toContain('<form method="post" action="/api/admin/oauth/authorize">');
    expect(html).toContain('value="http://localhost:3000/callback?from=emulator"');
  });

  it('redirects an Install with a code, the store name and the state, keeping the query', async () => {
    const response = await postAuthorize(emulator, 'acme', authorizeParams(emulator), 'install');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/callback');
    expect(location.searchParams.get('from')).toBe('emulator');
    expect(location.searchParams.get('code')).toMatch(/^emu_code_/);
    expect(location.searchParams.get('storeName')).toBe('acme');
    expect(location.searchParams.get('state')).toBe('xyz-123');
  });

  it('exchanges the code for tokens that speak for that store in GraphQL', async () => {
    const response = await postAuthorize(emulator, 'acme', authorizeParams(emulator), 'install');
    const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchange = await storeToken(emulator, 'acme', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
    });
    expect(exchange.status).toBe(200);
    expect(exchange.headers.get('cache-control')).toBe('no-store');
    expect(exchange.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'read_products,write_orders',
    });
    expect(exchange.body.refresh_token).toMatch(/^emu_rt_/);

    const acme = emulator.store('acme');
    expect(acme.installed).toBe(true);
    expect(acme.stats.codeExchanges).toBe(1);
    expect(emulator.stats.codeExchanges).toBe(1);
    const { status, body } = await whoAmI(emulator, String(exchange.body.access_token));
    expect(status).toBe(200);
    expect(body.data?.getMerchant).toEqual({ id: acme.merchantId, storeName: 'acme' });
    expect(body.data?.getAuthorizedApp).toMatchObject({
      id: acme.authorizedAppId,
      scope: 'read_products,write_orders',
      deleted: false,
    });
    expect(body.data?.getAuthorizedApp.storeAppId).toEqual(expect.any(String));
    expect(body.data?.getAuthorizedApp.partnerId).toEqual(expect.any(String));
    expect(body.data?.getAuthorizedApp.addedDate).toEqual(expect.any(Number));
  });

  it('redirects a Cancel with access_denied, the store name and the state, and no code', async () => {
    const response = await postAuthorize(emulator, 'globex', authorizeParams(emulator), 'cancel');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('storeName')).toBe('globex');
    expect(location.searchParams.get('state')).toBe('xyz-123');
    expect(location.searchParams.has('code')).toBe(false);
    expect(emulator.store('globex').stats.cancels).toBe(1);
  });

  it('refuses client_credentials on a store host as unauthorized_client', async () => {
    const { status, body } = await storeToken(emulator, 'acme', {
      grant_type: 'client_credentials',
    });
    expect(status).toBe(400);
    expect(body.error).toBe('unauthorized_client');
  });
});

describe('the private app beside the stores', () => {
  it('keeps its client_credentials token, its store and its app', async () => {
    const privateToken = await token(emulator);
    const { status, body } = await whoAmI(emulator, privateToken);
    expect(status).toBe(200);
    expect(body.data?.getMerchant).toEqual({
      id: emulator.data.merchant.id,
      storeName: 'emulator-store',
    });
    expect(body.data?.getAuthorizedApp).toMatchObject({ id: emulator.data.app.id, deleted: false });
    expect(emulator.stats.tokensIssued).toBeGreaterThan(0);
  });
});
