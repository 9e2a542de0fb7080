import { AdminApiError } from '@admin-api/auth';
import type { ErrorCountBucket, ErrorCountStore } from '@admin-api/client';
import {
  arrayReply,
  defineLuaScript,
  integerReply,
  type RedisScriptClient,
  runScript,
} from './lua-script.js';
import type { RedisHealth } from './redis-health.js';

/** The window is counted in this many buckets, as the client counts it. */
const BUCKETS = 60;

/**
 * KEYS: the app's error counts (a hash). ARGV: windowMs, bucketMs, requests and errors to add.
 *
 * Fields are `r:<windowMs>:<bucket>` and `e:<windowMs>:<bucket>`, so processes with different
 * windows keep apart. Anything else of the caller's window is dropped before counting: buckets
 * wholly before the window, buckets after Redis's now (its clock was set back), and values that
 * are not counts (written by someone else); a key that is not a hash is replaced. Then adds to
 * the bucket of Redis's now and returns every bucket of the window, oldest first, as
 * `{ageMs, requests, errors, …}` flat, `ageMs` how long ago the bucket began. Counted in Redis
 * time, so skewed hosts agree. The key lives at least a window after each write.
 */
const EXCHANGE_COUNTS = defineLuaScript(
  'exchange-error-counts',
  1,
  `local window = tonumber(ARGV[1])
local bucket_ms = tonumber(ARGV[2])
local now = redis_now_ms()
local current = math.floor(now / bucket_ms)
local oldest = math.floor((now - window) / bucket_ms)
local kind_of_key = redis.call('TYPE', KEYS[1])['ok']
if kind_of_key ~= 'hash' and kind_of_key ~= 'none' then redis.call('DEL', KEYS[1]) end
local fields = redis.call('HGETALL', KEYS[1])
local counts = {r = {}, e = {}}
local dead = {}
for i = 1, #fields, 2 do
  local kind, of_window, index = string.match(fields[i], '^([re]):(%d+):(%d+)$')
  if kind and tonumber(of_window) == window then
    local value = tonumber(fields[i + 1])
    index = tonumber(index)
    if index < oldest or index > current or not value or value < 0 or value ~= math.floor(value) or value > 1e15 then
      dead[#dead + 1] = fields[i]
    else
      counts[kind][index] = value
    end
  elseif not kind then
    dead[#dead + 1] = fields[i]
  end
end
for i = 1, #dead, 1000 do
  redis.call('HDEL', KEYS[1], unpack(dead, i, math.min(i + 999, #dead)))
end
local prefix = ':' .. window .. ':' .. current
if tonumber(ARGV[3]) > 0 then
  counts.r[current] = redis.call('HINCRBY', KEYS[1], 'r' .. prefix, ARGV[3])
end
if tonumber(ARGV[4]) > 0 then
  counts.e[current] = redis.call('HINCRBY', KEYS[1], 'e' .. prefix, ARGV[4])
end
if redis.call('PTTL', KEYS[1]) < window + bucket_ms then
  redis.call('PEXPIRE', KEYS[1], window + bucket_ms)
end
local out = {}
for index = oldest, current do
  if counts.r[index] or counts.e[index] then
    out[#out + 1] = math.max(0, now - index * bucket_ms)
    out[#out + 1] = counts.r[index] or 0
    out[#out + 1] = counts.e[index] or 0
  end
end
return out`,
  { usesTime: true },
);

/**
 * The app's error counts in Redis, shared by every process of the fleet. While Redis fails the
 * app the exchange rejects at once, and the client's budget counts on top of what it last knew;
 * an exchange that fails (a Redis user without `HINCRBY`, say) degrades nothing else.
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
        { background: true, optional: true },
      );
      return parseBuckets(reply);
    },
  };
}

/** The script's flat `{ageMs, requests, errors, …}` reply, as buckets. */
function parseBuckets(reply: unknown): ErrorCountBucket[] {
  const values = arrayReply(EXCHANGE_COUNTS, reply, 0).map((value) =>
    integerReply(EXCHANGE_COUNTS, value),
  );
  if (values.length % 3 !== 0 || values.some((value) => value < 0)) {
    throw new AdminApiError(
      'INVALID_RESPONSE',
      `Redis script "${EXCHANGE_COUNTS.name}" answered with something else than its counts`,
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
