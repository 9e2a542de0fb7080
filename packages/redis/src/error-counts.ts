import { AdminApiError } from '@admin-api/auth';
import type { ErrorCountBucket, ErrorCountStore } from '@admin-api/client';
import { defineLuaScript, type RedisScriptClient, runScript } from './lua-script.js';
import type { RedisHealth } from './redis-health.js';

/** The window is counted in this many buckets, as the client counts it. */
const BUCKETS = 60;

/**
 * KEYS: the app's error counts (a hash). ARGV: windowMs, bucketMs, requests and errors to add.
 *
 * Adds to the bucket of Redis's now, forgets buckets wholly before the window, and returns every
 * bucket any part of which is inside it, oldest first, as `{ageMs, requests, errors, …}` flat:
 * `ageMs` how long ago the bucket began. Counted in Redis time, so skewed hosts agree.
 */
const EXCHANGE_COUNTS = defineLuaScript(
  'exchange-error-counts',
  1,
  `local window = tonumber(ARGV[1])
local bucket_ms = tonumber(ARGV[2])
local now = redis_now_ms()
local current = math.floor(now / bucket_ms)
local oldest = math.floor((now - window) / bucket_ms)
if tonumber(ARGV[3]) > 0 then redis.call('HINCRBY', KEYS[1], 'r' .. current, ARGV[3]) end
if tonumber(ARGV[4]) > 0 then redis.call('HINCRBY', KEYS[1], 'e' .. current, ARGV[4]) end
local fields = redis.call('HGETALL', KEYS[1])
local requests, errors, dead = {}, {}, {}
for i = 1, #fields, 2 do
  local kind = string.sub(fields[i], 1, 1)
  local index = tonumber(string.sub(fields[i], 2))
  if index == nil or index < oldest or (kind ~= 'r' and kind ~= 'e') then
    dead[#dead + 1] = fields[i]
  elseif kind == 'r' then
    requests[math.min(index, current)] = tonumber(fields[i + 1])
  else
    errors[math.min(index, current)] = tonumber(fields[i + 1])
  end
end
for i = 1, #dead, 1000 do
  redis.call('HDEL', KEYS[1], unpack(dead, i, math.min(i + 999, #dead)))
end
redis.call('PEXPIRE', KEYS[1], window + bucket_ms)
local out = {}
for index = oldest, current do
  if requests[index] or errors[index] then
    out[#out + 1] = math.max(0, now - index * bucket_ms)
    out[#out + 1] = requests[index] or 0
    out[#out + 1] = errors[index] or 0
  end
end
return out`,
  { usesTime: true },
);

/**
 * The app's error counts in Redis, shared by every process of the fleet. While Redis fails the
 * app the exchange rejects at once, and the client's budget counts on top of what it last knew.
 */
export function createRedisErrorCounts(options: {
  client: RedisScriptClient;
  key: string;
  health: RedisHealth;
}): ErrorCountStore {
  const { client, key, health } = options;
  return {
    async exchange(added, windowMs) {
      const bucketMs = Math.max(1, Math.ceil(windowMs / BUCKETS));
      const reply = await health.run(
        () =>
          runScript(
            client,
            EXCHANGE_COUNTS,
            [key],
            [Math.ceil(windowMs), bucketMs, added.requests, added.errors],
          ),
        { background: true },
      );
      return parseBuckets(reply);
    },
  };
}

function parseBuckets(reply: unknown): ErrorCountBucket[] {
  const values = Array.isArray(reply) ? reply.map(Number) : [];
  if (!Array.isArray(reply) || values.length % 3 !== 0 || values.some((n) => !(n >= 0))) {
    throw new AdminApiError(
      'INVALID_RESPONSE',
      'Redis answered the error counts script with something else than its counts',
    );
  }
  const buckets: ErrorCountBucket[] = [];
  for (let i = 0; i < values.length; i += 3) {
    buckets.push({
      ageMs: values[i] as number,
      requests: values[i + 1] as number,
      errors: values[i + 2] as number,
    });
  }
  return buckets;
}
