import { createHash, hkdfSync } from 'node:crypto';
import { ConfigurationError } from '@admin-api/auth';

/** Prefix of every key the fleet writes. */
export const DEFAULT_KEY_PREFIX = 'admin-api:';

/** Hex characters of the client id's SHA-256 kept in key names: 48 bits, no collision in practice. */
const APP_TAG_LENGTH = 12;
/** Bytes of the secret's key id: 48 bits, 12 hex digits in key names. */
const KEY_ID_BYTES = 6;
/** HKDF salt and info of the key id: none of the token cipher's, so it says nothing of its keys. */
const KEY_ID_SALT = 'admin-api/redis key id v1';
const KEY_ID_INFO = 'fleet token key id';

/**
 * The names of one app's keys that every process shares, whatever its client secret. All of an
 * app's keys share one hash tag, so on a Cluster they share one slot.
 */
export interface FleetKeys {
  /**
   * Sorted set: the rate budget's slots, scored by the (Redis) time each response arrived, and
   * the generation marker (scored `+inf`), which goes when the set goes.
   */
  readonly budgetSlots: string;
  /** String: the Redis time until which the whole fleet holds its requests (after a 429). */
  readonly budgetPause: string;
  /** Hash: each budget config in use, with the Redis time it was last seen. */
  readonly budgetConfigs: string;
  /** String: written by a degraded process's probe, to learn whether Redis takes writes again. */
  readonly probe: string;
  /**
   * Hash: the app's answered requests (`r<bucket>`) and errors (`e<bucket>`) per sixtieth of the
   * error budget's window, for the clients' error budgets; expires a window after its last write.
   */
  readonly errorCounts: string;
}

/**
 * The names of the keys of one client secret of an app: processes with another secret (a
 * rotation under way) keep their own token beside it instead of overwriting one another's.
 */
export interface TokenKeys {
  /** Hash: the encrypted token and its fingerprint; expires with the token. */
  readonly token: string;
  /** String: the refresh lock's owner id; expires after the lock's lifetime. */
  readonly refreshLock: string;
}

/**
 * Names an app in keys without naming it: the first 12 hex digits of the client id's SHA-256.
 * The client id is not a secret, but key names show up in monitoring and `SCAN` output.
 */
export function appTag(clientId: string): string {
  if (!clientId) {
    throw new ConfigurationError('INVALID_OPTION', '"clientId" must be a non-empty string');
  }
  return createHash('sha256').update(clientId).digest('hex').slice(0, APP_TAG_LENGTH);
}

/**
 * Names a client secret in keys without revealing it: 12 hex digits derived from it by
 * HKDF-SHA256 (a salt and info of its own, so nothing of the token cipher's keys). One-way: the
 * id leads neither to the secret nor to the keys that encrypt the token. Processes with the same
 * secret agree on it; two secrets of one app (a rotation) get two ids, so two tokens.
 */
export function secretKeyId(clientSecret: string): string {
  if (!clientSecret) {
    throw new ConfigurationError('INVALID_OPTION', '"clientSecret" must be a non-empty string');
  }
  return Buffer.from(
    hkdfSync('sha256', clientSecret, KEY_ID_SALT, KEY_ID_INFO, KEY_ID_BYTES),
  ).toString('hex');
}

/** Returns `prefix` if it can prefix key names; throws a ConfigurationError naming `keyPrefix` if not. */
export function checkKeyPrefix(prefix: unknown): string {
  if (typeof prefix !== 'string' || /[{}]/.test(prefix)) {
    // A brace in the prefix would become the hash tag, putting every app in one slot.
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"keyPrefix" must be a string without "{" or "}" (got ${JSON.stringify(prefix)}); the app's hash tag supplies the braces`,
    );
  }
  return prefix;
}

/**
 * The shared keys of the app with `clientId`: `{prefix}{<app tag>}:budget:slots` and so on.
 * Redis Cluster hashes only what is inside the first `{…}`, so every script's keys land in one
 * slot.
 *
 * @example
 * fleetKeys('my-client-id').budgetSlots // 'admin-api:{68f878900ad6}:budget:slots'
 */
export function fleetKeys(clientId: string, prefix: string = DEFAULT_KEY_PREFIX): FleetKeys {
  return appKeys(appTag(clientId), prefix);
}

/**
 * The token keys of the app with `clientId` as processes with `clientSecret` use them.
 *
 * @example
 * fleetTokenKeys('my-client-id', secret).token // 'admin-api:{68f878900ad6}:token:<key id>'
 */
export function fleetTokenKeys(
  clientId: string,
  clientSecret: string,
  prefix: string = DEFAULT_KEY_PREFIX,
): TokenKeys {
  return tokenKeys(appTag(clientId), secretKeyId(clientSecret), prefix);
}

/** The token keys of app `app` (its {@link appTag}) and secret `keyId` (its {@link secretKeyId}). */
export function tokenKeys(app: string, keyId: string, prefix: string): TokenKeys {
  const base = `${checkKeyPrefix(prefix)}{${app}}:`;
  return { token: `${base}token:${keyId}`, refreshLock: `${base}refresh-lock:${keyId}` };
}

/** The shared keys of the app whose {@link appTag} is `app`, for a caller that has the tag. */
export function appKeys(app: string, prefix: string): FleetKeys {
  const base = `${checkKeyPrefix(prefix)}{${app}}:`;
  return {
    budgetSlots: `${base}budget:slots`,
    budgetPause: `${base}budget:pause`,
    budgetConfigs: `${base}budget:configs`,
    probe: `${base}probe`,
    errorCounts: `${base}errors`,
  };
}
