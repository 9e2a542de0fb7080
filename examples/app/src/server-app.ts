// The web app: install, OAuth callback and launch routes over `@admin-api/app`. Every handler
// is a web-standard `Request → Response` (Hono), so the same app runs on Node, Deno, Bun or a
// worker, and a webhook route can hand its `Request` to the kit's webhook handler as it is.
import {
  type App,
  AppError,
  createApp,
  InstallError,
  type SessionStore,
  StoreNeedsReinstallError,
  StoreNotInstalledError,
} from '@admin-api/app';
import { AdminApiError } from '@admin-api/client';
import { Hono } from 'hono';
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

/** Errors of a launch that a new install of the app on the store resolves. */
const REINSTALL_CODES: ReadonlySet<string> = new Set([
  'STORE_NOT_INSTALLED',
  'STORE_NEEDS_REINSTALL',
  'UNAUTHENTICATED',
]);

/** The error's stable code, for a page; never its message, which may name internals. */
const codeOf = (error: unknown): string | undefined =>
  error instanceof AdminApiError || error instanceof UnknownStoreError ? error.code : undefined;

/**
 * The app's routes on a Hono app; `.fetch` is its `Request → Response` handler. Also returns the
 * `@admin-api/app` app, for routes of your own (webhooks, background jobs).
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
    try {
      const session = await app.handleCallback(c.req.url);
      return c.html(installedPage(session.storeName));
    } catch (error) {
      const code = codeOf(error);
      if (code === undefined) throw error;
      const storeName = error instanceof AppError ? error.storeName : undefined;
      // A refused callback (InstallError) is the merchant's to retry; others are ours to log.
      if (!(error instanceof InstallError)) logError('oauth callback', error);
      return c.html(installErrorPage(code, storeName), 400);
    }
  });

  // The launch from the store's admin ("Open app"): a signed URL, at most 120 s old.
  server.get('/', async (c) => {
    if (new URL(c.req.url).search === '') return c.html(installFormPage());
    let storeName: string;
    try {
      ({ storeName } = await app.verifyLaunch(c.req.url));
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
      return c.html(productsPage(storeName, products, count));
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
