// The web app: install, OAuth callback, launch and webhook routes over `@admin-api/app`. Every
// handler is a web-standard `Request → Response` (Hono), so the same app runs on Node, Deno, Bun
// or a worker, and the webhook route hands its `Request` to the kit's webhook handler as it is.
import {
  type App,
  AppError,
  createApp,
  InstallError,
  type SessionStore,
  StoreNeedsReinstallError,
  StoreNotInstalledError,
  syncWebhooks,
  type WebhookDedupeStore,
} from '@admin-api/app';
import { AdminApiError } from '@admin-api/client';
import { Hono } from 'hono';
import { createLatestEvents } from './latest-events.js';
import {
  installErrorPage,
  installedPage,
  installFormPage,
  notInstalledPage,
  plainPage,
  productsPage,
  storeUnavailablePage,
  unauthorizedPage,
} from './pages.js';
import { firstProducts } from './products.js';
import {
  createWebhookReceiver,
  REGISTERED_WEBHOOK_SCOPES,
  REINSTALL_CODES,
  webhookEndpoint,
} from './webhooks.js';

/** What {@link createServerApp} needs. */
export interface ServerAppConfig {
  /**
   * Where merchants reach the app, e.g. `https://app.example.com`: the stores' admin pages
   * launch it at `/` and the install comes back to `/oauth/callback` on its origin.
   */
  readonly appUrl: string;
  readonly clientId: string;
  /** Signs launches and seals sessions: from a secret manager, never from source. */
  readonly clientSecret: string;
  /** Where sessions, install states and refresh locks live: Redis for several processes. */
  readonly sessions: SessionStore;
  /** Handled webhook delivery ids: Redis for several processes; in memory when unset. */
  readonly dedupe?: WebhookDedupeStore | undefined;
  /** The GraphQL host; unset in production. */
  readonly baseUrl?: string | undefined;
  /** A store's token host; unset in production (`https://{store}.myikas.com`). */
  readonly authUrlFor?: ((storeName: string) => string) | undefined;
}

/** The scopes the app asks every store for: it only reads products. */
export const SCOPES = ['read_products'] as const;

/** The redirect URI to register for the app: `/oauth/callback` on `appUrl`'s origin. */
export const callbackUrl = (appUrl: string) => new URL('/oauth/callback', appUrl).href;

/** A store the app was not told where to find (only with `ADMIN_API_STORE_AUTH_URLS`). */
export class UnknownStoreError extends Error {
  override readonly name = 'UnknownStoreError';
  readonly code = 'UNKNOWN_STORE';
}

/** The error's stable code, for a page; never its message, which may name internals. */
const codeOf = (error: unknown): string | undefined =>
  error instanceof AdminApiError || error instanceof UnknownStoreError ? error.code : undefined;

/**
 * The app's routes on a Hono app; `.fetch` is its `Request → Response` handler. Also returns the
 * `@admin-api/app` app, for routes of your own (background jobs).
 */
export function createServerApp(config: ServerAppConfig): { server: Hono; app: App } {
  const app = createApp({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: callbackUrl(config.appUrl),
    scopes: SCOPES,
    sessions: config.sessions,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.authUrlFor ? { authUrlFor: config.authUrlFor } : {}),
  });
  const server = new Hono();
  const endpoint = webhookEndpoint(config.appUrl);
  const events = createLatestEvents();
  // Store names by merchant id, from verified installs and launches: webhooks name the merchant.
  const stores = new Map<string, string>();
  const handleWebhook = createWebhookReceiver({ app, events, stores, dedupe: config.dedupe });

  server.use(async (c, next) => {
    await next();
    // Pages with no scripts and no third-party loads; the launch URL's query stays here.
    c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    c.header('referrer-policy', 'no-referrer');
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
  });

  // The start of an install: the store's authorize page, with a fresh single-use state.
  server.get('/install', async (c) => {
    const storeName = c.req.query('store');
    if (!storeName) return c.html(installFormPage());
    try {
      const { url } = await app.installUrl({ storeName });
      return c.redirect(url, 302);
    } catch (error) {
      const code = codeOf(error);
      if (code === undefined) throw error;
      return c.html(installErrorPage(code, undefined), 400);
    }
  });

  // Where the store sends the merchant back: the state is checked, the code exchanged once.
  server.get('/oauth/callback', async (c) => {
    let storeName: string;
    try {
      const session = await app.handleCallback(c.req.url);
      storeName = session.storeName;
      stores.set(session.merchantId, storeName);
    } catch (error) {
      const code = codeOf(error);
      if (code === undefined) throw error;
      const refused = error instanceof AppError ? error.storeName : undefined;
      // A refused callback (InstallError) is the merchant's to retry; others are ours to log.
      if (!(error instanceof InstallError)) logError('oauth callback', error);
      return c.html(installErrorPage(code, refused), 400);
    }
    // The store's registrations made to match: run again, it changes nothing.
    try {
      await syncWebhooks(app.client(storeName), { endpoint, scopes: REGISTERED_WEBHOOK_SCOPES });
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      logError(`webhooks of ${storeName}`, error);
      return c.html(installedPage(storeName, error.code));
    }
    return c.html(installedPage(storeName));
  });

  // Each store's deliveries: answered 200 once `onEvent` is done, so the store retries the rest.
  server.all('/webhooks', (c) => handleWebhook(c.req.raw));

  // The launch from the store's admin ("Open app"): a signed URL, at most 120 s old.
  server.get('/', async (c) => {
    if (new URL(c.req.url).search === '') return c.html(installFormPage());
    let storeName: string;
    let merchantId: string;
    try {
      ({ storeName, merchantId } = await app.verifyLaunch(c.req.url));
      stores.set(merchantId, storeName);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A launch the store signed, for a store with no usable session: offer a new install.
      if (error instanceof StoreNotInstalledError || error instanceof StoreNeedsReinstallError) {
        return c.html(notInstalledPage(error.storeName, error.code), 409);
      }
      return c.html(unauthorizedPage(), 401);
    }
    try {
      const { products, count } = await firstProducts(app.client(storeName));
      return c.html(productsPage(storeName, products, count, events.of(merchantId)));
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      if (error.code !== 'STORE_NOT_INSTALLED') logError(`launch of ${storeName}`, error);
      // No session, a refused refresh token, or a token the API refuses (the merchant pressed
      // Uninstall): what helps the merchant is a new install.
      if (REINSTALL_CODES.has(error.code)) {
        return c.html(notInstalledPage(storeName, error.code), 409);
      }
      return c.html(storeUnavailablePage(storeName, error.code), 502);
    }
  });

  server.notFound((c) => c.html(plainPage('Not found'), 404));
  server.onError((error, c) => {
    logError(`${c.req.method} ${new URL(c.req.url).pathname}`, error);
    return c.html(plainPage('Something went wrong'), 500);
  });

  return { server, app };
}

/** The kit's errors serialise without secrets (`toJSON`); anything else is logged as it is. */
function logError(where: string, error: unknown): void {
  console.error(`${where}:`, error instanceof AdminApiError ? error.toJSON() : error);
}
