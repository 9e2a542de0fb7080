import type { RefreshableToken } from '@admin-api/auth';
import { emit } from '@admin-api/auth/internal';
import {
  type AdminApiEvent,
  type AdminClient,
  type AdminClientOptions,
  createAdminClient,
  resolveRateLimit,
  type TokenProvider,
} from '@admin-api/client';
import type { AppEvent } from './app-events.js';
import { registerAppInternals } from './app-internals.js';
import { type AppOptions, resolveAppConfig } from './app-options.js';
import type { CallbackInput } from './callback-params.js';
import { AppError } from './errors.js';
import { handleInstallCallback } from './handle-callback.js';
import { createInstallUrl, type InstallUrl, type InstallUrlOptions } from './install-url.js';
import type { StoreSession } from './session-store.js';
import { checkStoreName } from './store-name.js';
import { createStoreTokenProvider } from './store-token-provider.js';
import { type Launch, verifyLaunchUrl } from './verify-launch.js';

/**
 * Most store clients one app keeps in a process; past it the least recently used is dropped
 * (its next call makes a new one, with a fresh pacer). Names are checked but any valid one gets
 * a client, so without a bound the map would grow with every name anyone asks for.
 */
export const MAX_STORE_CLIENTS = 1_000;

/** An app installed on many stores. */
export interface App {
  /**
   * Where to send a merchant to install the app on `storeName`, with a fresh `state` (256 random
   * bits, single use, bound to the store, valid 10 minutes) saved in the session store.
   */
  installUrl(options: InstallUrlOptions): Promise<InstallUrl>;
  /**
   * Finishes an install at your `redirectUri` route: give it the request's URL (or its query).
   * Checks the state before anything is sent (an unknown, reused, expired or other store's state
   * is an {@link InstallError}, and so is a cancelled install), exchanges the code, reads the
   * store's merchant and this install's id once, stores the session and returns it.
   */
  handleCallback(input: CallbackInput): Promise<StoreSession>;
  /**
   * Checks a launch from the store's admin (the app's URL with `storeName`, `merchantId`,
   * `authorizedAppId`, `timestamp` and `signature`): a {@link LaunchError} unless the signature
   * matches, the launch is at most 120 s old (and at most 30 s ahead), and the merchant and
   * install are those of the store's session; {@link StoreNotInstalledError} or
   * {@link StoreNeedsReinstallError} when the store has no usable session.
   */
  verifyLaunch(input: CallbackInput): Promise<Launch>;
  /**
   * The client of one store, made once per store in this process: pacing with the store's own
   * budget, 401 refresh-once, 429 waits, typed errors, `getSdk(client)` from codegen. Its tokens
   * come from the store's session, refreshed before expiry with its refresh token, one refresh
   * per store at a time across every process sharing the session store.
   */
  client(storeName: string): AdminClient;
  /** Forgets the store's session, as an uninstall must (e.g. on the `store/app/deleted` webhook). */
  uninstall(storeName: string): Promise<void>;
}

/**
 * Creates an app that merchants install on their stores through OAuth. Options are checked
 * here, so a mistake fails at creation.
 *
 * @example
 * const app = createApp({
 *   clientId: 'my-app',
 *   clientSecret: 'read-from-a-secret-manager',
 *   redirectUri: 'https://app.example.com/oauth/callback',
 *   scopes: ['read_products'],
 *   sessions: createMemorySessionStore(),
 * });
 * const { url } = await app.installUrl({ storeName: 'acme' });
 * // Send the merchant to url; at /oauth/callback: await app.handleCallback(request.url);
 * // then: await app.client('acme').request('{ getMerchant { id } }');
 */
export function createApp(options: AppOptions): App {
  const config = resolveAppConfig(options);
  const clients = new Map<string, AdminClient>();
  const emitEvent = (event: AppEvent) => emit(config.onEvent, event);
  const storeListener =
    (storeName: string) =>
    (event: AdminApiEvent): void =>
      emit(config.onEvent, { ...event, storeName });

  const clientFor = (storeName: string, tokenProvider: TokenProvider): AdminClient => {
    const shared = {
      baseUrl: config.baseUrl,
      tokenProvider,
      fetch: config.fetch,
      now: config.now,
      allowInsecureHttp: config.allowInsecureHttp,
      errorBudget: config.errorBudget ?? false,
      ...(config.onEvent ? { onEvent: storeListener(storeName) } : {}),
    } satisfies AdminClientOptions;
    if (config.fleet) {
      // One budget per store in the fleet: the store's name joins the app's id as its key.
      const { rateLimiter } = config.fleet.join({
        clientId: `${config.clientId}/${storeName}`,
        clientSecret: config.clientSecret,
        rateLimit:
          config.rateLimit === false || config.rateLimit === undefined
            ? undefined
            : resolveRateLimit(config.rateLimit),
        onEvent: shared.onEvent,
        now: config.now,
      });
      return createAdminClient({ ...shared, rateLimiter });
    }
    return createAdminClient({
      ...shared,
      ...(config.rateLimit === undefined ? {} : { rateLimit: config.rateLimit }),
    });
  };

  const refused = async <T>(work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) emitEvent({ type: 'app_request_refused', error });
      throw error;
    }
  };

  const app: App = {
    async installUrl(installOptions) {
      const result = await createInstallUrl(config, installOptions);
      emitEvent({ type: 'app_install_started', storeName: installOptions.storeName });
      return result;
    },

    handleCallback(input) {
      return refused(async () => {
        const session = await handleInstallCallback(config, input, {
          clientWithToken: (storeName: string, token: RefreshableToken) =>
            clientFor(storeName, {
              getToken: async () => token,
              invalidate: async () => {},
            }),
        });
        emitEvent({
          type: 'app_installed',
          storeName: session.storeName,
          merchantId: session.merchantId,
          authorizedAppId: session.authorizedAppId,
          scope: session.scope,
        });
        return session;
      });
    },

    verifyLaunch(input) {
      return refused(() => verifyLaunchUrl(config, input));
    },

    client(storeName) {
      const name = checkStoreName(storeName, 'app.client');
      let client = clients.get(name);
      // A Map keeps insertion order: taken out and put back, the store becomes the newest.
      if (client) clients.delete(name);
      else client = clientFor(name, createStoreTokenProvider(config, name, emitEvent));
      clients.set(name, client);
      if (clients.size > MAX_STORE_CLIENTS) {
        const oldest = clients.keys().next().value;
        if (oldest !== undefined) clients.delete(oldest);
      }
      return client;
    },

    async uninstall(storeName) {
      const name = checkStoreName(storeName, 'app.uninstall');
      await config.sessions.delete(name);
      clients.delete(name);
      emitEvent({ type: 'app_uninstalled', storeName: name });
    },
  };
  registerAppInternals(app, { clientSecret: config.clientSecret, emitEvent });
  return app;
}
