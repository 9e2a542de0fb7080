import type { DedupeClaim, WebhookDedupeStore } from '@admin-api/app';
import {
  checkClaimToken,
  checkDeliveryId,
  dedupeClock,
  newClaimToken,
} from '@admin-api/app/internal';
import { AdminApiError, ConfigurationError } from '@admin-api/auth';
import { checkDurationMs } from '@admin-api/auth/internal';
import {
  CLAIM_DELIVERY,
  COMPLETE_DELIVERY,
  EXTEND_DELIVERY,
  RELEASE_DELIVERY,
} from './dedupe-store-scripts.js';
import { openFleetConnection, type RedisFleetConnection } from './fleet-connection.js';
import { integerReply, type LuaScript, runScript, stringReply } from './lua-script.js';
import {
  type RedisDedupeStoreOptions,
  resolveRedisDedupeStoreConfig,
} from './redis-dedupe-store-options.js';
import { CommandTimeout, withTimeout } from './redis-health.js';

/** A {@link WebhookDedupeStore} on Redis: pass it to `createWebhookHandler({ ..., dedupe })`. */
export interface RedisDedupeStore extends WebhookDedupeStore {
  /**
   * Closes the connection the store opened for a `{ url }`; a client passed in stays open. Calls
   * made after it reject with a ConfigurationError (`INVALID_OPTION`).
   */
  close(): Promise<void>;
}

/**
 * How long past its deadline a key is kept before Redis deletes it: room for processes whose
 * clocks run behind, which judge the deadline later. Only frees space; never decides.
 */
export const DEDUPE_EXPIRY_MARGIN_MS = 60_000;
/** The store's own client reconnects at least this often while Redis is away. */
const MAX_RECONNECT_DELAY_MS = 1_000;

const DONE: DedupeClaim = { outcome: 'done' };
const BUSY: DedupeClaim = { outcome: 'busy' };

/**
 * Creates a dedupe store for webhook deliveries in Redis, shared by every process of an app: one
 * key per delivery id (`keyPrefix` and the id, percent-encoded), and one Lua script per call, so
 * each claim, complete, release and extend is atomic. Deadlines are the callers' clock (`now`)
 * stored in the value; each key expires a minute after its deadline, which only frees space, and
 * `extend` moves both. `extend` moves a lease whose deadline passed too, while no claim has taken
 * it over (its key is then still there for a minute). A key that holds anything the store did not
 * write fails `claim` and `complete` with an `AdminApiError` (`INVALID_RESPONSE`), makes `extend`
 * answer false, and is left as it is. Each call waits at most `commandTimeoutMs` (2 s by default)
 * for Redis, then rejects with an `AdminApiError` (`TIMEOUT`). Options are checked here; the
 * connection opens in the background.
 *
 * @example
 * const dedupe = createRedisDedupeStore({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
 * // createWebhookHandler({ clientSecret, onEvent, dedupe }) of @admin-api/app
 * // on shutdown: await dedupe.close();
 */
export function createRedisDedupeStore(
  connection: RedisFleetConnection,
  options: RedisDedupeStoreOptions = {},
): RedisDedupeStore {
  checkConnection(connection);
  const { keyPrefix, now, commandTimeoutMs } = resolveRedisDedupeStoreConfig(options);
  const redis = openFleetConnection(connection, { maxReconnectDelayMs: MAX_RECONNECT_DELAY_MS });
  let closed = false;

  const keyOf = (id: string) => `${keyPrefix}${encodeURIComponent(id)}`;
  const clock = dedupeClock(now);
  /** A call Redis did not answer in time; `sent` when the script went out and may yet run. */
  const timedOut = (script: LuaScript, sent: boolean, cause?: unknown) =>
    new AdminApiError(
      'TIMEOUT',
      sent
        ? `Redis did not answer the webhook dedupe store's "${script.name}" within ${commandTimeoutMs} ms (commandTimeoutMs); the script may still run once it does`
        : `No connection to Redis within ${commandTimeoutMs} ms (commandTimeoutMs); the webhook dedupe store's "${script.name}" was not sent`,
      { cause, mayHaveBeenApplied: sent },
    );
  const run = async (script: LuaScript, key: string, args: (string | number)[]) => {
    if (closed) {
      throw new ConfigurationError(
        'INVALID_OPTION',
        'This dedupe store is closed; close it only once the webhook handler is done',
      );
    }
    const startedAt = performance.now();
    const connected = await redis.gate.wait(commandTimeoutMs);
    const leftMs = commandTimeoutMs - (performance.now() - startedAt);
    if (!connected || leftMs <= 0) throw timedOut(script, false);
    try {
      return await withTimeout(
        runScript(redis.client, script, [key], args),
        leftMs,
        `no answer within ${commandTimeoutMs} ms`,
      );
    } catch (error) {
      if (error instanceof CommandTimeout) throw timedOut(script, true, error);
      throw error;
    }
  };
  /** A key that holds what the store did not write: never overwritten, never an answer. */
  const foreign = (key: string) =>
    new AdminApiError(
      'INVALID_RESPONSE',
      `Redis key "${key}" holds a value the webhook dedupe store did not write, so the delivery is neither claimed nor marked done; is something else using the prefix "${keyPrefix}"? Delete the key to let the delivery through.`,
    );

  return {
    async claim(id, leaseMs) {
      checkDeliveryId(id);
      const ms = Math.ceil(checkDurationMs('leaseMs', leaseMs));
      const at = clock();
      const token = newClaimToken();
      const key = keyOf(id);
      const reply = stringReply(
        CLAIM_DELIVERY,
        await run(CLAIM_DELIVERY, key, [at, at + ms, token, ms + DEDUPE_EXPIRY_MARGIN_MS]),
      );
      if (reply === 'claimed') return { outcome: 'claimed', token };
      if (reply === 'done') return DONE;
      if (reply === 'busy') return BUSY;
      if (reply === 'invalid') throw foreign(key);
      throw unexpected(CLAIM_DELIVERY);
    },

    async complete(id, token, keepMs) {
      checkDeliveryId(id);
      checkClaimToken(token);
      const ms = Math.ceil(checkDurationMs('keepMs', keepMs));
      const key = keyOf(id);
      const reply = stringReply(
        COMPLETE_DELIVERY,
        await run(COMPLETE_DELIVERY, key, [clock() + ms, ms + DEDUPE_EXPIRY_MARGIN_MS]),
      );
      if (reply === 'invalid') throw foreign(key);
      if (reply !== 'done') throw unexpected(COMPLETE_DELIVERY);
    },

    async release(id, token) {
      checkDeliveryId(id);
      checkClaimToken(token);
      integerReply(RELEASE_DELIVERY, await run(RELEASE_DELIVERY, keyOf(id), [token]));
    },

    async extend(id, token, leaseMs) {
      checkDeliveryId(id);
      checkClaimToken(token);
      const ms = Math.ceil(checkDurationMs('leaseMs', leaseMs));
      const reply = integerReply(
        EXTEND_DELIVERY,
        await run(EXTEND_DELIVERY, keyOf(id), [token, clock() + ms, ms + DEDUPE_EXPIRY_MARGIN_MS]),
      );
      return reply === 1;
    },

    async close() {
      if (closed) return;
      closed = true;
      await redis.close(commandTimeoutMs);
    },
  };
}

function checkConnection(connection: unknown): void {
  const valid =
    typeof connection === 'object' &&
    connection !== null &&
    ('client' in connection
      ? typeof (connection.client as { evalSha?: unknown } | null)?.evalSha === 'function' &&
        typeof (connection.client as { eval?: unknown }).eval === 'function'
      : 'url' in connection);
  if (!valid) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      '"connection" must be { url } or { client } (a node-redis client, or anything with its evalSha() and eval())',
    );
  }
}

function unexpected(script: LuaScript): AdminApiError {
  return new AdminApiError(
    'INVALID_RESPONSE',
    `Redis script "${script.name}" answered with a string it never returns`,
  );
}
