import { createHash } from 'node:crypto';
import { checkKeyPrefix } from './keys.js';

/** The names of one store's keys in one app. All share one hash tag: one Cluster slot. */
export interface StoreSessionKeys {
  /**
   * Hash: `status` (`installed` or `needs_reinstall`); when installed, the sealed session
   * (`sealed`) and its refresh token's HMAC (`fingerprint`); when marked, `since`.
   */
  readonly session: string;
  /** String: the refresh lock's owner id; expires after the lock's lifetime. */
  readonly refreshLock: string;
  /** Pub/sub channel: a release of the refresh lock publishes on it. */
  readonly lockReleased: string;
}

/**
 * The store's name as it goes into key names: percent-encoded, so a name with `{`, `}` or `:`
 * can neither move the hash tag nor pass for another store's key. Store names are DNS labels,
 * which it leaves as they are.
 */
function storePart(storeName: string): string {
  if (typeof storeName !== 'string' || storeName === '') {
    throw new TypeError('"storeName" must be a non-empty string');
  }
  return encodeURIComponent(storeName);
}

/**
 * The keys of store `storeName` for the app whose `appTag` is `app`:
 * `{prefix}{<app tag>:<store>}:session` and so on: `storeSessionKeys('68f878900ad6', 'acme',
 * 'admin-api:').session` is `'admin-api:{68f878900ad6:acme}:session'`.
 */
export function storeSessionKeys(app: string, storeName: string, prefix: string): StoreSessionKeys {
  const base = `${checkKeyPrefix(prefix)}{${app}:${storePart(storeName)}}:`;
  return {
    session: `${base}session`,
    refreshLock: `${base}refresh-lock`,
    lockReleased: `${base}refresh-lock:released`,
  };
}

/**
 * Hash: a pending install state (`storeName`, `expiresAt`, `used`), named by the SHA-256 of the
 * state, never the state itself: `{prefix}{<app tag>}:install-state:<sha256 hex>`.
 */
export function installStateKey(app: string, state: string, prefix: string): string {
  const digest = createHash('sha256').update(state, 'utf8').digest('hex');
  return `${checkKeyPrefix(prefix)}{${app}}:install-state:${digest}`;
}
