import { ConfigurationError } from '@admin-api/auth';
import { GRAPHQL_PATH, PRODUCTION_GRAPHQL_HOST, TOKEN_PATH } from '@admin-api/auth/internal';

const HOSTS =
  'authUrl is the store’s token host (https://<store>.myikas.com), where the client secret goes; ' +
  `baseUrl is the GraphQL host shared by all stores (https://${PRODUCTION_GRAPHQL_HOST}), where only access tokens go.`;

function mixedUp(detail: string): ConfigurationError {
  return new ConfigurationError('INVALID_OPTION', `${detail} ${HOSTS}`);
}

/**
 * The host as DNS resolves it. `URL` has already lowercased it and applied IDNA (full-width
 * letters, punycode); what is left is the trailing dot of an absolute name, `api.myikas.com.`,
 * which names the same host as `api.myikas.com`.
 */
function canonicalHost(url: URL): string {
  let host = url.hostname;
  while (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

function canonicalOrigin(url: URL): string {
  return `${url.protocol}//${canonicalHost(url)}${url.port ? `:${url.port}` : ''}`;
}

/**
 * Refuses an `authUrl` and a `baseUrl` that are one origin, or look swapped: the secret would be
 * posted to the GraphQL host, which must only ever see access tokens. Hosts are compared as DNS
 * sees them, so a trailing dot or a different spelling of one name changes nothing.
 */
export function checkHosts(authUrl: URL, baseUrl: URL): void {
  const authHost = canonicalHost(authUrl);
  const baseHost = canonicalHost(baseUrl);
  if (canonicalOrigin(authUrl) === canonicalOrigin(baseUrl)) {
    throw mixedUp(
      `"authUrl" and "baseUrl" must be different origins (both are ${canonicalOrigin(authUrl)}).`,
    );
  }
  if (authHost === PRODUCTION_GRAPHQL_HOST || authUrl.pathname.includes(GRAPHQL_PATH)) {
    throw mixedUp(
      `"authUrl" points at the GraphQL host (${authUrl.origin}${authUrl.pathname}); are the two swapped?`,
    );
  }
  const storeHost = baseHost.endsWith('.myikas.com') && baseHost !== PRODUCTION_GRAPHQL_HOST;
  if (storeHost || baseUrl.pathname.includes(TOKEN_PATH)) {
    throw mixedUp(
      `"baseUrl" points at a store's token host (${baseUrl.origin}${baseUrl.pathname}); are the two swapped?`,
    );
  }
}
