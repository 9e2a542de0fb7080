import { randomBytes } from 'node:crypto';
import { ConfigurationError } from '@admin-api/auth';
import type { AppConfig } from './app-options.js';
import { storeEndpoint } from './store-auth-url.js';
import { checkStoreName } from './store-name.js';

/** Path of the authorize page below a store's token host. */
export const AUTHORIZE_PATH = '/api/admin/oauth/authorize';
/** How long an install's `state` is accepted: 10 minutes. */
export const INSTALL_STATE_LIFETIME_MS = 10 * 60 * 1000;
/** Bytes of randomness in a generated `state`: 256 bits, base64url-encoded to 43 characters. */
const STATE_BYTES = 32;
/** A `state` the caller supplies: URL-safe, long enough to carry 128 bits, bounded. */
const CALLER_STATE = /^[A-Za-z0-9_-]{22,512}$/;

/** Options of `app.installUrl`. */
export interface InstallUrlOptions {
  /** The store to install on: `acme` for acme.myikas.com. */
  storeName: string;
  /**
   * Your own `state` instead of a generated one: 22 to 512 URL-safe characters (A–Z, a–z, 0–9,
   * `-`, `_`) with at least 128 bits of randomness. @default 256 random bits
   */
  state?: string | undefined;
}

/** Where to send the merchant, and the state the callback must bring back. */
export interface InstallUrl {
  readonly url: string;
  readonly state: string;
}

/** The authorize URL of one install, with its state saved in the session store. */
export async function createInstallUrl(
  config: AppConfig,
  options: InstallUrlOptions,
): Promise<InstallUrl> {
  const storeName = checkStoreName(options?.storeName, 'app.installUrl');
  const state = options.state ?? randomBytes(STATE_BYTES).toString('base64url');
  if (!CALLER_STATE.test(state)) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"state" must be 22 to 512 URL-safe characters (A-Z, a-z, 0-9, "-", "_") carrying at ' +
        'least 128 random bits; leave it out to have one generated',
    );
  }
  const url = storeEndpoint(config, storeName, AUTHORIZE_PATH);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: config.scope,
    state,
  }).toString();
  await config.sessions.saveState({
    state,
    storeName,
    expiresAt: config.now() + INSTALL_STATE_LIFETIME_MS,
  });
  return { url: url.href, state };
}
