import { ConfigurationError, type TokenProvider } from '@admin-api/auth';
import {
  checkHosts,
  checkOptionalImplementation,
  checkTokenStore,
  copyEnvSources,
  envVariableOf,
  redactError,
  resolveTokenProviderConfig,
  tokenProviderFromConfig,
  urlSecretForms,
} from '@admin-api/auth/internal';
import type { AdminClientOptions, ClientFleetOptions } from './admin-client.js';
import { type ClientConfig, isErrorBudget, resolveClientConfig } from './client-config.js';
import { type ErrorBudget, type ErrorCountStore, errorBudgetFromConfig } from './error-budget.js';
import { pacerFromConfig } from './pacer.js';
import type { RateLimiter } from './rate-limiter.js';

function isBrowser(): boolean {
  const g = globalThis as { window?: { document?: unknown } };
  return typeof g.window === 'object' && typeof g.window.document === 'object';
}

function invalidCombination(message: string): ConfigurationError {
  return new ConfigurationError('INVALID_OPTION', message);
}

/** The pacer the options ask for: a given limiter, a pacer for `rateLimit`, or none. */
function ownRateLimiter(
  options: AdminClientOptions,
  config: ClientConfig,
): RateLimiter | undefined {
  if (config.rateLimiter) {
    if (options.rateLimit !== undefined) {
      throw invalidCombination(
        'Pass either "rateLimit" or "rateLimiter", not both: give the budget to createPacer(...) instead',
      );
    }
    return config.rateLimiter;
  }
  const { monotonicNow, setTimer } = config;
  return config.rateLimit ? pacerFromConfig(config.rateLimit, monotonicNow, setTimer) : undefined;
}

/** The budget the client uses: a given one, one of its own (counts shared by `counts`), or none. */
function ownErrorBudget(
  config: ClientConfig,
  counts: ErrorCountStore | undefined,
): ErrorBudget | undefined {
  const { errorBudget } = config;
  if (errorBudget === undefined || isErrorBudget(errorBudget)) return errorBudget;
  return errorBudgetFromConfig(errorBudget, config.monotonicNow, counts);
}

/**
 * The token provider and rate limiter the client uses: given ones, ones made from the
 * credentials (with the client's event listener, clock and fetch), or a fleet's.
 */
export function resolveSeams(
  options: AdminClientOptions,
  config: ClientConfig,
): {
  tokenProvider: TokenProvider;
  rateLimiter: RateLimiter | undefined;
  errorBudget: ErrorBudget | undefined;
} {
  checkOptionalImplementation('tokenProvider', options.tokenProvider, ['getToken', 'invalidate']);
  if (options.tokenProvider) {
    if ((options as ClientFleetOptions).fleet) {
      throw invalidCombination(
        '"tokenProvider" cannot be combined with "fleet": pass the credentials, the fleet shares the token',
      );
    }
    return {
      tokenProvider: options.tokenProvider,
      rateLimiter: ownRateLimiter(options, config),
      errorBudget: ownErrorBudget(config, undefined),
    };
  }
  const { authUrl, clientId, clientSecret, refreshMarginS, fleet } = options;
  if (isBrowser() && clientSecret) {
    throw new ConfigurationError(
      'INSECURE_ENVIRONMENT',
      'createAdminClient was given a client secret in a browser. The secret must stay on a server: call the Admin API from your backend.',
    );
  }
  checkOptionalImplementation('fleet', fleet, ['join']);
  if (fleet) {
    if (options.store)
      throw invalidCombination('"store" cannot be combined with "fleet", which shares the token');
    if (options.rateLimiter) {
      throw invalidCombination(
        '"rateLimiter" cannot be combined with "fleet", which shares the rate budget',
      );
    }
    if (options.rateLimit === false) {
      throw invalidCombination(
        '"rateLimit: false" cannot be combined with "fleet", which shares the rate budget',
      );
    }
  }
  // Every option is checked before a fleet is joined, so a mistake never leaves a member behind.
  const providerConfig = resolveTokenProviderConfig(
    copyEnvSources(options, {
      authUrl,
      clientId,
      clientSecret,
      refreshMarginS,
      store: options.store,
      onEvent: config.onEvent,
      fetch: config.fetch,
      now: config.now,
      monotonicNow: config.monotonicNow,
      allowInsecureHttp: config.allowInsecureHttp,
    }),
  );
  checkHosts(providerConfig.request.url, new URL(config.endpoint), {
    authUrl: envVariableOf(options, 'authUrl'),
    baseUrl: envVariableOf(options, 'baseUrl'),
  });
  if (!fleet) {
    return {
      tokenProvider: tokenProviderFromConfig(providerConfig),
      rateLimiter: ownRateLimiter(options, config),
      errorBudget: ownErrorBudget(config, undefined),
    };
  }
  const membership = fleet.join({
    clientId,
    clientSecret,
    rateLimit: options.rateLimit === undefined ? undefined : config.rateLimit,
    onEvent: config.onEvent,
    now: config.now,
  });
  checkTokenStore(membership.tokenStore);
  return {
    tokenProvider: tokenProviderFromConfig({ ...providerConfig, store: membership.tokenStore }),
    rateLimiter: membership.rateLimiter,
    errorBudget: ownErrorBudget(config, fleet.errorCounts?.(clientId)),
  };
}

/**
 * Everything `createAdminClient` is built from, checked at creation. A refusal may quote a URL
 * that holds the client secret (swapped variables, a pasted form): the secret is taken out first.
 */
export function resolveClient(options: AdminClientOptions): {
  config: ClientConfig;
  tokenProvider: TokenProvider;
  secrets: string[];
  rateLimiter: RateLimiter | undefined;
  errorBudget: ErrorBudget | undefined;
} {
  const secret = (options as { clientSecret?: unknown }).clientSecret;
  // The secret the client keeps out of errors; with credentials, one that is checked non-empty.
  const given = typeof secret === 'string' && secret !== '' ? [secret] : [];
  try {
    const config = resolveClientConfig(options, given);
    return { config, secrets: given, ...resolveSeams(options, config) };
  } catch (error) {
    throw error instanceof Error ? redactError(error, urlSecretForms(given)) : error;
  }
}
