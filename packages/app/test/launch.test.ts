import { createHmac } from 'node:crypto';
import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type App,
  LAUNCH_FUTURE_SKEW_MS,
  LAUNCH_WINDOW_MS,
  LaunchError,
  StoreNotInstalledError,
} from '../src/index.js';
import { appFor, install, startStores, testClock } from './support/app-fixture.js';

const APP_URL = 'http://127.0.0.1:3000/';

describe('launches from the store’s admin', () => {
  const clock = testClock();
  let emulator: Emulator;
  let app: App;
  beforeAll(async () => {
    emulator = await startStores(clock, { stores: ['acme', 'acmeshop', 'globex'] });
    app = appFor(emulator, clock).app;
    await install(app, 'acme');
    await install(app, 'acmeshop');
  });
  afterAll(() => emulator.close());

  const launch = (store = 'acme') => new URL(emulator.store(store).launchUrl(APP_URL));
  /** A launch signed with the app's real secret over whatever parameters are given. */
  const signed = (storeName: string, merchantId: string, timestamp: string) => {
    const url = new URL(APP_URL);
    const signature = createHmac('sha256', emulator.clientSecret)
      .update(storeName + merchantId + timestamp)
      .digest('hex');
    url.search = new URLSearchParams({
      storeName,
      merchantId,
      authorizedAppId: emulator.store(storeName).authorizedAppId,
      timestamp,
      signature,
    }).toString();
    return url;
  };
  const refusal = (input: URL | string) => app.verifyLaunch(input).catch((e: unknown) => e);

  it('a launch signed by the store is accepted and says who opened the app', async () => {
    await expect(app.verifyLaunch(launch())).resolves.toEqual({
      storeName: 'acme',
      merchantId: emulator.store('acme').merchantId,
      authorizedAppId: emulator.store('acme').authorizedAppId,
    });
    const url = launch();
    await expect(app.verifyLaunch(`${url.pathname}${url.search}`)).resolves.toMatchObject({
      storeName: 'acme',
    });
    await expect(app.verifyLaunch(launch().searchParams)).resolves.toMatchObject({
      storeName: 'acme',
    });
  });

  it('a launch signed with another secret, or altered, is LAUNCH_SIGNATURE_INVALID', async () => {
    const url = launch();
    const forged = new URL(url);
    forged.searchParams.set(
      'signature',
      createHmac('sha256', 'not-the-secret')
        .update(`acme${url.searchParams.get('merchantId')}${url.searchParams.get('timestamp')}`)
        .digest('hex'),
    );
    const moved = new URL(url);
    moved.searchParams.set('merchantId', 'someone-else');
    const short = new URL(url);
    short.searchParams.set('signature', 'abcd');
    for (const bad of [forged, moved, short]) {
      const error = await refusal(bad);
      expect(error).toBeInstanceOf(LaunchError);
      expect(error).toMatchObject({ code: 'LAUNCH_SIGNATURE_INVALID', storeName: 'acme' });
      expect((error as Error).message).not.toContain(url.searchParams.get('signature'));
    }
    const upper = new URL(url);
    upper.searchParams.set('signature', (url.searchParams.get('signature') ?? '').toUpperCase());
    await expect(app.verifyLaunch(upper)).resolves.toMatchObject({ storeName: 'acme' });
  });

  it('a launch for acmeshop re-cut into one for acme (the signed text has no separators) is refused', async () => {
    const real = launch('acmeshop');
    const recut = new URL(real);
    recut.searchParams.set('storeName', 'acme');
    recut.searchParams.set('merchantId', `shop${real.searchParams.get('merchantId')}`);
    recut.searchParams.set('authorizedAppId', emulator.store('acme').authorizedAppId);
    const error = await refusal(recut);
    expect(error).toBeInstanceOf(LaunchError);
    expect(error).toMatchObject({ code: 'LAUNCH_SIGNATURE_INVALID', storeName: 'acme' });
  });

  it('a timestamp with a leading zero is refused, so no digit can move across it', async () => {
    const merchantId = emulator.store('acme').merchantId;
    const error = await refusal(signed('acme', merchantId, `0${clock.now()}`));
    expect(error).toMatchObject({ code: 'LAUNCH_OUTSIDE_WINDOW' });
  });

  it('a launch whose install id is not the store’s is refused', async () => {
    const url = launch();
    url.searchParams.set('authorizedAppId', emulator.store('acmeshop').authorizedAppId);
    await expect(refusal(url)).resolves.toMatchObject({ code: 'LAUNCH_SIGNATURE_INVALID' });
  });

  it('a signed launch for a store without a session is STORE_NOT_INSTALLED', async () => {
    await expect(refusal(launch('globex'))).resolves.toBeInstanceOf(StoreNotInstalledError);
  });

  it('a launch older than 120 s or more than 30 s ahead is LAUNCH_OUTSIDE_WINDOW', async () => {
    const url = launch();
    clock.advance(LAUNCH_WINDOW_MS);
    await expect(app.verifyLaunch(url)).resolves.toMatchObject({ storeName: 'acme' });
    clock.advance(1);
    await expect(refusal(url)).resolves.toMatchObject({ code: 'LAUNCH_OUTSIDE_WINDOW' });
    const future = launch();
    clock.advance(-LAUNCH_FUTURE_SKEW_MS - 1);
    await expect(refusal(future)).resolves.toMatchObject({ code: 'LAUNCH_OUTSIDE_WINDOW' });
    clock.advance(1);
    await expect(app.verifyLaunch(future)).resolves.toMatchObject({ storeName: 'acme' });
    clock.advance(LAUNCH_FUTURE_SKEW_MS);
  });

  it('a launch missing a parameter or repeating one is INVALID_CALLBACK; a store that is a URL or the API host is INVALID_STORE_NAME', async () => {
    const missing = launch();
    missing.searchParams.delete('timestamp');
    await expect(refusal(missing)).resolves.toMatchObject({ code: 'INVALID_CALLBACK' });
    const repeated = launch();
    repeated.searchParams.append('merchantId', 'another');
    await expect(refusal(repeated)).resolves.toMatchObject({ code: 'INVALID_CALLBACK' });
    const twoStores = launch();
    twoStores.searchParams.append('storeName', 'globex');
    await expect(refusal(twoStores)).resolves.toMatchObject({ code: 'INVALID_STORE_NAME' });
    for (const storeName of ['acme.evil.example', 'api']) {
      const host = launch();
      host.searchParams.set('storeName', storeName);
      await expect(refusal(host)).resolves.toMatchObject({ code: 'INVALID_STORE_NAME' });
    }
    await expect(refusal('//[')).resolves.toMatchObject({ code: 'INVALID_CALLBACK' });
  });
});
