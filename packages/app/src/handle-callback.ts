import { AdminApiError, exchangeAuthorizationCode, type RefreshableToken } from '@admin-api/auth';
import type { AdminClient } from '@admin-api/client';
import type { AppConfig } from './app-options.js';
import { type CallbackInput, callbackParams, param } from './callback-params.js';
import { InstallError } from './errors.js';
import type { StoreSession } from './session-store.js';
import { storeAuthUrl } from './store-auth-url.js';
import { checkStoreName } from './store-name.js';

/** What an install reads once with the new token: who the store is, and this install's id. */
const INSTALL_INFO = 'query AppInstallInfo{getAuthorizedApp{id}getMerchant{id}}';

interface InstallInfo {
  getAuthorizedApp: { id: string } | null;
  getMerchant: { id: string };
}

/** What the callback needs beyond the app's config. */
export interface CallbackDeps {
  /** A client for one store that uses `token`, for the install's one read. */
  clientWithToken(storeName: string, token: RefreshableToken): AdminClient;
}

/**
 * The install callback: checks the state (single use, unexpired, for this store) before anything
 * is sent, exchanges the code, reads `getAuthorizedApp` and `getMerchant` once, and stores the
 * session, which also clears a `needs_reinstall` mark.
 */
export async function handleInstallCallback(
  config: AppConfig,
  input: CallbackInput,
  deps: CallbackDeps,
): Promise<StoreSession> {
  const params = callbackParams(input);
  const state = params && param(params, 'state');
  if (!params || state === undefined) {
    throw new InstallError(
      'INVALID_CALLBACK',
      'Install callback has no state (or it is not a URL, or has the state twice): it did not come from an install this app started. Start the install again with app.installUrl.',
    );
  }
  const storeName = checkStoreName(param(params, 'storeName'), 'app.handleCallback');
  const named = `state ${JSON.stringify(state.length > 64 ? `${state.slice(0, 64)}…` : state)}`;
  const consumed = await config.sessions.consumeState(state);
  if (!consumed) {
    throw new InstallError(
      'INSTALL_STATE_UNKNOWN',
      `Install callback for store "${storeName}" carries ${named}, which this app never issued (or forgot after it expired): nothing was exchanged. Start the install again with app.installUrl.`,
      { storeName },
    );
  }
  if (consumed.alreadyUsed) {
    throw new InstallError(
      'INSTALL_STATE_REUSED',
      `Install callback for store "${storeName}" carries ${named}, which was used before (a replayed or resubmitted callback): nothing was exchanged.`,
      { storeName },
    );
  }
  if (config.now() >= consumed.record.expiresAt) {
    throw new InstallError(
      'INSTALL_STATE_EXPIRED',
      `Install callback for store "${storeName}" carries ${named}, which expired: installs must finish within 10 minutes. Start the install again with app.installUrl.`,
      { storeName },
    );
  }
  if (consumed.record.storeName !== storeName) {
    throw new InstallError(
      'INSTALL_STATE_WRONG_STORE',
      `Install callback for store "${storeName}" carries ${named}, which was issued for store "${consumed.record.storeName}": nothing was exchanged.`,
      { storeName },
    );
  }
  const code = param(params, 'code');
  const error = param(params, 'error');
  if (error !== undefined || code === undefined) {
    throw new InstallError(
      'INSTALL_CANCELLED',
      error === 'access_denied'
        ? `The install on store "${storeName}" was cancelled by the merchant.`
        : `The install on store "${storeName}" did not complete (${error === undefined ? 'no code' : `error ${JSON.stringify(error.slice(0, 64))}`}): start it again with app.installUrl.`,
      { storeName },
    );
  }

  const token = await exchangeAuthorizationCode({
    authUrl: storeAuthUrl(config, storeName),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    code,
    redirectUri: config.redirectUri,
    fetch: config.fetch,
    now: config.now,
    allowInsecureHttp: config.allowInsecureHttp,
  });
  const info = await deps
    .clientWithToken(storeName, token)
    .request<InstallInfo>(INSTALL_INFO, undefined, { operationName: 'AppInstallInfo' });
  const authorizedAppId = info.getAuthorizedApp?.id;
  const merchantId = info.getMerchant?.id;
  if (!authorizedAppId || !merchantId) {
    throw new AdminApiError(
      'INVALID_RESPONSE',
      `Store "${storeName}" answered the install's getAuthorizedApp and getMerchant without ids: report it to the service, then start the install again.`,
      { operationName: 'AppInstallInfo' },
    );
  }
  const session: StoreSession = {
    storeName,
    merchantId,
    authorizedAppId,
    scope: token.scope,
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    expiresAt: token.expiresAt,
    expiresIn: token.expiresIn,
  };
  await config.sessions.set(session);
  return session;
}
