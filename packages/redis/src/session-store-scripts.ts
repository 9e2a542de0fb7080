import { defineLuaScript } from './lua-script.js';

/*
 * A store's session lives in one hash (see session-keys.ts). Installed: `status`, `sealed` (the
 * whole session, AES-256-GCM under a key derived from the client secret, the key name as AAD)
 * and `fingerprint` (an HMAC of its refresh token, so a script can compare tokens without
 * holding one). Marked: `status` and `since`. Every write sets the key's TTL again.
 */

/**
 * KEYS: session. ARGV: sealed, fingerprint, ttl ms, `cas` or `always`, fingerprint replaced.
 * Replaces the entry with the installed session; with `cas`, only if the stored one holds the
 * replaced refresh token. Returns 1 if it wrote, else 0.
 */
export const SET_SESSION = defineLuaScript(
  'set-session',
  1,
  `if ARGV[4] == 'cas' and redis.call('HGET', KEYS[1], 'fingerprint') ~= ARGV[5] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'status', 'installed', 'sealed', ARGV[1], 'fingerprint', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`,
);

/**
 * KEYS: session. ARGV: fingerprint of the refused refresh token, since (epoch ms), ttl ms.
 * Replaces the session with a `needs_reinstall` mark only if it still holds that refresh token.
 * Returns 1 if it did, else 0.
 */
export const MARK_NEEDS_REINSTALL = defineLuaScript(
  'mark-needs-reinstall',
  1,
  `if redis.call('HGET', KEYS[1], 'fingerprint') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'status', 'needs_reinstall', 'since', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`,
);

/** KEYS: session. Returns `{status, sealed, since}` (absent fields as false), or nil. */
export const GET_SESSION = defineLuaScript(
  'get-session',
  1,
  `local entry = redis.call('HMGET', KEYS[1], 'status', 'sealed', 'since')
if not entry[1] then return nil end
return entry`,
);

/** KEYS: session. Forgets the session or mark. Returns 1 if there was one, else 0. */
export const DELETE_SESSION = defineLuaScript(
  'delete-session',
  1,
  `return redis.call('DEL', KEYS[1])`,
);

/**
 * KEYS: install state. ARGV: store name, expiresAt (epoch ms), ttl ms.
 * Stores a new, unused install state. Returns 1.
 */
export const SAVE_STATE = defineLuaScript(
  'save-install-state',
  1,
  `redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'storeName', ARGV[1], 'expiresAt', ARGV[2], 'used', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`,
);

/**
 * KEYS: install state. Marks it used and returns `{storeName, expiresAt, used before}` in one
 * step, so of many callbacks with one state exactly one reads `0`; nil for an unknown state.
 */
export const CONSUME_STATE = defineLuaScript(
  'consume-install-state',
  1,
  `local entry = redis.call('HMGET', KEYS[1], 'storeName', 'expiresAt', 'used')
if not entry[1] then return nil end
redis.call('HSET', KEYS[1], 'used', '1')
return entry`,
);
