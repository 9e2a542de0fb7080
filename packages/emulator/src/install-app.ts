import { AUTHORIZE_PATH } from './authorize-request.js';
import { EmulatorError } from './errors.js';
import type { Emulator } from './start-emulator.js';
import { TOKEN_PATH } from './token-endpoint.js';

/** Options of {@link installApp}. */
export interface InstallAppOptions {
  /** Comma-separated scopes to ask for. @default 'read_products,read_orders' */
  scope?: string;
  /** Where the authorize endpoint redirects. @default 'http://localhost:3000/callback' */
  redirectUri?: string;
  /** @default 'emulator-state' */
  state?: string;
}

/** The token answer of an install. */
export interface InstalledApp {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Seconds, as the wire says. */
  readonly expiresIn: number;
  /** Comma-separated granted scopes. */
  readonly scope: string;
}

/**
 * Installs the emulator's app on store `storeName` over HTTP, as a merchant and an app would:
 * POSTs "Install" to the store's authorize endpoint, reads the code from the redirect, and
 * exchanges it at the store's token endpoint. Rejects with an `EmulatorError`
 * (`INSTALL_FAILED`) naming the step and status if one does not answer as expected.
 *
 * @example
 * const { accessToken, refreshToken } = await installApp(emulator, 'acme');
 */
export async function installApp(
  emulator: Emulator,
  storeName: string,
  options: InstallAppOptions = {},
): Promise<InstalledApp> {
  const authUrl = emulator.authUrlFor(storeName);
  const redirectUri = options.redirectUri ?? 'http://localhost:3000/callback';
  const consent = await fetch(`${authUrl}${AUTHORIZE_PATH}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      response_type: 'code',
      client_id: emulator.clientId,
      redirect_uri: redirectUri,
      scope: options.scope ?? 'read_products,read_orders',
      state: options.state ?? 'emulator-state',
      decision: 'install',
    }),
  });
  const location = consent.headers.get('location');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (consent.status !== 302 || !code) {
    throw new EmulatorError('INSTALL_FAILED', `authorize answered ${consent.status}, not a code`);
  }
  const exchange = await fetch(`${authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
      code,
      redirect_uri: redirectUri,
    }),
  });
  if (exchange.status !== 200) {
    throw new EmulatorError('INSTALL_FAILED', `the code exchange answered ${exchange.status}`);
  }
  const body = (await exchange.json()) as Record<string, unknown>;
  return {
    accessToken: String(body.access_token),
    refreshToken: String(body.refresh_token),
    expiresIn: Number(body.expires_in),
    scope: String(body.scope),
  };
}
