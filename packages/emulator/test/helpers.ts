import type { Emulator } from '../src/index.js';

export async function token(emulator: Emulator): Promise<string> {
  const response = await fetch(`${emulator.authUrl}/api/admin/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
    }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export function graphql(
  emulator: Emulator,
  accessToken: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${emulator.baseUrl}/api/v2/admin/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
}
