import { defineLuaScript } from './lua-script.js';

/*
 * The shared token lives in one hash: `ciphertext` (see token-cipher.ts in @admin-api/auth) and `fingerprint` (an
 * HMAC of the token). The key's TTL is the token's remaining lifetime, so Redis's clock, not the
 * writer's, says when it expires, and an abandoned app's token disappears on its own.
 */

/**
 * KEYS: token. ARGV: ciphertext, fingerprint, ttl ms (> 0).
 * Replaces the stored token. Returns 1.
 */
export const SET_TOKEN = defineLuaScript(
  'set-token',
  1,
  `redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'ciphertext', ARGV[1], 'fingerprint', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`,
);

/**
 * KEYS: token. Returns `[ciphertext, remaining ms]`, or nil when there is no token. Read in one
 * step so the lifetime belongs to the ciphertext it comes with.
 */
export const GET_TOKEN = defineLuaScript(
  'get-token',
  1,
  `local ciphertext = redis.call('HGET', KEYS[1], 'ciphertext')
if not ciphertext then return false end
return {ciphertext, redis.call('PTTL', KEYS[1])}`,
);

/**
 * KEYS: token. ARGV: fingerprint of the rejected token.
 * Deletes the token only if it is the rejected one: of a burst of 401s for one stale token, the
 * first clears it and the rest find a newer token (or none) and leave it alone. Returns 1 if it
 * deleted, else 0.
 */
export const COMPARE_AND_DELETE_TOKEN = defineLuaScript(
  'compare-and-delete-token',
  1,
  `if redis.call('HGET', KEYS[1], 'fingerprint') == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`,
);

/** KEYS: token. Deletes whatever token is stored. Returns 1 if there was one, else 0. */
export const DELETE_TOKEN = defineLuaScript('delete-token', 1, `return redis.call('DEL', KEYS[1])`);
