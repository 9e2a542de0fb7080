import { ConfigurationError } from '@admin-api/auth';
import {
  checkFalseOrObject,
  checkOptionalBoolean,
  checkOptionalFunction,
  checkOptionalImplementation,
  graphqlEndpointUrl,
  PRODUCTION_GRAPHQL_HOST,
  secureEndpointUrl,
} from '@admin-api/auth/internal';
import {
  createErrorBudget,
  type ErrorBudget,
  type ErrorBudgetOptions,
  type Fleet,
  type RateLimitOptions,
} from '@admin-api/client';
import type { AppEventListener } from './app-events.js';
import type { AppSessionStore, SessionStore } from './session-store.js';

/** The scopes an app can ask a store for. */
export const APP_SCOPES = [
  'read_products',
  'write_products',
  'read_orders',
  'write_orders',
  'read_customers',
  'write_customers',
  'read_campaigns',
  'write_campaigns',
  'read_inventories',
  'write_inventories',
] as const;

/** One of {@link APP_SCOPES}. */
export type AppScope = (typeof APP_SCOPES)[number];

/** Options of `createApp`. */
export interface AppOptions {
  /** The app's client id, from the app's page in the partner portal. */
  clientId: string;
  /** Confidential: read it from the environment or a secret manager, never from source. */
  clientSecret: string;
  /**
   * Where stores send the merchant back after the install: your callback route, which calls
   * `app.handleCallback(request.url)`. Exactly as registered for the app.
   */
  redirectUri: string;
  /** What the app asks each store for, e.g. `['read_products', 'read_orders']`. */
  scopes: readonly AppScope[];
  /**
   * Where sessions, install states and refresh locks live: `createMemorySessionStore()` for one
   * process; `createRedisSessionStore` or `createPostgresSessionStore` for several.
   */
  sessions: SessionStore;
  /**
   * The token host of a store, given a name already checked against the platform's form.
   * @default (storeName) => `https://${storeName}.myikas.com`
   */
  authUrlFor?: ((storeName: string) => string) | undefined;
  /** Origin of the shared GraphQL host. @default 'https://api.myikas.com' */
  baseUrl?: string | undefined;
  /**
   * Shares each store's rate budget among the app's processes, e.g. `createRedisFleet` from
   * `@admin-api/redis`: every store has a budget of its own in it.
   */
  fleet?: Fleet | undefined;
  /** Each store's request budget; `false` turns pacing off. @default 50 requests per 10 s */
  rateLimit?: RateLimitOptions | false | undefined;
  /**
   * The app's error budget, one for all its stores, since the service blocks an app for its
   * errors on every store at once (see the client's README, "Error budget"); with a `fleet`,
   * shared by the app's processes too. `false` turns it off.
   * @default an hour's window, at most 20% errors
   */
  errorBudget?: ErrorBudgetOptions | false | undefined;
  /** Receives the app's events and every store client's, each with its `storeName`. */
  onEvent?: AppEventListener | undefined;
  /** Clock in epoch ms: state expiry, launch windows and token expiry. @default Date.now */
  now?: (() => number) | undefined;
  /** A `fetch` implementation for token and GraphQL requests. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /** Allows plain `http://` to non-loopback hosts. Only for trusted networks. @default false */
  allowInsecureHttp?: boolean | undefined;
}

/** {@link AppOptions} checked, with the defaults filled in. */
export interface AppConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly sessions: AppSessionStore;
  readonly authUrlFor: (storeName: string) => string;
  readonly baseUrl: string;
  readonly fleet: Fleet | undefined;
  readonly rateLimit: RateLimitOptions | false | undefined;
  /** Shared by every store's client; `undefined` when off. */
  readonly errorBudget: ErrorBudget | undefined;
  readonly onEvent: AppEventListener | undefined;
  readonly now: () => number;
  readonly fetch: typeof fetch;
  readonly allowInsecureHttp: boolean;
}

const nonEmpty = (name: string, value: unknown): string => {
  if (typeof value === 'string' && value !== '') return value;
  throw new ConfigurationError('INVALID_OPTION', `"${name}" must be a non-empty string`);
};

/** Checks `createApp`'s options once, at creation: a mistake throws a ConfigurationError. */
export function resolveAppConfig(options: AppOptions): AppConfig {
  const clientId = nonEmpty('clientId', options.clientId);
  const clientSecret = nonEmpty('clientSecret', options.clientSecret);
  const allowInsecureHttp = options.allowInsecureHttp ?? false;
  checkOptionalBoolean('allowInsecureHttp', options.allowInsecureHttp);
  checkOptionalFunction('authUrlFor', options.authUrlFor);
  checkOptionalFunction('onEvent', options.onEvent);
  checkOptionalFunction('now', options.now);
  checkOptionalFunction('fetch', options.fetch);
  checkFalseOrObject('rateLimit', options.rateLimit, '{ limit: 50, windowMs: 10000 }');
  checkFalseOrObject('errorBudget', options.errorBudget, '{ maxErrorRate: 0.2 }');
  checkOptionalImplementation('fleet', options.fleet, ['join']);
  checkOptionalImplementation('sessions', options.sessions, ['open']);
  if (!options.sessions) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"sessions" is required: createMemorySessionStore() for one process, or ' +
        'createRedisSessionStore / createPostgresSessionStore for several',
    );
  }
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl ?? `https://${PRODUCTION_GRAPHQL_HOST}`;
  // Checked here, not at the first store's client: store token hosts are checked against it.
  graphqlEndpointUrl(baseUrl, { allowInsecureHttp, secrets: [clientSecret] });
  return {
    clientId,
    clientSecret,
    redirectUri: checkRedirectUri(options.redirectUri, allowInsecureHttp),
    scope: checkScopes(options.scopes),
    sessions: options.sessions.open({ clientId, clientSecret, now }),
    authUrlFor: options.authUrlFor ?? ((storeName) => `https://${storeName}.myikas.com`),
    baseUrl,
    fleet: options.fleet,
    rateLimit: options.rateLimit,
    errorBudget:
      options.errorBudget === false
        ? undefined
        : createErrorBudget({
            ...options.errorBudget,
            counts: options.fleet?.errorCounts?.(clientId),
          }),
    onEvent: options.onEvent,
    now,
    fetch: options.fetch ?? globalThis.fetch,
    allowInsecureHttp,
  };
}

function checkRedirectUri(value: unknown, allowInsecureHttp: boolean): string {
  const uri = nonEmpty('redirectUri', value);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"redirectUri" must be an absolute URL, e.g. https://app.example.com/oauth/callback',
    );
  }
  // The store sends the code there: over plain http anyone on the path could take the install.
  secureEndpointUrl(url.origin, '/', {
    optionName: 'redirectUri',
    carries: 'install codes',
    allowInsecureHttp,
  });
  if (url.hash) {
    throw new ConfigurationError('INVALID_OPTION', '"redirectUri" must not have a #fragment');
  }
  return url.href;
}

function checkScopes(value: unknown): string {
  const known: readonly string[] = APP_SCOPES;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((scope) => typeof scope === 'string' && known.includes(scope))
  ) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"scopes" must be a non-empty array of: ${APP_SCOPES.join(', ')}`,
    );
  }
  return [...new Set(value as string[])].join(',');
}
