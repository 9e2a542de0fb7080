import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorStats } from './emulator-stats.js';
import type { FaultQueues } from './faults.js';
import type { AppScope } from './oauth-scopes.js';
import type { StoreState } from './store-state.js';
import { oauthError, readTokenForm, sendTokenAnswer } from './token-endpoint.js';
import type { TokenRegistry } from './token-registry.js';

/** What a store's token endpoint works with. */
export interface StoreGrantDeps {
  readonly clientId: string;
  readonly clientSecret: string;
  tokenLifetimeS(): number;
  readonly registry: TokenRegistry;
  /** The emulator's counters (a getter: `reset()` replaces them). */
  readonly stats: EmulatorStats;
  readonly faults: FaultQueues;
  /** Revokes the store's install: its refresh tokens and its access tokens. */
  revoke(store: StoreState): void;
}

const GRANTS = ['authorization_code', 'refresh_token', 'client_credentials'];

/**
 * `POST {store authUrl}/api/admin/oauth/token` of a public app: `authorization_code` and a
 * rotating `refresh_token` grant, with RFC 6749 §5.2 errors. `client_credentials` is the private
 * app's grant, on the private token host: here it is `unauthorized_client`. The shared
 * `faults.token` queue applies, as on the private token host.
 */
export async function handleStoreToken(
  req: IncomingMessage,
  res: ServerResponse,
  store: StoreState,
  deps: StoreGrantDeps,
): Promise<void> {
  deps.stats.tokenRequests++;
  store.stats.tokenRequests++;
  const read = await readTokenForm(req, res, deps);
  if (!read) return;
  const { form, fault } = read;
  const grantType = form.get('grant_type') ?? '';
  const required = [
    'grant_type',
    'client_id',
    'client_secret',
    ...(grantType === 'authorization_code' ? ['code', 'redirect_uri'] : []),
    ...(grantType === 'refresh_token' ? ['refresh_token'] : []),
  ];
  const missing = required.filter((name) => !form.get(name));
  if (missing.length > 0) {
    oauthError(res, 400, 'invalid_request', `Missing parameter: ${missing.join(', ')}`);
    return;
  }
  if (!GRANTS.includes(grantType)) {
    oauthError(
      res,
      400,
      'unsupported_grant_type',
      'Use authorization_code or refresh_token on a store host',
    );
    return;
  }
  if (form.get('client_id') !== deps.clientId || form.get('client_secret') !== deps.clientSecret) {
    oauthError(res, 401, 'invalid_client', 'Client authentication failed');
    return;
  }
  if (grantType === 'client_credentials') {
    oauthError(
      res,
      400,
      'unauthorized_client',
      'client_credentials is for the private app on the private token host; a store host takes authorization_code and refresh_token',
    );
    return;
  }
  const granted =
    grantType === 'authorization_code'
      ? exchangeCode(form, store, deps)
      : rotateRefreshToken(form, store, deps);
  if (!granted.ok) {
    oauthError(res, 400, 'invalid_grant', granted.description);
    return;
  }
  const lifetimeS = deps.tokenLifetimeS();
  const accessToken = deps.registry.issue(deps.clientId, lifetimeS, {
    store: store.name,
    scopes: granted.scopes,
  });
  deps.stats.tokensIssued++;
  store.stats.tokensIssued++;
  sendTokenAnswer(
    req,
    res,
    fault,
    {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: lifetimeS,
      refresh_token: granted.refreshToken,
      scope: granted.scopes.join(','),
    },
    { pragma: 'no-cache' },
  );
}

type Granted =
  | { ok: true; scopes: readonly AppScope[]; refreshToken: string }
  | { ok: false; description: string };

function exchangeCode(form: URLSearchParams, store: StoreState, deps: StoreGrantDeps): Granted {
  const redemption = store.install.redeemCode(form.get('code') ?? '', {
    clientId: deps.clientId,
    redirectUri: form.get('redirect_uri') ?? '',
  });
  if (!redemption.ok) {
    const description = {
      unknown: 'The authorization code is unknown or was already used',
      expired: 'The authorization code has expired',
      mismatch: 'redirect_uri does not match the authorization request',
    }[redemption.reason];
    return { ok: false, description };
  }
  const refreshToken = store.install.install(deps.clientId, redemption.scopes);
  deps.stats.codeExchanges++;
  store.stats.codeExchanges++;
  return { ok: true, scopes: redemption.scopes, refreshToken };
}

function rotateRefreshToken(
  form: URLSearchParams,
  store: StoreState,
  deps: StoreGrantDeps,
): Granted {
  const rotation = store.install.rotate(form.get('refresh_token') ?? '', deps.clientId);
  if (!rotation.ok) {
    if (rotation.reason === 'spent') {
      // OAuth 2.1 reuse detection: a spent token comes back only if it leaked (or an answer was
      // lost); either way the whole install is no longer to be trusted.
      deps.stats.spentRefreshTokenPresented++;
      store.stats.spentRefreshTokenPresented++;
      deps.revoke(store);
    }
    const description = {
      unknown: 'The refresh token is unknown',
      revoked: 'The refresh token was revoked (the app was uninstalled)',
      spent: 'The refresh token was already used: the install is revoked, install the app again',
      mismatch: 'The refresh token was issued to another client',
    }[rotation.reason];
    return { ok: false, description };
  }
  deps.stats.refreshes++;
  store.stats.refreshes++;
  return { ok: true, scopes: rotation.scopes, refreshToken: rotation.refreshToken };
}
