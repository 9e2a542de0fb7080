import { randomBytes } from 'node:crypto';
import { checkPositiveInteger } from '@admin-api/auth/internal';
import {
  arrayReply,
  defineLuaScript,
  integerReply,
  type RedisScriptClient,
  runScript,
} from './lua-script.js';

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

/**
 * KEYS: lock. ARGV: owner id, lifetime ms. `SET NX PX`. Returns `{1, lifetime}` if acquired, else
 * `{0, the holder's remaining ms}` (`-1` for a key without expiry, which no lock writes).
 */
const ATTEMPT_LOCK = defineLuaScript(
  'attempt-refresh-lock',
  1,
  `if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, tonumber(ARGV[2])} end
return {0, redis.call('PTTL', KEYS[1])}`,
);

/** KEYS: lock. ARGV: owner id. Deletes the lock only if the owner still holds it. Returns 1 or 0. */
const RELEASE_LOCK = defineLuaScript(
  'release-refresh-lock',
  1,
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`,
);

/**
 * KEYS: lock. ARGV: owner id, channel. Deletes the lock only if the owner still holds it, and then
 * publishes on the channel in the same step, so a waiter subscribed to it tries again at once.
 * Returns 1 or 0.
 */
const RELEASE_AND_PUBLISH_LOCK = defineLuaScript(
  'release-and-publish-refresh-lock',
  1,
  `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', ARGV[2], 'released')
  return 1
end
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
  /**
   * A pub/sub channel every release publishes on (in the script that deletes the lock), for
   * waiters that subscribe instead of polling. Not a secret: it shows in `PUBSUB CHANNELS`.
   */
  releaseChannel?: string;
}

/** What {@link AttemptableRefreshLock.attempt} found. */
export type LockAttempt =
  | { readonly lease: LockLease }
  /** Another owner holds it for `remainingMs` more of Redis time (`-1`: no expiry). */
  | { readonly lease: undefined; readonly remainingMs: number };

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

/** A {@link RefreshLock} that also tells a waiter how long the holder's lease has left. */
export interface AttemptableRefreshLock extends RefreshLock {
  /**
   * Like {@link RefreshLock.tryAcquire}, and when another owner holds the lock, says for how
   * long at most: a waiter without a release message need not try again before then.
   */
  attempt(): Promise<LockAttempt>;
}

/**
 * Creates the {@link RefreshLock} stored at `key`. A lease that is neither released nor extended
 * expires after `lifetimeMs` of Redis time, so a dead holder delays the others by at most that.
 */
export function createRefreshLock(options: RefreshLockOptions): AttemptableRefreshLock {
  const { client, key, releaseChannel } = options;
  const lifetimeMs = checkPositiveInteger(
    'lifetimeMs',
    options.lifetimeMs ?? DEFAULT_LOCK_LIFETIME_MS,
  );

  const lease = (owner: string): LockLease => ({
    owner,
    async release() {
      if (releaseChannel === undefined) {
        return (
          integerReply(RELEASE_LOCK, await runScript(client, RELEASE_LOCK, [key], [owner])) === 1
        );
      }
      const script = RELEASE_AND_PUBLISH_LOCK;
      const reply = await runScript(client, script, [key], [owner, releaseChannel]);
      return integerReply(script, reply) === 1;
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
    async attempt() {
      const owner = randomBytes(16).toString('hex');
      const reply = await runScript(client, ATTEMPT_LOCK, [key], [owner, lifetimeMs]);
      const [acquired, remaining] = arrayReply(ATTEMPT_LOCK, reply, 2);
      if (integerReply(ATTEMPT_LOCK, acquired) === 1) return { lease: lease(owner) };
      return { lease: undefined, remainingMs: integerReply(ATTEMPT_LOCK, remaining) };
    },
  };
}
