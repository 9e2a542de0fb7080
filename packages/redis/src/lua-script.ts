import { createHash } from 'node:crypto';
import { AdminApiError } from '@admin-api/auth';

/** Keys and arguments of one script call, as node-redis's `eval`/`evalSha` take them. */
export interface ScriptCallOptions {
  keys: string[];
  arguments: string[];
}

/**
 * The two commands the fleet needs from a Redis connection. A node-redis client, a Cluster client
 * (which routes each call to the node owning its first key's slot) and a caller's own client all
 * fit, whatever modules, scripts or RESP version they were created with.
 */
export interface RedisScriptClient {
  evalSha(sha1: string, options: ScriptCallOptions): Promise<unknown>;
  eval(script: string, options: ScriptCallOptions): Promise<unknown>;
}

/** A Lua script with its SHA1, ready for EVALSHA. */
export interface LuaScript {
  /** For error messages. */
  readonly name: string;
  readonly source: string;
  readonly sha1: string;
  readonly numberOfKeys: number;
}

/**
 * Redis's own clock in epoch milliseconds, prepended to every script that needs the time: hosts
 * with skewed clocks then agree on windows, pauses and lifetimes. Scripts are replicated by their
 * effects (the default since Redis 5), so reading `TIME` before writing is allowed.
 */
const REDIS_NOW_MS = `local function redis_now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

/**
 * Defines a script. `usesTime` prepends `redis_now_ms()`. node-redis's `defineScript` registers
 * scripts only on clients it creates; this runs on any client, a caller's included.
 */
export function defineLuaScript(
  name: string,
  numberOfKeys: number,
  body: string,
  { usesTime = false }: { usesTime?: boolean } = {},
): LuaScript {
  const source = usesTime ? REDIS_NOW_MS + body : body;
  return { name, source, numberOfKeys, sha1: createHash('sha1').update(source).digest('hex') };
}

/**
 * Runs `script` with EVALSHA and, when the server does not know it yet (a fresh or restarted
 * server, `SCRIPT FLUSH`, a new Cluster node), once more with EVAL, which also caches it: the
 * same fallback node-redis uses for the scripts it registers.
 */
export async function runScript(
  client: RedisScriptClient,
  script: LuaScript,
  keys: readonly string[],
  args: readonly (string | number)[],
): Promise<unknown> {
  if (keys.length !== script.numberOfKeys) {
    throw new TypeError(
      `Redis script "${script.name}" takes ${script.numberOfKeys} keys, got ${keys.length}`,
    );
  }
  const options: ScriptCallOptions = { keys: [...keys], arguments: args.map(String) };
  try {
    return await client.evalSha(script.sha1, options);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
    return client.eval(script.source, options);
  }
}

function unexpected(script: LuaScript, what: string): AdminApiError {
  return new AdminApiError(
    'INVALID_RESPONSE',
    `Redis script "${script.name}" answered with ${what}; is something else using its keys?`,
  );
}

/** A script's integer reply (Lua numbers arrive as integers). */
export function integerReply(script: LuaScript, reply: unknown): number {
  if (typeof reply === 'number' && Number.isInteger(reply)) return reply;
  throw unexpected(script, `a ${typeof reply} where an integer belongs`);
}

/** A script's bulk-string reply; a client with a Buffer type mapping gives Buffers. */
export function stringReply(script: LuaScript, reply: unknown): string {
  if (typeof reply === 'string') return reply;
  if (Buffer.isBuffer(reply)) return reply.toString('utf8');
  throw unexpected(script, `a ${typeof reply} where a string belongs`);
}

/** A script's array reply, at least `minLength` long. */
export function arrayReply(script: LuaScript, reply: unknown, minLength: number): unknown[] {
  if (Array.isArray(reply) && reply.length >= minLength) return reply;
  throw unexpected(script, `a ${Array.isArray(reply) ? 'short array' : typeof reply}`);
}
