import { randomBytes } from 'node:crypto';
import { checkPositiveInteger } from '@admin-api/auth/internal';
import { defineLuaScript, integerReply, type RedisScriptClient, runScript } from './lua-script.js';

/**
 * How long the refresh lock lives unless extended: longer than one token request usually takes,
 * and the most a process that dies holding it can delay the others.
 */
export const DEFAULT_LOCK_LIFETIME_MS = 5_000;

/** KEYS: lock. ARGV: owner id, lifetime ms. `SET NX PX`. Returns 1 if acquired, else 0. */
const ACQUIRE_LOCK = defineLuaScript(
  'acquire-refresh-lock',
  1,
  `if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`,
);

/** KEYS: lock. ARGV: owner id. Deletes the lock only if the owner still holds it. Returns 1 or 0. */
const RELEASE_LOCK = defineLuaScript(
  'release-refresh-lock',
  1,
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`,
);

/**
 * KEYS: lock. ARGV: owner id, lifetime ms. Restarts the lifetime only if the owner still holds
 * the lock. Returns 1 or 0.
 */
const EXTEND_LOCK = defineLuaScript(
  'extend-refresh-lock',
  1,
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`,
);

/** Options of {@link createRefreshLock}. */
export interface RefreshLockOptions {
  client: RedisScriptClient;
  /** The lock's key: `fleetKeys(clientId, prefix).refreshLock`. */
  key: string;
  /** @default 5000 ({@link DEFAULT_LOCK_LIFETIME_MS}) */
  lifetimeMs?: number;
}

/** A held refresh lock. */
export interface LockLease {
  /** Random id that proves ownership; not derived from anything secret. */
  readonly owner: string;
  /** Frees the lock if this lease still holds it. Resolves `true` if it did. */
  release(): Promise<boolean>;
  /** Restarts the lifetime if this lease still holds the lock. Resolves `true` if it did. */
  extend(): Promise<boolean>;
}

/** The fleet's refresh lock: at most one process fetches a token at a time. */
export interface RefreshLock {
  readonly lifetimeMs: number;
  /** Takes the lock if it is free; `undefined` if another owner holds it. Never waits. */
  tryAcquire(): Promise<LockLease | undefined>;
}

/**
 * Creates the {@link RefreshLock} stored at `key`. A lease that is neither released nor extended
 * expires after `lifetimeMs` of Redis time, so a dead holder delays the others by at most that.
 */
export function createRefreshLock(options: RefreshLockOptions): RefreshLock {
  const { client, key } = options;
  const lifetimeMs = checkPositiveInteger(
    'lifetimeMs',
    options.lifetimeMs ?? DEFAULT_LOCK_LIFETIME_MS,
  );

  const lease = (owner: string): LockLease => ({
    owner,
    async release() {
      return (
        integerReply(RELEASE_LOCK, await runScript(client, RELEASE_LOCK, [key], [owner])) === 1
      );
    },
    async extend() {
      const reply = await runScript(client, EXTEND_LOCK, [key], [owner, lifetimeMs]);
      return integerReply(EXTEND_LOCK, reply) === 1;
    },
  });

  return {
    lifetimeMs,
    async tryAcquire() {
      const owner = randomBytes(16).toString('hex');
      const reply = await runScript(client, ACQUIRE_LOCK, [key], [owner, lifetimeMs]);
      return integerReply(ACQUIRE_LOCK, reply) === 1 ? lease(owner) : undefined;
    },
  };
}
