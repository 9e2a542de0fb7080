import { GRAPHQL_PATH, secureEndpointUrl } from '@admin-api/auth/internal';

/**
 * Resolves `{baseUrl}/api/v2/admin/graphql`, accepting a trailing slash or the full path. Refuses
 * plain `http://` to a non-loopback host unless `allowInsecureHttp`: the bearer token would travel in clear.
 * `variable` names the environment variable `baseUrl` was read from, if it was.
 */
export function graphqlEndpointUrl(
  baseUrl: string,
  allowInsecureHttp = false,
  variable?: string,
): string {
  return secureEndpointUrl(baseUrl, GRAPHQL_PATH, {
    optionName: 'baseUrl',
    carries: 'access tokens',
    allowInsecureHttp,
    variable,
  }).href;
}
