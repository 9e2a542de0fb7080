import { randomBytes } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { privateAppIdentity, storeAppIdentity } from './app-identity.js';
import { checkEmulatorOptions } from './check-options.js';
import { checkHttpUrl } from './check-store-options.js';
import { createSettings, type EmulatorSettings } from './emulator-settings.js';
import { createStats, type EmulatorStats } from './emulator-stats.js';
import { createEmulatorStore, type EmulatorStore } from './emulator-store.js';
import { createEmulatorWebhooks } from './emulator-webhooks.js';
import { type ErrorBlockOptions, resolveErrorBlocks } from './error-block-rules.js';
import { type AppBlock, createErrorBlocks } from './error-blocks.js';
import { EmulatorError, type EmulatorOptionError } from './errors.js';
import { createFaultQueues, type FaultQueues } from './faults.js';
import { createStoreData, type FixtureOptions } from './fixtures/create-store-data.js';
import type { Tenant } from './graphql-answer.js';
import { createGraphQLEndpoint } from './graphql-endpoint.js';
import { closeServer, listenAll, serve } from './http-servers.js';
import { signedLaunchUrl } from './launch-url.js';
import { type QueryLimitOptions, resolveQueryLimits } from './query-limits.js';
import { createRateLimiter, type RateLimitOptions } from './rate-limiter.js';
import { servedAdminApiSchema, servedMockedSchema } from './schema/served-schema.js';
import type { StoreData } from './store-data.js';
import { createStoreHost } from './store-hosts.js';
import {
  createStoreState,
  resetStoreState,
  type StoreOptions,
  type StoreState,
} from './store-state.js';
import { createTokenEndpoint } from './token-endpoint.js';
import { createTokenRegistry, type TokenGrant } from './token-registry.js';
import { createWebhookFaults } from './webhook-faults.js';
import { resolveWebhookOptions, type WebhookOptions } from './webhook-options.js';
import {
  createSimulations,
  type EmulatorSimulations,
  type SimulationTarget,
} from './webhook-simulations.js';

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** Address to listen on; keep it loopback, which is not checked. @default '127.0.0.1' */
  host?: string;
  /** Port of the token host. @default 0 (an ephemeral port) */
  authPort?: number;
  /** Port of the GraphQL host. @default 0 (an ephemeral port) */
  graphqlPort?: number;
  /** @default 'emulator-client' */
  clientId?: string;
  /** @default a random secret per start */
  clientSecret?: string;
  /** `expires_in` of issued tokens, in seconds: a positive integer. @default 14400 */
  tokenLifetimeS?: number;
  /** Per-client budget of GraphQL requests; `false` turns it off. @default 50 per 10 s */
  rateLimit?: RateLimitOptions | false;
  /**
   * What one GraphQL request may cost: depth, aliases, estimated list items, tokens and answer
   * bytes. A query over a limit is answered 400 `QUERY_TOO_COMPLEX`, naming it, before it runs.
   * @default DEFAULT_QUERY_LIMITS: depth 15, 100 aliases, 20,000 list items, 50,000 tokens, 5 MB
   */
  queryLimits?: QueryLimitOptions;
  /**
   * The service's error-rate blocks: an app whose share of errors breaks a rule is answered 403
   * `APP_BLOCKED` for the rule's time (on every store, for the public app); `false` turns them
   * off. Normal use never comes near them. @default SERVICE_ERROR_BLOCK_RULES
   */
  errorBlocks?: ErrorBlockOptions | false;
  /**
   * Clock for token expiry, rate limits and timestamps; the seeded data is dated before its
   * reading at start. @default Date.now
   */
  now?: () => number;
  /**
   * Seed and sizes of the starting data; the seed also seeds new ids and mocked values.
   * @default seed 1: 120 products, 30 customers, 60 orders
   */
  fixtures?: FixtureOptions;
  /**
   * Serve this schema instead of the Admin API, e.g. a large public schema to test codegen at
   * scale behind real auth: its own resolvers answer where it has any, seeded mocks elsewhere.
   */
  schema?: GraphQLSchema;
  /**
   * Stores the app can be installed on through OAuth, each with its own token host, data and
   * ids: names (`['acme', 'globex']`) or {@link StoreOptions}. Names match
   * `^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$` and are unique. @default [] (the private app only)
   */
  stores?: readonly (string | StoreOptions)[];
  /** The app's name on the authorize page and the stores' admin pages. @default 'Emulator app' */
  appName?: string;
  /**
   * Where launches go: the stores' admin pages link to it ("Open app"), signed, once installed.
   * An absolute http(s) URL, e.g. `http://localhost:3000/launch`. @default none
   */
  appUrl?: string;
  /**
   * How webhooks are delivered: per-try timeout, waits between tries, faults, a listener of
   * tries. @default 10 s per try, 5 s then 30 s between the 3 tries, no faults
   */
  webhooks?: WebhookOptions;
}

/** A running emulator. */
export interface Emulator {
  /** Origin of the token host: pass as `authUrl`. */
  readonly authUrl: string;
  /** Origin of the GraphQL host: pass as `baseUrl`. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly stats: EmulatorStats;
  /** Scripted responses (see {@link Fault}), and the webhook deliveries' faults. */
  readonly faults: FaultQueues;
  /** Live settings; changes apply to the next request (and are checked like the options). */
  readonly settings: EmulatorSettings;
  /** The in-memory store the private app's tokens read and change. */
  readonly data: StoreData;
  /**
   * Changes of the private app's store that no Admin API mutation makes (an order placed on the
   * storefront, a customer's status, favourites, a payment for the app), each pushing its signed
   * delivery as a mutation would. A store's are `store(name).simulate`.
   */
  readonly simulate: EmulatorSimulations;
  /**
   * The stores of `options.stores`, by name (a null-prototype record, in the order given).
   * `store(name)` and `authUrlFor(name)` throw for an unknown name instead of answering undefined.
   */
  readonly stores: Readonly<Record<string, EmulatorStore>>;
  /** The store named `name`; throws an {@link EmulatorError} `UNKNOWN_STORE` for another name. */
  store(name: string): EmulatorStore;
  /** The origin of store `name`'s token host; throws like {@link Emulator.store}. */
  authUrlFor(name: string): string;
  /**
   * Makes every issued access token invalid, as if all had expired, the stores' included; the
   * stores' refresh tokens stay valid (to uninstall, use a store's `revoke()`).
   */
  revokeTokens(): void;
  /**
   * Resolves once no webhook delivery is pending: none queued, being sent, or waiting for a
   * retry (by the default timeout and delays, up to 65 s for an event no endpoint answers; tests
   * set `webhooks.retryDelaysMs: [0, 0]`). Every try is counted in the stats and logged by then: a
   * test awaits it after a mutation, then reads `emulator.stats.webhookDelivered` and what its
   * receiver got, instead of sleeping.
   */
  webhooksSettled(): Promise<void>;
  /**
   * Fresh data, zeroed stats, empty fault queues and rate windows, no error-rate blocks (every
   * window of their rules emptied, permanent blocks lifted), and every store's fresh data,
   * zeroed stats and no pending authorization codes; issued tokens and installs stay valid.
   * Webhook registrations go with the data: pending deliveries are dropped uncounted, and the
   * webhook faults are back to the options'.
   */
  reset(): void;
  /** Stops every pending webhook delivery and retry, then closes every host. */
  close(): Promise<void>;
}

/**
 * Starts the token host and the GraphQL host on two loopback origins, as in production, so
 * that mixing them up fails loudly. The GraphQL host serves the Admin API schema (see
 * `adminApiSchemaSdl`), with a stateful core over seeded data and seeded mocks for the rest.
 *
 * Rejects with an {@link EmulatorOptionError} (code `INVALID_OPTION`) for an option it cannot
 * use, such as `tokenLifetimeS: 0`, a port above 65535, `rateLimit: { limit: 0 }` or an empty
 * `clientSecret`, before anything listens. If a port cannot be had (e.g. `EADDRINUSE`), it
 * rejects with Node's error and leaves neither host listening.
 *
 * @example
 * const emulator = await startEmulator();
 * // authUrl, baseUrl, clientId and clientSecret are what a real store would give you.
 * await emulator.close();
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  checkEmulatorOptions(options);
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const clientId = options.clientId ?? 'emulator-client';
  const clientSecret = options.clientSecret ?? `emu_secret_${randomBytes(18).toString('hex')}`;
  const settings = createSettings(options.tokenLifetimeS ?? 14_400);
  const registry = createTokenRegistry(now);
  const rateLimiter =
    options.rateLimit === false ? undefined : createRateLimiter(options.rateLimit ?? {}, now);
  const webhookFaults = createWebhookFaults(options.webhooks?.faults);
  const faults = createFaultQueues(webhookFaults.faults);
  const fixtures = options.fixtures ?? {};
  // The seeded data is dated before the start, and stays so across resets.
  const startedAt = now();
  const served = options.schema ? servedMockedSchema(options.schema) : servedAdminApiSchema();
  let data = createStoreData(fixtures, startedAt);
  let stats = createStats(data.ledger);
  const blockConfig = resolveErrorBlocks(options.errorBlocks);
  const blocks =
    blockConfig &&
    createErrorBlocks(blockConfig, { now, appBlocks: () => stats.appBlocks as AppBlock[] });

  const appName = options.appName ?? 'Emulator app';
  const stores = new Map<string, StoreState>(
    (options.stores ?? []).map((entry, i) => {
      const state = createStoreState(entry, i, fixtures, startedAt, now);
      return [state.name, state];
    }),
  );
  const webhooks = createEmulatorWebhooks({
    config: resolveWebhookOptions(options.webhooks),
    faults: webhookFaults.faults,
    seed: fixtures.seed ?? 1,
    now,
    // The emulator's two apps, the private one and the one installed on stores, share one secret.
    appSecret: () => clientSecret,
    statsOf: (name) => {
      const store = name === undefined ? undefined : stores.get(name);
      return store ? [stats, store.stats] : [stats];
    },
  });
  const revoke = (store: StoreState) => {
    const at = now();
    const app = storeAppIdentity(store, appName, store.install.scopes, at).authorizedApp();
    webhooks.appDeleted(
      { store: store.name, data: store.data },
      store.authorizedAppId,
      { ...app, deleted: true, updatedAt: at },
      at,
    );
    store.install.revoke();
    registry.revokeStore(store.name);
    store.stats.revocations++;
  };
  const launchUrl = (store: StoreState, appUrl: string) =>
    signedLaunchUrl(
      checkHttpUrl('appUrl', appUrl, 'http://localhost:3000/launch'),
      {
        storeName: store.name,
        merchantId: store.data.merchant.id,
        authorizedAppId: store.authorizedAppId,
        timestamp: now(),
      },
      clientSecret,
    );
  const privateTarget = (): SimulationTarget => {
    const target = { store: undefined, data };
    const authorizedAppId = String(data.app.id);
    return {
      data,
      webhooks: webhooks.emitter(target),
      app: {
        authorizedAppId,
        storeAppId: String(data.app.storeAppId),
        installedAt: Number(data.app.addedDate),
      },
      appPayment: (record, at) => webhooks.appPayment(target, authorizedAppId, record, at),
    };
  };
  const storeTarget = (store: StoreState): SimulationTarget => {
    const target = { store: store.name, data: store.data };
    return {
      data: store.data,
      webhooks: webhooks.emitter(target),
      app: {
        authorizedAppId: store.authorizedAppId,
        storeAppId: store.storeAppId,
        installedAt: store.install.installedAt,
      },
      appPayment: (record, at) => webhooks.appPayment(target, store.authorizedAppId, record, at),
    };
  };
  const tenant = (grant: TokenGrant | undefined): Tenant => {
    const store = grant && stores.get(grant.store);
    if (!grant || !store) {
      return {
        data,
        seed: fixtures.seed ?? 1,
        app: privateAppIdentity(data),
        store: undefined,
        webhooks: webhooks.emitter({ store: undefined, data }),
      };
    }
    return {
      data: store.data,
      seed: store.seed,
      app: storeAppIdentity(store, appName, grant.scopes, now()),
      store: store.name,
      webhooks: webhooks.emitter({ store: store.name, data: store.data }),
    };
  };
  const tokenDeps = {
    clientId,
    clientSecret,
    tokenLifetimeS: () => settings.tokenLifetimeS,
    registry,
    get stats() {
      return stats;
    },
    faults,
  };

  const authServer = serve(createTokenEndpoint(tokenDeps));
  const graphqlServer = serve(
    createGraphQLEndpoint({
      served,
      tenant,
      anchorMs: startedAt,
      clientSecret,
      registry,
      rateLimiter,
      limits: resolveQueryLimits(options.queryLimits),
      blocks,
      get stats() {
        return stats;
      },
      faults,
      now,
    }),
  );
  const storeServers = [...stores.values()].map((store) => ({
    server: serve(
      createStoreHost(store, {
        ...tokenDeps,
        get stats() {
          return stats;
        },
        revoke,
        appName,
        appUrl: options.appUrl,
        launchUrl,
      }),
    ),
    port: store.port,
  }));
  const servers = [
    { server: authServer, port: options.authPort ?? 0 },
    { server: graphqlServer, port: options.graphqlPort ?? 0 },
    ...storeServers,
  ];
  const [authUrl = '', baseUrl = '', ...storeUrls] = await listenAll(servers, host);
  const publicStores: Record<string, EmulatorStore> = Object.create(null);
  [...stores.values()].forEach((state, i) => {
    publicStores[state.name] = createEmulatorStore(state, {
      authUrl: storeUrls[i] ?? '',
      launchUrl,
      revoke,
      simulate: createSimulations(() => storeTarget(state), now),
    });
  });
  Object.freeze(publicStores);
  const store = (name: string): EmulatorStore => {
    const found = Object.hasOwn(publicStores, name) ? publicStores[name] : undefined;
    if (!found) {
      const known = Object.keys(publicStores).join(', ') || 'none (pass options.stores)';
      throw new EmulatorError(
        'UNKNOWN_STORE',
        `No store named "${name}"; the stores are: ${known}`,
      );
    }
    return found;
  };

  return {
    authUrl,
    baseUrl,
    clientId,
    clientSecret,
    get stats() {
      return stats;
    },
    faults,
    settings,
    get data() {
      return data;
    },
    simulate: createSimulations(privateTarget, now),
    stores: publicStores,
    store,
    authUrlFor: (name) => store(name).authUrl,
    revokeTokens: () => registry.revokeAll(),
    webhooksSettled: () => webhooks.settled(),
    reset() {
      webhooks.reset();
      webhookFaults.restore();
      data = createStoreData(fixtures, startedAt);
      stats = createStats(data.ledger);
      for (const state of stores.values()) resetStoreState(state, startedAt);
      faults.token.length = 0;
      faults.graphql.length = 0;
      faults.random = undefined;
      rateLimiter?.reset();
      blocks?.reset();
    },
    close: async () => {
      await webhooks.close();
      await Promise.all(servers.map(({ server }) => closeServer(server)));
    },
  };
}
