import { type AppScope, parseScopes } from './oauth-scopes.js';

/** Path of the authorize endpoint (consent page) below a store's `authUrl`. */
export const AUTHORIZE_PATH = '/api/admin/oauth/authorize';

/** The longest `state` the authorize endpoint accepts. */
export const MAX_STATE_LENGTH = 512;
/** The longest `redirect_uri` the authorize endpoint accepts. */
export const MAX_REDIRECT_URI_LENGTH = 2_048;

/** A checked authorization request. */
export interface AuthorizeRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scopes: readonly AppScope[];
  readonly state: string;
}

/** The request, or what is wrong with it (a fixed text, or one naming a scope; never a value). */
export type AuthorizeCheck =
  | { readonly ok: true; readonly request: AuthorizeRequest }
  | { readonly ok: false; readonly message: string };

const PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state'] as const;

/** True for an absolute http(s) URL without a fragment (RFC 6749 §3.1.2). */
function isRedirectUri(value: string): boolean {
  if (value.length > MAX_REDIRECT_URI_LENGTH || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && !value.includes('#');
}

/**
 * Checks the parameters of an authorization request (GET query or POSTed form), in the order
 * that decides whether an error may be sent back to the app: the client and the redirect URI
 * first. The emulator never redirects an invalid request, whatever is wrong with it.
 */
export function checkAuthorizeRequest(
  params: URLSearchParams,
  knownClientId: string,
): AuthorizeCheck {
  const fail = (message: string) => ({ ok: false, message }) as const;
  const repeated = PARAMETERS.find((name) => params.getAll(name).length > 1);
  if (repeated) return fail(`The parameter ${repeated} is given more than once.`);
  const clientId = params.get('client_id') ?? '';
  if (clientId === '') return fail('Missing client_id.');
  if (clientId !== knownClientId) return fail('Unknown client_id: no such app.');
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!isRedirectUri(redirectUri)) {
    return fail(
      `redirect_uri must be an absolute http or https URL without a fragment, at most ${MAX_REDIRECT_URI_LENGTH} characters.`,
    );
  }
  if (params.get('response_type') !== 'code') return fail('response_type must be "code".');
  const scopes = parseScopes(params.get('scope') ?? '');
  if (!scopes.ok) return fail(scopes.message);
  const state = params.get('state') ?? '';
  if (state === '' || state.length > MAX_STATE_LENGTH) {
    return fail(`state is required: 1 to ${MAX_STATE_LENGTH} characters.`);
  }
  return { ok: true, request: { clientId, redirectUri, scopes: scopes.scopes, state } };
}
