import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, install, merchantDecides, startStores, testClock } from './support/app-fixture.js';

const PRODUCTS = 'query Products{listProduct(pagination:{limit:3}){data{id name}}}';
type Products = { listProduct: { data: { id: string; name: string }[] } };

describe('installing on many stores', () => {
  const clock = testClock();
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startStores(clock);
  });
  afterAll(() => emulator.close());

  it('the install URL points at the store’s authorize page with the app’s id, redirect, scopes and a 256-bit state', async () => {
    const { app } = appFor(emulator, clock);
    const { url, state } = await app.installUrl({ storeName: 'acme' });
    const parsed = new URL(url);
    expect(parsed.origin).toBe(emulator.authUrlFor('acme'));
    expect(parsed.pathname).toBe('/api/admin/oauth/authorize');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      response_type: 'code',
      client_id: emulator.clientId,
      redirect_uri: 'http://127.0.0.1:3000/oauth/callback',
      scope: 'read_products,read_orders',
      state,
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await app.installUrl({ storeName: 'acme' });
    expect(second.state).not.toBe(state);
  });

  it('a callback stores the session with the store’s merchant and install ids, and the store’s client reads that store', async () => {
    const { app, events } = appFor(emulator, clock);
    const acme = await install(app, 'acme');
    const globex = await install(app, 'globex');
    expect(acme).toMatchObject({
      storeName: 'acme',
      merchantId: emulator.stores.acme?.merchantId,
      authorizedAppId: emulator.stores.acme?.authorizedAppId,
      scope: 'read_products,read_orders',
      expiresIn: 14_400,
    });
    expect(globex.merchantId).toBe(emulator.stores.globex?.merchantId);
    expect(acme.merchantId).not.toBe(globex.merchantId);

    const fromAcme = await app.client('acme').request<Products>(PRODUCTS);
    const fromGlobex = await app.client('globex').request<Products>(PRODUCTS);
    const acmeIds = fromAcme.listProduct.data.map((p) => p.id);
    const globexIds = fromGlobex.listProduct.data.map((p) => p.id);
    expect(acmeIds).toHaveLength(3);
    for (const id of acmeIds) expect(emulator.stores.acme?.data.products.has(id)).toBe(true);
    for (const id of globexIds) expect(emulator.stores.globex?.data.products.has(id)).toBe(true);
    expect(globexIds).not.toEqual(acmeIds);
    expect(app.client('acme')).toBe(app.client('acme'));
    expect(events.filter((e) => e.type === 'app_installed').map((e) => e.storeName)).toEqual([
      'acme',
      'globex',
    ]);
  });

  it('a store installed again gets a new session, and uninstall forgets it', async () => {
    const { app } = appFor(emulator, clock);
    const first = await install(app, 'acme');
    const second = await install(app, 'acme');
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await app.uninstall('acme');
    await expect(app.client('acme').request('{ getMerchant { id } }')).rejects.toMatchObject({
      code: 'STORE_NOT_INSTALLED',
      storeName: 'acme',
    });
  });

  it('a cancelled install is an INSTALL_CANCELLED error and exchanges nothing', async () => {
    const { app } = appFor(emulator, clock);
    const { url } = await app.installUrl({ storeName: 'globex' });
    const before = emulator.stores.globex?.stats.codeExchanges;
    await expect(app.handleCallback(await merchantDecides(url, 'cancel'))).rejects.toMatchObject({
      name: 'InstallError',
      code: 'INSTALL_CANCELLED',
      storeName: 'globex',
    });
    expect(emulator.stores.globex?.stats.codeExchanges).toBe(before);
  });
});
