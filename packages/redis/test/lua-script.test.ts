import { AdminApiError } from '@admin-api/auth';
import type { RedisClientType, RedisClusterType } from '@redis/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  defineLuaScript,
  integerReply,
  type RedisScriptClient,
  runScript,
} from '../src/lua-script.js';
import { useRedisServer } from './redis-fixture.js';

const NOW = defineLuaScript('now', 0, 'return redis_now_ms()', { usesTime: true });

describe('running Lua scripts', () => {
  const redis = useRedisServer();

  it('runs a script the server has never seen, and caches it for EVALSHA', async () => {
    await redis.client.scriptFlush();
    expect(await redis.client.scriptExists(NOW.sha1)).toEqual([0]);
    const now = integerReply(NOW, await runScript(redis.client, NOW, [], []));
    expect(now).toBeGreaterThan(Date.UTC(2020, 0));
    expect(await redis.client.scriptExists(NOW.sha1)).toEqual([1]);
  });

  it('reads the time from Redis, in milliseconds', async () => {
    const [seconds] = (await redis.client.sendCommand(['TIME'])) as [string, string];
    const now = integerReply(NOW, await runScript(redis.client, NOW, [], []));
    expect(Math.floor(now / 1000) - Number(seconds)).toBeLessThanOrEqual(1);
  });

  it("passes a script's own error through", async () => {
    const failing = defineLuaScript('failing', 0, "return redis.error_reply('ERR broken')");
    await expect(runScript(redis.client, failing, [], [])).rejects.toThrow('ERR broken');
  });

  it('a reply of an unexpected shape is an INVALID_RESPONSE error', async () => {
    const text = defineLuaScript('text', 0, "return 'text'");
    const reply = await runScript(redis.client, text, [], []);
    expect(() => integerReply(text, reply)).toThrow(AdminApiError);
    expect(() => integerReply(text, reply)).toThrow(
      expect.objectContaining({ code: 'INVALID_RESPONSE' }),
    );
  });

  it('refuses a call with the wrong number of keys', async () => {
    await expect(runScript(redis.client, NOW, ['extra'], [])).rejects.toThrow(TypeError);
  });

  it('accepts node-redis clients and Cluster clients', () => {
    expectTypeOf<RedisClientType>().toExtend<RedisScriptClient>();
    expectTypeOf<RedisClusterType>().toExtend<RedisScriptClient>();
  });
});
