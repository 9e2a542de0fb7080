import { AuthConfigError, secureEndpointUrl } from '@admin-api/auth';
import { ConfigurationError } from './errors.js';

/** Path of the Admin GraphQL endpoint below `baseUrl`. */
export const GRAPHQL_PATH = '/api/v2/admin/graphql';

/**
 * Resolves `{baseUrl}/api/v2/admin/graphql`, accepting a trailing slash or the full path. Refuses
 * plain `http://` to a non-loopback host unless `allowInsecureHttp`: the bearer token would travel in clear.
 */
export function graphqlEndpointUrl(baseUrl: string, allowInsecureHttp = false): string {
  try {
    return secureEndpointUrl(baseUrl, GRAPHQL_PATH, {
      optionName: 'baseUrl',
      carries: 'access tokens',
      allowInsecureHttp,
    }).href;
  } catch (error) {
    if (error instanceof AuthConfigError)
      throw new ConfigurationError('INVALID_OPTION', error.message);
    throw error;
  }
}
