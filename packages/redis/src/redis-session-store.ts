import type {
  AppSessionStore,
  ConsumedState,
  SessionRecord,
  SessionStore,
  SessionStoreApp,
} from '@admin-api/app';
import { createSessionCodec, type SessionCodec } from '@admin-api/app/internal';
import { ConfigurationError } from '@admin-api/auth';
import { openFleetConnection, type RedisFleetConnection } from './fleet-connection.js';
import { appTag } from './keys.js';
import { createReleaseListener } from './lock-release-listener.js';
import {
  arrayReply,
  integerReply,
  type LuaScript,
  type RedisScriptClient,
  runScript,
  stringReply,
} from './lua-script.js';
import { DEFAULT_COMMAND_TIMEOUT_MS } from './redis-fleet-options.js';
import {
  type RedisSessionStoreConfig,
  type RedisSessionStoreOptions,
  resolveRedisSessionStoreConfig,
  STATE_GRACE_MS,
} from './redis-session-store-options.js';
import { createRefreshLock } from './refresh-lock.js';
import { installStateKey, storeSessionKeys } from './session-keys.js';
import {
  CONSUME_STATE,
  DELETE_SESSION,
  GET_SESSION,
  MARK_NEEDS_REINSTALL,
  SAVE_STATE,
  SET_SESSION,
} from './session-store-scripts.js';
import { runWithStoreLock } from './store-refresh-lock.js';

/** A {@link SessionStore} on Redis: pass it to `createApp({ ..., sessions })`. */
export interface RedisSessionStore extends SessionStore {
  /**
   * Stops every wait for a refresh lock (they reject) and closes the connections the store
   * opened: its own client for `{ url }`, and the subscriber it duplicated in either case. A
   * client passed in stays open.
   */
  close(): Promise<void>;
}

/** How long a command waits for the store's own connection to come up the first time. */
const CONNECT_WAIT_MS = DEFAULT_COMMAND_TIMEOUT_MS;
/** The store's own client reconnects at least this often while Redis is away. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/**
 * Creates a session store for an app installed on many stores: each store's session sealed
 * (AES-256-GCM, key derived from the app's client secret) in one hash per store, compare-and-set
 * on an HMAC of the refresh token, install states kept by their SHA-256, and one refresh lock per
 * store whose waiters are woken by pub/sub when it is released. Options are checked here; the
 * connection opens in the background. Pass it to `createApp({ ..., sessions })` of
 * `@admin-api/app`; see the package README's "Session store for apps on many stores".
 */
export function createRedisSessionStore(
  connection: RedisFleetConnection,
  options: RedisSessionStoreOptions = {},
): RedisSessionStore {
  const config = resolveRedisSessionStoreConfig(options);
  const redis = openFleetConnection(connection, { maxReconnectDelayMs: MAX_RECONNECT_DELAY_MS });
  const listener = createReleaseListener(redis.client, CONNECT_WAIT_MS);
  const closing = new AbortController();
  const client: RedisScriptClient = {
    async evalSha(sha1, call) {
      await redis.gate.wait(CONNECT_WAIT_MS);
      return redis.client.evalSha(sha1, call);
    },
    async eval(script, call) {
      await redis.gate.wait(CONNECT_WAIT_MS);
      return redis.client.eval(script, call);
    },
  };

  return {
    open(app) {
      if (closing.signal.aborted) {
        throw new ConfigurationError(
          'INVALID_OPTION',
          'This session store is closed; open apps on it before sessions.close()',
        );
      }
      return openAppSessions(app, config, {
        client,
        lockDeps: { listener, closed: closing.signal },
      });
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort(
        new ConfigurationError('INVALID_OPTION', 'The session store was closed while waiting'),
      );
      await listener.close();
      await redis.close(CONNECT_WAIT_MS);
    },
  };
}

interface AppDeps {
  client: RedisScriptClient;
  lockDeps: {
    listener: ReturnType<typeof createReleaseListener>;
    closed: AbortSignal;
  };
}

function openAppSessions(
  app: SessionStoreApp,
  config: RedisSessionStoreConfig,
  { client, lockDeps }: AppDeps,
): AppSessionStore {
  const { keyPrefix, sessionTtlMs, lockLifetimeMs } = config;
  const tag = appTag(app.clientId);
  // Throws a ConfigurationError for an empty secret.
  const codec: SessionCodec = createSessionCodec(app);
  const keysOf = (storeName: string) => storeSessionKeys(tag, storeName, keyPrefix);
  const run = (script: LuaScript, key: string, args: (string | number)[]) =>
    runScript(client, script, [key], args);

  return {
    lockLifetimeMs,

    async saveState(state) {
      const ttlMs = Math.floor(state.expiresAt + STATE_GRACE_MS - app.now());
      // Past its grace already: it would read as unknown at once, as it will after expiry.
      if (!(ttlMs > 0)) return;
      await run(SAVE_STATE, installStateKey(tag, state.state, keyPrefix), [
        state.storeName,
        state.expiresAt,
        ttlMs,
      ]);
    },

    async consumeState(state): Promise<ConsumedState | undefined> {
      const reply = await run(CONSUME_STATE, installStateKey(tag, state, keyPrefix), []);
      if (reply === null || reply === undefined) return undefined;
      const [storeName, expiresAt, used] = arrayReply(CONSUME_STATE, reply, 3);
      return {
        record: {
          state,
          storeName: stringReply(CONSUME_STATE, storeName),
          expiresAt: Number(stringReply(CONSUME_STATE, expiresAt)),
        },
        alreadyUsed: stringReply(CONSUME_STATE, used) !== '0',
      };
    },

    async get(storeName): Promise<SessionRecord | undefined> {
      const key = keysOf(storeName).session;
      const reply = await run(GET_SESSION, key, []);
      if (reply === null || reply === undefined) return undefined;
      const [status, sealed, since] = arrayReply(GET_SESSION, reply, 3);
      if (stringReply(GET_SESSION, status) === 'needs_reinstall') {
        return {
          status: 'needs_reinstall',
          storeName,
          since: Number(stringReply(GET_SESSION, since)),
        };
      }
      // Another client secret (rotated), altered bytes or a value copied from another key:
      // nothing this app can use, so the store reads as not installed.
      const session = codec.open(stringReply(GET_SESSION, sealed), key);
      return session && { status: 'installed', session };
    },

    async set(session, options) {
      const key = keysOf(session.storeName).session;
      const replacing = options?.replacing;
      const reply = await run(SET_SESSION, key, [
        codec.seal(session, key),
        codec.fingerprint(session.refreshToken),
        sessionTtlMs,
        replacing === undefined ? 'always' : 'cas',
        replacing === undefined ? '' : codec.fingerprint(replacing),
      ]);
      return integerReply(SET_SESSION, reply) === 1;
    },

    async markNeedsReinstall(storeName, refreshToken, since) {
      const reply = await run(MARK_NEEDS_REINSTALL, keysOf(storeName).session, [
        codec.fingerprint(refreshToken),
        since,
        sessionTtlMs,
      ]);
      return integerReply(MARK_NEEDS_REINSTALL, reply) === 1;
    },

    async delete(storeName) {
      await run(DELETE_SESSION, keysOf(storeName).session, []);
    },

    withRefreshLock(storeName, task, options) {
      const keys = keysOf(storeName);
      return runWithStoreLock(
        {
          lock: createRefreshLock({
            client,
            key: keys.refreshLock,
            lifetimeMs: lockLifetimeMs,
            releaseChannel: keys.lockReleased,
          }),
          channel: keys.lockReleased,
          listener: lockDeps.listener,
          signals: options?.signal ? [options.signal, lockDeps.closed] : [lockDeps.closed],
        },
        task,
      );
    },
  };
}
