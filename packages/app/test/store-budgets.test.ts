import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORE_CLIENTS } from '../src/index.js';
import { appFor, install, startStores, testClock } from './support/app-fixture.js';

const ME = '{ getMerchant { id } }';

describe('each store has a rate budget of its own', () => {
  const clock = testClock();
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startStores(clock, { rateLimit: false });
  });
  afterAll(() => emulator.close());

  it('a store that spent its budget waits; another store’s calls go on meanwhile', async () => {
    const { app } = appFor(emulator, clock, { rateLimit: { limit: 1, windowMs: 3_600_000 } });
    await install(app, 'acme');
    await install(app, 'globex');
    await app.client('acme').request(ME);
    const waiting = new AbortController();
    let acmeSettled = false;
    const acmeAgain = app
      .client('acme')
      .request(ME, undefined, { signal: waiting.signal })
      .finally(() => {
        acmeSettled = true;
      });
    acmeAgain.catch(() => {});
    await expect(app.client('globex').request(ME)).resolves.toMatchObject({
      getMerchant: { id: emulator.stores.globex?.merchantId },
    });
    expect(acmeSettled).toBe(false);
    waiting.abort();
    await expect(acmeAgain).rejects.toMatchObject({ code: 'ABORTED' });
  });
});

describe('store clients in one process', () => {
  it('are kept for the most recently used stores only, up to MAX_STORE_CLIENTS', async () => {
    const clock = testClock();
    const emulator = await startStores(clock);
    try {
      const { app } = appFor(emulator, clock);
      const first = app.client('store-0');
      const kept = app.client('store-1');
      for (let i = 2; i <= MAX_STORE_CLIENTS; i++) app.client(`store-${i}`);
      expect(app.client('store-1')).toBe(kept);
      expect(app.client('store-0')).not.toBe(first);
    } finally {
      await emulator.close();
    }
  });
});
