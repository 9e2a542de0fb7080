import type { StoreData } from './store-data.js';
import type { EmulatorStoreStats, StoreState } from './store-state.js';
import type { EmulatorSimulations } from './webhook-simulations.js';

/** A store of a running emulator, with the emulator's app installable through OAuth. */
export interface EmulatorStore {
  /** The store's name, e.g. `acme` (`https://acme.myikas.com` in production). */
  readonly name: string;
  /** Origin of the store's own token host: authorize page, token endpoint, admin page. */
  readonly authUrl: string;
  /** What `getMerchant` answers as `id` for this store's tokens. */
  readonly merchantId: string;
  /** What `getAuthorizedApp` answers as `id` for this store's tokens. */
  readonly authorizedAppId: string;
  /** Whether the app is installed (a code was exchanged, and no revocation since). */
  readonly installed: boolean;
  /** The scopes of the current install; empty when not installed. */
  readonly scopes: readonly string[];
  /** The store's in-memory data, which its tokens' GraphQL requests read and change. */
  readonly data: StoreData;
  /** The store's counters; `emulator.reset()` zeroes them. */
  readonly stats: EmulatorStoreStats;
  /**
   * `appUrl` with the signed launch parameters the service adds when a merchant opens the app:
   * `storeName`, `merchantId`, `authorizedAppId`, `timestamp` (epoch ms on the emulator's clock)
   * and `signature`, the hex HMAC-SHA256 of `storeName + merchantId + timestamp` keyed with the
   * client secret. Throws an `EmulatorOptionError` if `appUrl` is not an absolute http(s) URL.
   */
  launchUrl(appUrl: string): string;
  /**
   * Uninstalls the app, as the admin page's Uninstall does: every access and refresh token of
   * the store's install is revoked (GraphQL answers 401, refreshes `invalid_grant`). A new
   * install (code exchange) makes it installed again.
   */
  revoke(): void;
  /**
   * Changes of this store that no Admin API mutation makes (an order placed on the storefront, a
   * customer's status, favourites, a payment for the app), each pushing its signed delivery to
   * the store's registrations as a mutation would.
   */
  readonly simulate: EmulatorSimulations;
}

/** The public face of a store's state. */
export function createEmulatorStore(
  state: StoreState,
  host: {
    authUrl: string;
    launchUrl: (state: StoreState, appUrl: string) => string;
    revoke: (state: StoreState) => void;
    simulate: EmulatorSimulations;
  },
): EmulatorStore {
  return {
    name: state.name,
    authUrl: host.authUrl,
    get merchantId() {
      return state.data.merchant.id;
    },
    authorizedAppId: state.authorizedAppId,
    get installed() {
      return state.install.installed;
    },
    get scopes() {
      return state.install.scopes;
    },
    get data() {
      return state.data;
    },
    get stats() {
      return state.stats;
    },
    launchUrl: (appUrl) => host.launchUrl(state, appUrl),
    revoke: () => host.revoke(state),
    simulate: host.simulate,
  };
}
