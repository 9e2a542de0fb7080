import type { Emulator } from '../src/index.js';

export const REDIRECT_URI = 'http://localhost:3000/callback?from=emulator';

/** The parameters of an authorization request for `emulator`'s app. */
export function authorizeParams(
  emulator: Emulator,
  overrides: Record<string, string | undefined> = {},
): URLSearchParams {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: emulator.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'read_products,write_orders',
    state: 'xyz-123',
    ...overrides,
  };
  return new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** GET of the authorize page of `store`. */
export function getAuthorize(emulator: Emulator, store: string, params: URLSearchParams) {
  return fetch(`${emulator.authUrlFor(store)}/api/admin/oauth/authorize?${params}`, {
    redirect: 'manual',
  });
}

/** The merchant's decision, POSTed to the authorize endpoint of `store`. */
export function postAuthorize(
  emulator: Emulator,
  store: string,
  params: URLSearchParams,
  decision: string,
) {
  const form = new URLSearchParams(params);
  form.set('decision', decision);
  return fetch(`${emulator.authUrlFor(store)}/api/admin/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: form,
  });
}

/** A code from an "Install" on `store`. */
export async function authorizationCode(
  emulator: Emulator,
  store: string,
  overrides: Record<string, string | undefined> = {},
): Promise<string> {
  const response = await postAuthorize(
    emulator,
    store,
    authorizeParams(emulator, overrides),
    'install',
  );
  const code = new URL(response.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error(`no code: ${response.status}`);
  return code;
}

/** A POST to the token endpoint of `store`, answered as status and JSON body. */
export async function storeToken(
  emulator: Emulator,
  store: string,
  values: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${emulator.authUrlFor(store)}/api/admin/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
      ...values,
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** A refresh_token grant on `store`. */
export const refresh = (emulator: Emulator, store: string, refreshToken: string) =>
  storeToken(emulator, store, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** The `getMerchant` and `getAuthorizedApp` of a token. */
export async function whoAmI(emulator: Emulator, accessToken: string) {
  const response = await fetch(`${emulator.baseUrl}/api/v2/admin/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      query:
        '{ getMerchant { id storeName } getAuthorizedApp { id scope storeAppId partnerId addedDate deleted } }',
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: {
        getMerchant: { id: string; storeName: string };
        getAuthorizedApp: Record<string, unknown>;
      };
      errors?: { extensions?: { code?: string } }[];
    },
  };
}
