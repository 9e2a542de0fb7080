import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, EmulatorOptionError, startEmulator } from '../src/index.js';
import { installApp } from '../src/testing.js';

const START = Date.UTC(2026, 2, 1);
let clock = START;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({
    stores: ['acme', 'globex'],
    appUrl: 'http://localhost:3000/launch?lang=tr',
    now: () => clock,
    rateLimit: false,
  });
});
afterAll(() => emulator.close());

const hmac = (text: string) =>
  createHmac('sha256', emulator.clientSecret).update(text).digest('hex');

describe('a launch URL', () => {
  it('carries the store, merchant, app, timestamp and a signature that verifies', () => {
    clock = START + 1234;
    const acme = emulator.store('acme');
    const url = new URL(acme.launchUrl('https://app.example.com/open?x=1'));
    expect(url.origin + url.pathname).toBe('https://app.example.com/open');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      x: '1',
      storeName: 'acme',
      merchantId: acme.merchantId,
      authorizedAppId: acme.authorizedAppId,
      timestamp: String(START + 1234),
      signature: hmac(`acme${acme.merchantId}${START + 1234}`),
    });
    expect(params.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs per store: another merchant, another app id, another signature', () => {
    const acme = new URL(emulator.store('acme').launchUrl('http://localhost:3000/'));
    const globex = new URL(emulator.store('globex').launchUrl('http://localhost:3000/'));
    for (const name of ['merchantId', 'authorizedAppId', 'signature']) {
      expect(acme.searchParams.get(name)).not.toBe(globex.searchParams.get(name));
    }
  });

  it('refuses an app URL that is not absolute http(s)', () => {
    expect(() => emulator.store('acme').launchUrl('/launch')).toThrow(EmulatorOptionError);
  });

  it("is the admin page's Open app link once the app is installed, freshly signed", async () => {
    const admin = `${emulator.authUrlFor('acme')}/admin`;
    expect(await (await fetch(admin)).text()).not.toContain('Open app');
    await installApp(emulator, 'acme');
    clock = START + 99_000;
    const html = await (await fetch(admin)).text();
    const href = /<a class="button" href="([^"]+)">Open app<\/a>/.exec(html)?.[1] ?? '';
    const url = new URL(href.replaceAll('&amp;', '&'));
    expect(url.searchParams.get('lang')).toBe('tr');
    expect(url.searchParams.get('timestamp')).toBe(String(START + 99_000));
    const merchantId = emulator.store('acme').merchantId;
    expect(url.searchParams.get('signature')).toBe(hmac(`acme${merchantId}${START + 99_000}`));
  });
});
