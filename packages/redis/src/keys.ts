import { createHash } from 'node:crypto';
import { ConfigurationError } from '@admin-api/auth';

/** Prefix of every key the fleet writes. */
export const DEFAULT_KEY_PREFIX = 'admin-api:';

/** Hex characters of the client id's SHA-256 kept in key names: 48 bits, no collision in practice. */
const APP_TAG_LENGTH = 12;

/** The names of one app's keys. All share one hash tag, so on a Cluster they share one slot. */
export interface FleetKeys {
  /** Hash: the encrypted token and its fingerprint; expires with the token. */
  readonly token: string;
  /** String: the refresh lock's owner id; expires after the lock's lifetime. */
  readonly refreshLock: string;
  /** Sorted set: the rate budget's slots, scored by the (Redis) time each response arrived. */
  readonly budgetSlots: string;
  /** String: the Redis time until which the whole fleet holds its requests (after a 429). */
  readonly budgetPause: string;
  /** Hash: each budget config in use, with the Redis time it was last seen. */
  readonly budgetConfigs: string;
  /** String: written by a degraded process's probe, to learn whether Redis takes writes again. */
  readonly probe: string;
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
 * The keys of the app with `clientId`: `{prefix}{<app tag>}:token` and so on. Redis Cluster
 * hashes only what is inside the first `{…}`, so every script's keys land in one slot.
 *
 * @example
 * fleetKeys('my-client-id').token // 'admin-api:{68f878900ad6}:token'
 */
export function fleetKeys(clientId: string, prefix: string = DEFAULT_KEY_PREFIX): FleetKeys {
  return appKeys(appTag(clientId), prefix);
}

/** The keys of the app whose {@link appTag} is `app`, for a caller that already has the tag. */
export function appKeys(app: string, prefix: string): FleetKeys {
  const base = `${checkKeyPrefix(prefix)}{${app}}:`;
  return {
    token: `${base}token`,
    refreshLock: `${base}refresh-lock`,
    budgetSlots: `${base}budget:slots`,
    budgetPause: `${base}budget:pause`,
    budgetConfigs: `${base}budget:configs`,
    probe: `${base}probe`,
  };
}
