import { ConfigurationError } from '@admin-api/auth';
import { checkHosts, secureEndpointUrl } from '@admin-api/auth/internal';
import type { AppConfig } from './app-options.js';

/**
 * `{authUrlFor(storeName)}{path}`, for a store name already checked: https (or loopback http),
 * never the GraphQL host nor its origin, so a code or the secret goes to a token host only.
 */
export function storeEndpoint(config: AppConfig, storeName: string, path: string): URL {
  const base = config.authUrlFor(storeName);
  if (typeof base !== 'string') {
    throw new ConfigurationError('INVALID_OPTION', '"authUrlFor" must return a URL string');
  }
  const options = {
    optionName: 'authUrlFor(storeName)',
    carries: 'the client secret',
    allowInsecureHttp: config.allowInsecureHttp,
    secrets: [config.clientSecret],
  };
  const url = secureEndpointUrl(base, path, options);
  checkHosts(url, new URL(config.baseUrl));
  return url;
}

/** The store's token host, checked as {@link storeEndpoint} does: the `authUrl` of its grants. */
export function storeAuthUrl(config: AppConfig, storeName: string): string {
  return storeEndpoint(config, storeName, '/').href;
}
