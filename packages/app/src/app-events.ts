import type { AdminApiEvent } from '@admin-api/client';
import type { AppError } from './errors.js';

/**
 * What an app reports, as a union discriminated by `type`, in the kit's one event style. No
 * event carries a token, a refresh token, a code or the secret; `tokenFingerprint` is the last
 * six characters of an access token, enough to correlate log lines.
 */
export type AppEvent =
  | { readonly type: 'app_install_started'; readonly storeName: string }
  | {
      readonly type: 'app_installed';
      readonly storeName: string;
      readonly merchantId: string;
      readonly authorizedAppId: string;
      readonly scope: string;
    }
  /** A callback or launch that was refused; `error` says why. */
  | { readonly type: 'app_request_refused'; readonly error: AppError }
  | {
      readonly type: 'app_token_refreshed';
      readonly storeName: string;
      readonly expiresAt: number;
      readonly tokenFingerprint: string;
    }
  /** A refresh that failed for a reason that may pass (network, 5xx, timeout). */
  | {
      readonly type: 'app_refresh_failed';
      readonly storeName: string;
      readonly error: Error;
      /** Epoch ms before which this process does not try again. */
      readonly retryAt: number;
    }
  | { readonly type: 'app_store_needs_reinstall'; readonly storeName: string }
  | { readonly type: 'app_uninstalled'; readonly storeName: string };

/** An event of a store's client (`graphql_*`, `token_*`, `fleet_*`), with the store it is for. */
export type StoreClientEvent = AdminApiEvent & { readonly storeName: string };

/** Receives {@link AppEvent}s and every store client's events. Exceptions it throws are ignored. */
export type AppEventListener = (event: AppEvent | StoreClientEvent) => void;
