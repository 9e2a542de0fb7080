import { ConfigurationError } from '@admin-api/auth';
import { GRAPHQL_PATH, PRODUCTION_GRAPHQL_HOST, TOKEN_PATH } from '@admin-api/auth/internal';

const HOSTS =
  'authUrl is the store’s token host (https://<store>.myikas.com), where the client secret goes; ' +
  `baseUrl is the GraphQL host shared by all stores (https://${PRODUCTION_GRAPHQL_HOST}), where only access tokens go.`;

function mixedUp(detail: string): ConfigurationError {
  return new ConfigurationError('INVALID_OPTION', `${detail} ${HOSTS}`);
}

/**
 * Refuses an `authUrl` and a `baseUrl` that are one origin, or look swapped: the secret would be
 * posted to the GraphQL host, which must only ever see access tokens.
 */
export function checkHosts(authUrl: URL, baseUrl: URL): void {
  if (authUrl.origin === baseUrl.origin) {
    throw mixedUp(
      `"authUrl" and "baseUrl" must be different origins (both are ${authUrl.origin}).`,
    );
  }
  if (authUrl.hostname === PRODUCTION_GRAPHQL_HOST || authUrl.pathname.includes(GRAPHQL_PATH)) {
    throw mixedUp(
      `"authUrl" points at the GraphQL host (${authUrl.origin}${authUrl.pathname}); are the two swapped?`,
    );
  }
  const storeHost =
    baseUrl.hostname.endsWith('.myikas.com') && baseUrl.hostname !== PRODUCTION_GRAPHQL_HOST;
  if (storeHost || baseUrl.pathname.includes(TOKEN_PATH)) {
    throw mixedUp(
      `"baseUrl" points at a store's token host (${baseUrl.origin}${baseUrl.pathname}); are the two swapped?`,
    );
  }
}
