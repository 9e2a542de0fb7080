import { isLoopbackHost } from '@admin-api/auth';
import { ConfigurationError } from './errors.js';

/** Path of the Admin GraphQL endpoint below `baseUrl`. */
export const GRAPHQL_PATH = '/api/v2/admin/graphql';

/**
 * Resolves `{baseUrl}/api/v2/admin/graphql`, accepting a trailing slash or the full path. Refuses
 * plain `http://` to a non-loopback host unless `allowInsecureHttp`: the bearer token would travel in clear.
 */
export function graphqlEndpointUrl(baseUrl: string, allowInsecureHttp = false): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"baseUrl" must be an absolute URL such as https://api.myikas.com (got ${JSON.stringify(String(baseUrl).slice(0, 100))})`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"baseUrl" must use https: (got ${url.protocol})`,
    );
  }
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `Refusing to send access tokens over plain http:// to ${url.host}. Use https://, or set allowInsecureHttp: true on a trusted network.`,
    );
  }
  const base = url.pathname.replace(/\/+$/, '');
  url.pathname = base.endsWith(GRAPHQL_PATH) ? base : `${base}${GRAPHQL_PATH}`;
  url.search = '';
  url.hash = '';
  return url.href;
}
