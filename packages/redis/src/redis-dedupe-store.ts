import { randomBytes } from 'node:crypto';
import type { DedupeClaim, WebhookDedupeStore } from '@admin-api/app';
import { checkDeliveryId } from '@admin-api/app/internal';
import { AdminApiError, ConfigurationError } from '@admin-api/auth';
import { checkDurationMs } from '@admin-api/auth/internal';
import { CLAIM_DELIVERY, COMPLETE_DELIVERY, RELEASE_DELIVERY } from './dedupe-store-scripts.js';
import { openFleetConnection, type RedisFleetConnection } from './fleet-connection.js';
import { integerReply, type LuaScript, runScript, stringReply } from './lua-script.js';
import {
  type RedisDedupeStoreOptions,
  resolveRedisDedupeStoreConfig,
} from './redis-dedupe-store-options.js';
import { DEFAULT_COMMAND_TIMEOUT_MS } from './redis-fleet-options.js';

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
/** How long a call waits for the store's own connection to come up the first time. */
const CONNECT_WAIT_MS = DEFAULT_COMMAND_TIMEOUT_MS;
/** The store's own client reconnects at least this often while Redis is away. */
const MAX_RECONNECT_DELAY_MS = 1_000;

const DONE: DedupeClaim = { outcome: 'done' };
const BUSY: DedupeClaim = { outcome: 'busy' };

/**
 * Creates a dedupe store for webhook deliveries in Redis, shared by every process of an app: one
 * key per delivery id (`keyPrefix` and the id, percent-encoded), and one Lua script per call, so
 * each claim, complete and release is atomic. Deadlines are the callers' clock (`now`) stored in
 * the value; each key expires a minute after its deadline, which only frees space. A key that
 * holds anything the store did not write fails `claim` and `complete` with an `AdminApiError`
 * (`INVALID_RESPONSE`) and is left as it is. Options are checked here; the connection opens in
 * the background.
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
  const { keyPrefix, now } = resolveRedisDedupeStoreConfig(options);
  const redis = openFleetConnection(connection, MAX_RECONNECT_DELAY_MS);
  let closed = false;

  const keyOf = (id: string) => `${keyPrefix}${encodeURIComponent(id)}`;
  const clock = () => {
    const at = now();
    if (typeof at !== 'number' || !Number.isFinite(at)) {
      throw new ConfigurationError('INVALID_OPTION', '"now" must return epoch milliseconds');
    }
    return Math.floor(at);
  };
  const run = async (script: LuaScript, key: string, args: (string | number)[]) => {
    if (closed) {
      throw new ConfigurationError(
        'INVALID_OPTION',
        'This dedupe store is closed; close it only once the webhook handler is done',
      );
    }
    await redis.gate.wait(CONNECT_WAIT_MS);
    return runScript(redis.client, script, [key], args);
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
      const token = randomBytes(18).toString('base64url');
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
      checkToken(token);
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
      checkToken(token);
      integerReply(RELEASE_DELIVERY, await run(RELEASE_DELIVERY, keyOf(id), [token]));
    },

    async close() {
      if (closed) return;
      closed = true;
      await redis.close(CONNECT_WAIT_MS);
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

function checkToken(token: unknown): asserts token is string {
  if (typeof token !== 'string') throw new TypeError('A dedupe claim token must be a string');
}

function unexpected(script: LuaScript): AdminApiError {
  return new AdminApiError(
    'INVALID_RESPONSE',
    `Redis script "${script.name}" answered with a string it never returns`,
  );
}
