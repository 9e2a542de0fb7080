import { createHmac } from 'node:crypto';
import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_FUTURE_SKEW_MS, LAUNCH_WINDOW_MS, LaunchError } from '../src/index.js';
import { appFor, startStores, testClock } from './support/app-fixture.js';

const APP_URL = 'http://127.0.0.1:3000/';

describe('launches from the store’s admin', () => {
  const clock = testClock();
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startStores(clock);
  });
  afterAll(() => emulator.close());

  const launch = () => new URL(emulator.stores.acme?.launchUrl(APP_URL) ?? '');

  it('a launch signed by the store is accepted and says who opened the app', () => {
    const { app } = appFor(emulator, clock);
    expect(app.verifyLaunch(launch())).toEqual({
      storeName: 'acme',
      merchantId: emulator.stores.acme?.merchantId,
      authorizedAppId: emulator.stores.acme?.authorizedAppId,
    });
    expect(app.verifyLaunch(`${launch().pathname}${launch().search}`).storeName).toBe('acme');
    expect(app.verifyLaunch(launch().searchParams).storeName).toBe('acme');
  });

  it('a launch signed with another secret, or altered, is LAUNCH_SIGNATURE_INVALID', () => {
    const { app } = appFor(emulator, clock);
    const url = launch();
    const forged = new URL(url);
    const ts = url.searchParams.get('timestamp') ?? '';
    forged.searchParams.set(
      'signature',
      createHmac('sha256', 'not-the-secret')
        .update(`acme${url.searchParams.get('merchantId')}${ts}`)
        .digest('hex'),
    );
    const moved = new URL(url);
    moved.searchParams.set('merchantId', 'someone-else');
    const short = new URL(url);
    short.searchParams.set('signature', 'abcd');
    const upper = new URL(url);
    upper.searchParams.set('signature', (url.searchParams.get('signature') ?? '').toUpperCase());
    for (const bad of [forged, moved, short]) {
      const error = (() => {
        try {
          return app.verifyLaunch(bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(LaunchError);
      expect(error).toMatchObject({ code: 'LAUNCH_SIGNATURE_INVALID', storeName: 'acme' });
      expect((error as Error).message).not.toContain(url.searchParams.get('signature'));
    }
    expect(app.verifyLaunch(upper).storeName).toBe('acme');
  });

  it('a launch older than 120 s or more than 30 s ahead is LAUNCH_OUTSIDE_WINDOW', () => {
    const { app } = appFor(emulator, clock);
    const url = launch();
    clock.advance(LAUNCH_WINDOW_MS);
    expect(app.verifyLaunch(url).storeName).toBe('acme');
    clock.advance(1);
    expect(() => app.verifyLaunch(url)).toThrow(
      expect.objectContaining({ code: 'LAUNCH_OUTSIDE_WINDOW' }),
    );
    const future = launch();
    clock.advance(-LAUNCH_FUTURE_SKEW_MS - 1);
    expect(() => app.verifyLaunch(future)).toThrow(
      expect.objectContaining({ code: 'LAUNCH_OUTSIDE_WINDOW' }),
    );
    clock.advance(1);
    expect(app.verifyLaunch(future).storeName).toBe('acme');
    clock.advance(LAUNCH_FUTURE_SKEW_MS);
  });

  it('a launch missing a parameter is INVALID_CALLBACK, and one whose store is a URL INVALID_STORE_NAME', () => {
    const { app } = appFor(emulator, clock);
    const url = launch();
    url.searchParams.delete('timestamp');
    expect(() => app.verifyLaunch(url)).toThrow(
      expect.objectContaining({ code: 'INVALID_CALLBACK' }),
    );
    const host = launch();
    host.searchParams.set('storeName', 'acme.evil.example');
    expect(() => app.verifyLaunch(host)).toThrow(
      expect.objectContaining({ code: 'INVALID_STORE_NAME' }),
    );
  });
});
