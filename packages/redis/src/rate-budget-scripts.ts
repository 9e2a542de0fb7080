import { defineLuaScript } from './lua-script.js';

/*
 * The fleet's rate budget counts as the client's pacer does: a slot counts from its acquisition
 * until `windowMs` after its response arrived. The server counts a request when it arrives, which
 * lies between the two, so its window never sees more than the limit.
 *
 * Slots live in a sorted set. A slot counts while its score is above `now - windowMs`; the score
 * is the (Redis) time its response arrived, or, while in flight, `acquisition + maxInFlightMs`: in
 * flight it counts anyway, and a process that dies mid-request frees its slot eventually. The set
 * also holds the generation marker, scored `+inf` (see ACQUIRE_SLOT), and lives at least
 * `windowMs + maxInFlightMs` after each acquisition, whatever it holds.
 */

/** Gives a key at least `ms` to live; never shortens a longer TTL another process set. */
const KEEP_AT_LEAST = `local function keep_at_least(key, ms)
  if redis.call('PTTL', key) < ms then redis.call('PEXPIRE', key, ms) end
end
`;

/**
 * KEYS: slots, pause, configs.
 * ARGV: limit (already times the share), windowMs, maxInFlightMs, slot id, config
 * (`limit/windowMs/share`), known generation (`''` when the caller vouches for none), a new
 * generation id (used if none is found), the caller's slowest recent request (ms), and how long
 * the caller's own requests through an earlier generation may still count at the server (ms).
 *
 * Records the caller's config as seen now and forgets configs unseen for `windowMs +
 * maxInFlightMs`. The strictest budget in use applies: the smallest `limit × share` of any
 * live config, counted over the longest window of any, which allows no process more than its
 * own config does.
 *
 * Then checks the generation marker, the one member of the slots set scored `+inf`:
 * `~generation:<id>:<hold until>`. It lives exactly as long as the set (whatever removes the set,
 * a flush, a delete, an eviction or a restart without persistence, removes it), so a caller that
 * knew another generation, or found none, learns that Redis lost the window. Then the fleet holds
 * (grants nothing) until the requests Redis forgot have left the server's window: the first to
 * notice holds it for the window plus its slowest recent request, and each later one extends the
 * hold by what its own earlier requests still need. A hold refuses no caller, unlike a pause.
 *
 * Then, unless a pause or a hold is in force, takes a slot if fewer than the limit count.
 * Returns `{granted (0|1), waitMs, now, paused (0|1), applied limit, applied windowMs,
 * generation, held (0|1), ...other live configs}`: `waitMs` is 0 when granted, else the earliest a
 * slot can free (in-flight slots free `windowMs` after a release that has not happened yet) or the
 * pause's or the hold's remaining time.
 */
export const ACQUIRE_SLOT = defineLuaScript(
  'acquire-budget-slot',
  3,
  `${KEEP_AT_LEAST}
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local in_flight = tonumber(ARGV[3])
local forget_after = window + in_flight
local now = redis_now_ms()

redis.call('HSET', KEYS[3], ARGV[5], now)
local others = {}
local configs = redis.call('HGETALL', KEYS[3])
for i = 1, #configs, 2 do
  if configs[i] ~= ARGV[5] then
    if tonumber(configs[i + 1]) <= now - forget_after then
      redis.call('HDEL', KEYS[3], configs[i])
    else
      others[#others + 1] = configs[i]
      local l, w, s = string.match(configs[i], '^(%d+)/(%d+)/([^/]+)$')
      local share = tonumber(s)
      if l and share then
        limit = math.min(limit, math.max(1, math.floor(tonumber(l) * share)))
        window = math.max(window, tonumber(w))
      end
    end
  end
end
local ttl = window + in_flight
keep_at_least(KEYS[3], ttl)

local known = ARGV[6]
local marker = redis.call('ZRANGEBYSCORE', KEYS[1], '+inf', '+inf', 'LIMIT', 0, 1)[1]
local generation, hold_until
if marker then generation, hold_until = string.match(marker, '^~generation:(%w+):(%d+)$') end
local lost
if generation then
  hold_until = tonumber(hold_until)
  lost = known ~= '' and known ~= generation
else
  generation = ARGV[7]
  hold_until = 0
  lost = known ~= ''
end
if lost then
  local until_ms = now + tonumber(ARGV[9])
  if hold_until == 0 then until_ms = math.max(until_ms, now + window + tonumber(ARGV[8])) end
  hold_until = math.max(hold_until, until_ms)
end
local current = '~generation:' .. generation .. ':' .. string.format('%.0f', hold_until)
if current ~= marker then
  if marker then redis.call('ZREM', KEYS[1], marker) end
  redis.call('ZADD', KEYS[1], 'inf', current)
end
keep_at_least(KEYS[1], ttl)

local function answer(granted, wait, paused, held)
  local reply = {granted, wait, now, paused, limit, window, generation, held}
  for _, config in ipairs(others) do reply[#reply + 1] = config end
  return reply
end

local pause_until = tonumber(redis.call('GET', KEYS[2]) or '0')
if pause_until > now then return answer(0, pause_until - now, 1, 0) end
if hold_until > now then return answer(0, hold_until - now, 0, 1) end

redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
-- The marker is not a slot.
local count = redis.call('ZCARD', KEYS[1]) - 1
if count >= limit then
  local blocking = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  local frees_at = math.min(tonumber(blocking[2]), now) + window
  return answer(0, math.max(frees_at - now, 1), 0, 0)
end
redis.call('ZADD', KEYS[1], now + in_flight, ARGV[4])
return answer(1, 0, 0, 0)`,
  { usesTime: true },
);

/**
 * KEYS: slots. ARGV: slot id, windowMs.
 * The response arrived: the slot counts until `now + windowMs`. A slot that already expired
 * (in flight longer than `maxInFlightMs + windowMs`) is not brought back. Returns
 * `{released (0|1), now}`.
 */
export const RELEASE_SLOT = defineLuaScript(
  'release-budget-slot',
  1,
  `${KEEP_AT_LEAST}
local now = redis_now_ms()
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {0, now} end
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
keep_at_least(KEYS[1], tonumber(ARGV[2]))
return {1, now}`,
  { usesTime: true },
);

/**
 * KEYS: pause. ARGV: ms.
 * Holds every acquisition of the fleet for `ms` from now (a 429's Retry-After); an existing
 * longer pause stays. The key expires when the pause ends. Returns `{remaining ms, now}`.
 */
export const PAUSE_BUDGET = defineLuaScript(
  'pause-budget',
  1,
  `local now = redis_now_ms()
local until_ms = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if until_ms > current then
  redis.call('SET', KEYS[1], until_ms, 'PX', ARGV[1])
  current = until_ms
end
return {current - now, now}`,
  { usesTime: true },
);
