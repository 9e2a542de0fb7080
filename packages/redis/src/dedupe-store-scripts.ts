import { defineLuaScript } from './lua-script.js';

/*
 * One string key per delivery id: `lease:<until>:<token>` while a process holds it, `done:<until>`
 * once handled. `<until>` is a deadline in the callers' clock (epoch ms), passed in and compared
 * with the `now` each call passes: the key's PX, set a margin past it, only frees the space.
 * Anything else under the key (another type, a longer value, another form) was not written by
 * the store: `read` calls it `invalid`, and no script overwrites it.
 */

/** Longest value the store writes, with room to spare: a longer one is not the store's. */
export const MAX_DEDUPE_VALUE_BYTES = 96;

/**
 * `read(key)`: `'none'`; `'lease', until, token`; `'done', until`; or `'invalid'`. It reads a value
 * only once it knows the value is short, so a large foreign value is never copied into Lua.
 */
const READ = `local function read(key)
  local kind = redis.call('TYPE', key).ok
  if kind == 'none' then return 'none' end
  if kind ~= 'string' or redis.call('STRLEN', key) > ${MAX_DEDUPE_VALUE_BYTES} then return 'invalid' end
  local value = redis.call('GET', key)
  local done_until = string.match(value, '^done:(%d+)$')
  if done_until then return 'done', tonumber(done_until) end
  local lease_until, token = string.match(value, '^lease:(%d+):([%w_-]+)$')
  if lease_until then return 'lease', tonumber(lease_until), token end
  return 'invalid'
end
`;

/**
 * KEYS: the id's key. ARGV: now, the lease's deadline, the new token, PX.
 * Leases the id unless a lease or completion is still running (`busy`, `done`) or the key holds
 * something else (`invalid`). Returns `claimed`, `busy`, `done` or `invalid`.
 */
export const CLAIM_DELIVERY = defineLuaScript(
  'claim-delivery',
  1,
  `${READ}local kind, deadline = read(KEYS[1])
if kind == 'invalid' then return 'invalid' end
if kind ~= 'none' and tonumber(ARGV[1]) < deadline then
  if kind == 'done' then return 'done' end
  return 'busy'
end
redis.call('SET', KEYS[1], 'lease:' .. ARGV[2] .. ':' .. ARGV[3], 'PX', ARGV[4])
return 'claimed'`,
);

/**
 * KEYS: the id's key. ARGV: the completion's deadline, PX.
 * Marks the id done until the deadline, whoever holds it, keeping a later deadline already set.
 * Returns `done`, or `invalid` (and writes nothing) when the key holds something else.
 */
export const COMPLETE_DELIVERY = defineLuaScript(
  'complete-delivery',
  1,
  `${READ}local kind, deadline = read(KEYS[1])
if kind == 'invalid' then return 'invalid' end
if kind == 'done' and deadline >= tonumber(ARGV[1]) then return 'done' end
redis.call('SET', KEYS[1], 'done:' .. ARGV[1], 'PX', ARGV[2])
return 'done'`,
);

/**
 * KEYS: the id's key. ARGV: the token. Deletes the key only while it holds the lease of that
 * token. Returns 1 if it did, else 0.
 */
export const RELEASE_DELIVERY = defineLuaScript(
  'release-delivery',
  1,
  `${READ}local kind, _, token = read(KEYS[1])
if kind == 'lease' and token == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0`,
);

/**
 * KEYS: the id's key. ARGV: the token, the lease's new deadline, PX.
 * Moves the lease to the new deadline, and its PX with it, only while the key holds the lease of
 * that token: a lease whose deadline passed included, as long as no claim took it over. Returns
 * 1 if it did, else 0 (also when the key holds something the store did not write).
 */
export const EXTEND_DELIVERY = defineLuaScript(
  'extend-delivery',
  1,
  `${READ}local kind, _, token = read(KEYS[1])
if kind == 'lease' and token == ARGV[1] then
  redis.call('SET', KEYS[1], 'lease:' .. ARGV[2] .. ':' .. token, 'PX', ARGV[3])
  return 1
end
return 0`,
);
