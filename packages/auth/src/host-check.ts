import { ConfigurationError } from './errors.js';
import { GRAPHQL_PATH, PRODUCTION_GRAPHQL_HOST, TOKEN_PATH } from './wire-constants.js';

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

/** The environment variables `authUrl` and `baseUrl` were read from, where they were. */
export interface HostSources {
  readonly authUrl?: string | undefined;
  readonly baseUrl?: string | undefined;
}

/** An option as a refusal names it: by the variable the user set, when it came from one. */
function named(option: 'authUrl' | 'baseUrl', sources: HostSources): string {
  const variable = sources[option];
  return variable ? `${variable} (${option})` : `"${option}"`;
}

/**
 * Refuses an `authUrl` and a `baseUrl` that are one origin, or look swapped: the secret would be
 * posted to the GraphQL host, which must only ever see access tokens. Hosts are compared as DNS
 * sees them, so a trailing dot or a different spelling of one name changes nothing.
 */
export function checkHosts(authUrl: URL, baseUrl: URL, sources: HostSources = {}): void {
  const authHost = canonicalHost(authUrl);
  const baseHost = canonicalHost(baseUrl);
  const auth = named('authUrl', sources);
  const base = named('baseUrl', sources);
  if (canonicalOrigin(authUrl) === canonicalOrigin(baseUrl)) {
    throw mixedUp(
      `${auth} and ${base} must be different origins (both are ${canonicalOrigin(authUrl)}).`,
    );
  }
  if (authHost === PRODUCTION_GRAPHQL_HOST || authUrl.pathname.includes(GRAPHQL_PATH)) {
    throw mixedUp(
      `${auth} points at the GraphQL host (${authUrl.origin}${authUrl.pathname}); are the two swapped?`,
    );
  }
  const storeHost = baseHost.endsWith('.myikas.com') && baseHost !== PRODUCTION_GRAPHQL_HOST;
  if (storeHost || baseUrl.pathname.includes(TOKEN_PATH)) {
    throw mixedUp(
      `${base} points at a store's token host (${baseUrl.origin}${baseUrl.pathname}); are the two swapped?`,
    );
  }
}
