/** Path of the token endpoint below `authUrl` (the store's token host). */
export const TOKEN_PATH = '/api/admin/oauth/token';

/** Path of the Admin GraphQL endpoint below `baseUrl` (the shared GraphQL host). */
export const GRAPHQL_PATH = '/api/v2/admin/graphql';

/** The environment variables every package reads, by the option each one fills. */
export const ENV_VARS = {
  baseUrl: 'ADMIN_API_BASE_URL',
  authUrl: 'ADMIN_API_AUTH_URL',
  clientId: 'ADMIN_API_CLIENT_ID',
  clientSecret: 'ADMIN_API_CLIENT_SECRET',
} as const;

/** The variables the token provider needs: all of {@link ENV_VARS} but the GraphQL host. */
export const AUTH_ENV_VARS = {
  authUrl: ENV_VARS.authUrl,
  clientId: ENV_VARS.clientId,
  clientSecret: ENV_VARS.clientSecret,
} as const;
