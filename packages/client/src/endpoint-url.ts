import { type EndpointUrlOptions, GRAPHQL_PATH, secureEndpointUrl } from '@admin-api/auth/internal';

/**
 * Resolves `{baseUrl}/api/v2/admin/graphql`, accepting a trailing slash or the full path. Refuses
 * plain `http://` to a non-loopback host unless `allowInsecureHttp`: the bearer token would travel in clear.
 */
export function graphqlEndpointUrl(baseUrl: string, options: EndpointUrlOptions = {}): string {
  return secureEndpointUrl(baseUrl, GRAPHQL_PATH, {
    ...options,
    optionName: 'baseUrl',
    carries: 'access tokens',
  }).href;
}
