import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, StoreNotInstalledError } from '@admin-api/app';
import { type Emulator, startEmulator } from '@admin-api/emulator';
import {
  createRedisDedupeStore,
  createRedisSessionStore,
  type RedisDedupeStore,
  type RedisSessionStore,
} from '@admin-api/redis';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RedisServerProcess,
  startRedisServer,
} from '../../../test/support/redis-server-process.js';
import { type Listening, listen } from '../src/listen.js';
import { PRODUCTS_SHOWN } from '../src/products.js';
import { createServerApp } from '../src/server-app.js';
import { REGISTERED_WEBHOOK_SCOPES } from '../src/webhooks.js';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL_CHROMIUM = 'apt-get update && apt-get install -y chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const APP_NAME = 'Products viewer';
const STORES = ['acme', 'globex'] as const;

const LIST_WEBHOOKS = '{ listWebhook { scope endpoint deleted } }';
const SAVE_PRODUCT = 'mutation($input: ProductInput!) { saveProduct(input: $input) { id name } }';

/** Debian's chromium, or a failure that says how to install it: this test never skips. */
function chromiumPath(): string {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return CHROMIUM;
  } catch {
    throw new Error(
      `${CHROMIUM} is missing; this test drives Debian's chromium. Install it: ${INSTALL_CHROMIUM} (pnpm test does this itself when run as root)`,
    );
  }
}

/** The page's text at `selector`, every match, trimmed. */
const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((text) => text.trim());

describe('examples/app in a browser: install on two stores through OAuth, then launch from each store’s admin', () => {
  let redis: RedisServerProcess | undefined;
  let sessions: RedisSessionStore | undefined;
  let dedupe: RedisDedupeStore | undefined;
  let app: Listening | undefined;
  let storeApp: App | undefined;
  let emulator: Emulator | undefined;
  let context: BrowserContext | undefined;
  let userDataDir: string | undefined;
  const shown = new Map<string, string[]>();
  // A missing browser fails every test, with the command to fix it, rather than skipping them.
  let missingBrowser: Error | undefined;

  const started = () => {
    if (missingBrowser) throw missingBrowser;
    if (!app || !storeApp || !emulator || !context) throw new Error('beforeAll did not finish');
    return { appUrl: app.url, storeApp, emulator, context };
  };

  beforeAll(async () => {
    let executablePath: string;
    try {
      executablePath = chromiumPath();
    } catch (error) {
      missingBrowser = error as Error;
      return;
    }
    redis = await startRedisServer();
    sessions = createRedisSessionStore({ url: redis.url });
    dedupe = createRedisDedupeStore({ url: redis.url });
    // The app listens first, so the emulator can be told its URL; it answers 503 until it is made.
    let handler: ((request: Request) => Response | Promise<Response>) | undefined;
    app = await listen(
      (request) => handler?.(request) ?? new Response('starting', { status: 503 }),
      { port: 0, host: '127.0.0.1' },
    );
    emulator = await startEmulator({
      stores: [...STORES],
      appUrl: `${app.url}/`,
      appName: APP_NAME,
      rateLimit: false,
      // A failed delivery is tried again at once, so webhooksSettled() never waits out a delay.
      webhooks: { retryDelaysMs: [0, 0] },
    });
    const running = emulator;
    const made = createServerApp({
      appUrl: app.url,
      clientId: running.clientId,
      clientSecret: running.clientSecret,
      sessions,
      dedupe,
      baseUrl: running.baseUrl,
      authUrlFor: (storeName) => running.authUrlFor(storeName),
    });
    storeApp = made.app;
    handler = made.server.fetch;
    userDataDir = await mkdtemp(join(tmpdir(), 'admin-api-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });

  afterAll(async () => {
    await context?.close();
    await app?.close();
    await emulator?.close();
    await sessions?.close();
    await dedupe?.close();
    await redis?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  });

  it.each(STORES)(
    'on %s: the authorize page names the app and its scope, Install lands on “Installed” with the app’s webhooks registered, and Open app lists the store’s own first products',
    async (storeName) => {
      const { appUrl, storeApp, emulator, context } = started();
      const store = emulator.store(storeName);
      const page = await context.newPage();
      try {
        await page.goto(`${appUrl}/install?store=${storeName}`);
        expect(new URL(page.url()).origin).toBe(store.authUrl);
        expect(await texts(page, 'h1')).toEqual([`Install ${APP_NAME}`]);
        expect(await texts(page, 'main p strong')).toEqual([APP_NAME, storeName]);
        expect(await texts(page, 'ul.scopes code')).toEqual(['read_products']);

        await Promise.all([
          page.waitForURL((url) => url.href.startsWith(`${appUrl}/oauth/callback?`)),
          page.getByRole('button', { name: 'Install' }).click(),
        ]);
        expect(await texts(page, 'h1')).toEqual([`Installed on ${storeName}`]);
        expect(store.installed).toBe(true);
        expect(store.stats.codeExchanges).toBe(1);
        // The callback registered the app's scopes at its endpoint, as the store lists them.
        const { listWebhook } = await storeApp
          .client(storeName)
          .request<{ listWebhook: { scope: string; endpoint: string; deleted: boolean }[] }>(
            LIST_WEBHOOKS,
          );
        expect(listWebhook.map(({ scope }) => scope).sort()).toEqual(
          [...REGISTERED_WEBHOOK_SCOPES].sort(),
        );
        for (const registration of listWebhook) {
          expect(registration).toMatchObject({ endpoint: `${appUrl}/webhooks`, deleted: false });
        }

        await page.goto(`${store.authUrl}/admin`);
        await Promise.all([
          page.waitForURL((url) => url.href.startsWith(`${appUrl}/?`)),
          page.getByRole('link', { name: 'Open app' }).click(),
        ]);
        expect(await texts(page, 'h1')).toEqual([storeName]);
        // The store's first products as its data holds them, in the order listProduct pages them.
        const expected = [...store.data.products.values()]
          .filter((product) => !product.deleted)
          .slice(0, PRODUCTS_SHOWN)
          .map((product) => product.name);
        expect(expected).toHaveLength(PRODUCTS_SHOWN);
        const names = await texts(page, 'td.name');
        expect(names).toEqual(expected);
        shown.set(storeName, names);
        expect(await texts(page, 'h2')).toEqual(['Latest events']);
        expect(await page.locator('table.events').count()).toBe(0);
      } finally {
        await page.close();
      }
    },
  );

  it('the two stores show different products', () => {
    started();
    const [acme, globex] = STORES.map((storeName) => shown.get(storeName));
    expect(acme).toHaveLength(PRODUCTS_SHOWN);
    expect(globex).toHaveLength(PRODUCTS_SHOWN);
    expect(globex).not.toEqual(acme);
  });

  it('a tampered launch URL is answered 401 with no store, product or reason on the page', async () => {
    const { appUrl, emulator, context } = started();
    const page = await context.newPage();
    try {
      await page.goto(`${emulator.authUrlFor('acme')}/admin`);
      const href = await page.getByRole('link', { name: 'Open app' }).getAttribute('href');
      if (!href) throw new Error('no Open app link on the admin page');
      const launch = new URL(href);
      expect(launch.origin).toBe(appUrl);
      // Signed for acme, presented as globex's.
      launch.searchParams.set('storeName', 'globex');
      const response = await page.goto(launch.href);
      expect(response?.status()).toBe(401);
      expect(await texts(page, 'h1')).toEqual(['Unauthorized']);
      const body = (await page.locator('body').textContent()) ?? '';
      expect(body).not.toMatch(/acme|globex|signature|LAUNCH_/i);
      expect(await page.locator('td.name').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('on acme: a product saved through the store’s API is delivered as store/product/created, and the launch page lists it under “Latest events”', async () => {
    const { appUrl, storeApp, emulator, context } = started();
    const store = emulator.store('acme');
    const page = await context.newPage();
    try {
      await page.goto(`${store.authUrl}/admin`);
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(`${appUrl}/?`)),
        page.getByRole('link', { name: 'Open app' }).click(),
      ]);
      expect(await page.locator('table.events').count()).toBe(0);

      // The merchant's edit in the store's admin, made here with the app's own token: the
      // emulator does not check a token's scopes (a read_products install could not, in production).
      const name = 'Webhook proof <b>lamp</b>';
      const { saveProduct } = await storeApp
        .client('acme')
        .request<{ saveProduct: { id: string; name: string } }>(SAVE_PRODUCT, {
          input: { name, type: 'PHYSICAL', variants: [{ prices: [{ sellPrice: 49.9 }] }] },
        });
      expect(saveProduct.name).toBe(name);
      await emulator.webhooksSettled();
      expect(store.stats).toMatchObject({
        webhookEvents: 1,
        webhookDelivered: 1,
        webhookFailedAttempts: 0,
        webhookDropped: 0,
      });
      expect(store.stats.webhookLog.at(-1)).toMatchObject({
        scope: 'store/product/created',
        endpoint: `${appUrl}/webhooks`,
        status: 200,
        outcome: 'delivered',
      });
      expect(emulator.stats.webhookDelivered).toBeGreaterThanOrEqual(1);
      expect(emulator.stats.webhookDropped).toBe(0);

      await page.reload();
      expect(await texts(page, 'h1')).toEqual(['acme']);
      expect(await texts(page, 'table.events td.scope')).toEqual(['store/product/created']);
      // The name as text, its markup escaped rather than rendered.
      expect(await texts(page, 'table.events td.record')).toEqual([name]);
      expect(await page.locator('table.events b').count()).toBe(0);
      expect(await texts(page, 'table.events td.record-id')).toEqual([saveProduct.id]);
    } finally {
      await page.close();
    }
  });

  it('Uninstall on globex’s admin page sends store/app/deleted: the app forgets globex’s session, and after a new install its page lists the event', async () => {
    const { appUrl, storeApp, emulator, context } = started();
    const store = emulator.store('globex');
    const page = await context.newPage();
    try {
      await page.goto(`${store.authUrl}/admin`);
      await Promise.all([
        page.waitForResponse(
          (response) => response.request().method() === 'POST' && response.status() === 303,
        ),
        page.getByRole('button', { name: 'Uninstall' }).click(),
      ]);
      expect(store.installed).toBe(false);
      await emulator.webhooksSettled();
      expect(store.stats.webhookLog.at(-1)).toMatchObject({
        scope: 'store/app/deleted',
        endpoint: `${appUrl}/webhooks`,
        status: 200,
        outcome: 'delivered',
      });
      expect(store.stats.webhookDropped).toBe(0);
      // Forgotten, not merely refused: left alone, the revoked token would answer UNAUTHENTICATED.
      await expect(storeApp.client('globex').request('{ getMerchant { id } }')).rejects.toThrow(
        StoreNotInstalledError,
      );

      // Installed again: the uninstall removed the registrations, the callback makes them again.
      await page.goto(`${appUrl}/install?store=globex`);
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(`${appUrl}/oauth/callback?`)),
        page.getByRole('button', { name: 'Install' }).click(),
      ]);
      expect(await texts(page, 'h1')).toEqual(['Installed on globex']);
      const { listWebhook } = await storeApp
        .client('globex')
        .request<{ listWebhook: { scope: string }[] }>(LIST_WEBHOOKS);
      expect(listWebhook).toHaveLength(REGISTERED_WEBHOOK_SCOPES.length);
      await page.goto(`${store.authUrl}/admin`);
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(`${appUrl}/?`)),
        page.getByRole('link', { name: 'Open app' }).click(),
      ]);
      expect(await texts(page, 'table.events td.scope')).toEqual(['store/app/deleted']);
      expect(await texts(page, 'table.events td.record-id')).toEqual([store.authorizedAppId]);
    } finally {
      await page.close();
    }
  });
});
