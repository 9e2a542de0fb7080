import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_STATE_LIFETIME_MS, InstallError, InvalidStoreNameError } from '../src/index.js';
import { appFor, merchantDecides, startStores, testClock } from './support/app-fixture.js';

describe('a callback that did not come from this app’s install is refused before anything is sent', () => {
  const clock = testClock();
  let emulator: Emulator;
  const tokenRequests = () =>
    (emulator.stores.acme?.stats.tokenRequests ?? 0) +
    (emulator.stores.globex?.stats.tokenRequests ?? 0);
  beforeAll(async () => {
    emulator = await startStores(clock);
  });
  afterAll(() => emulator.close());

  /** A callback the store really sent for an install of `app` on `storeName`. */
  const realCallback = async (app: ReturnType<typeof appFor>['app'], storeName = 'acme') => {
    const { url, state } = await app.installUrl({ storeName });
    return { location: await merchantDecides(url), state };
  };

  it('a state this app never issued is INSTALL_STATE_UNKNOWN, naming the state', async () => {
    const { app } = appFor(emulator, clock);
    const { location } = await realCallback(app);
    const forged = new URL(location);
    forged.searchParams.set('state', 'A'.repeat(43));
    const before = tokenRequests();
    const error = await app.handleCallback(forged.href).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstallError);
    expect(error).toMatchObject({ code: 'INSTALL_STATE_UNKNOWN', storeName: 'acme' });
    expect((error as Error).message).toContain('A'.repeat(43));
    expect(tokenRequests()).toBe(before);
  });

  it('a state used once is INSTALL_STATE_REUSED the second time, and the second exchanges nothing', async () => {
    const { app } = appFor(emulator, clock);
    const { location, state } = await realCallback(app);
    await app.handleCallback(location);
    const before = tokenRequests();
    const error = await app.handleCallback(location).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INSTALL_STATE_REUSED', storeName: 'acme' });
    expect((error as Error).message).toContain(state);
    expect(tokenRequests()).toBe(before);
  });

  it('a state older than 10 minutes is INSTALL_STATE_EXPIRED', async () => {
    const { app } = appFor(emulator, clock);
    const { location } = await realCallback(app);
    clock.advance(INSTALL_STATE_LIFETIME_MS);
    const before = tokenRequests();
    await expect(app.handleCallback(location)).rejects.toMatchObject({
      code: 'INSTALL_STATE_EXPIRED',
    });
    expect(tokenRequests()).toBe(before);
  });

  it('a state issued for another store is INSTALL_STATE_WRONG_STORE, and that store is never asked', async () => {
    const { app } = appFor(emulator, clock);
    const { location } = await realCallback(app, 'acme');
    const moved = new URL(location);
    moved.searchParams.set('storeName', 'globex');
    const before = tokenRequests();
    await expect(app.handleCallback(moved)).rejects.toMatchObject({
      code: 'INSTALL_STATE_WRONG_STORE',
      storeName: 'globex',
    });
    expect(tokenRequests()).toBe(before);
  });

  it('a callback that is not a URL, or repeats its state, is INVALID_CALLBACK', async () => {
    const { app } = appFor(emulator, clock);
    await expect(app.handleCallback('//[')).rejects.toMatchObject({ code: 'INVALID_CALLBACK' });
    const { location, state } = await realCallback(app);
    const twice = new URL(location);
    twice.searchParams.append('state', state);
    await expect(app.handleCallback(twice)).rejects.toMatchObject({ code: 'INVALID_CALLBACK' });
  });

  it('a callback without a state is INVALID_CALLBACK', async () => {
    const { app } = appFor(emulator, clock);
    const { location } = await realCallback(app);
    const stripped = new URL(location);
    stripped.searchParams.delete('state');
    await expect(app.handleCallback(stripped.searchParams)).rejects.toMatchObject({
      code: 'INVALID_CALLBACK',
    });
  });

  it('a callback whose store name is a URL or a host is INVALID_STORE_NAME, and authUrlFor never sees it', async () => {
    const { app, authUrlCalls } = appFor(emulator, clock);
    const { location } = await realCallback(app);
    authUrlCalls.length = 0;
    for (const storeName of [
      'https://evil.example',
      'evil.example',
      'acme@evil.example',
      'acme/../x',
      'ACME',
      '-acme',
      '',
      'a'.repeat(64),
      'api',
      'www',
    ]) {
      const bad = new URL(location);
      bad.searchParams.set('storeName', storeName);
      const error = await app.handleCallback(bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidStoreNameError);
      expect(error).toMatchObject({ code: 'INVALID_STORE_NAME' });
    }
    expect(authUrlCalls).toEqual([]);
  });

  it('installUrl and client refuse a store name that is not the platform’s form before authUrlFor is called', async () => {
    const { app, authUrlCalls } = appFor(emulator, clock);
    authUrlCalls.length = 0;
    for (const storeName of ['evil.example/x', 'api']) {
      await expect(app.installUrl({ storeName })).rejects.toMatchObject({
        code: 'INVALID_STORE_NAME',
      });
    }
    expect(() => app.client('https://evil.example')).toThrow(InvalidStoreNameError);
    await expect(app.uninstall('Acme')).rejects.toMatchObject({ code: 'INVALID_STORE_NAME' });
    expect(authUrlCalls).toEqual([]);
  });

  it('an authUrlFor that answers the GraphQL host is refused before the secret or a code goes there', async () => {
    const { app } = appFor(emulator, clock, { authUrlFor: () => emulator.baseUrl });
    await expect(app.installUrl({ storeName: 'acme' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
  });

  it('every refusal is reported as an app_request_refused event', async () => {
    const { app, events } = appFor(emulator, clock);
    await app
      .handleCallback(`/oauth/callback?storeName=acme&state=${'B'.repeat(43)}`)
      .catch(() => {});
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'app_request_refused',
        error: expect.objectContaining({ code: 'INSTALL_STATE_UNKNOWN' }),
      }),
    );
  });
});
