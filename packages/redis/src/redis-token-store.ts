import type { AccessToken, TokenStore } from '@admin-api/auth';
import { emit } from '@admin-api/auth/internal';
import type { DecryptFailure, TokenCipher } from '@admin-api/auth/internal/node';
import {
  arrayReply,
  integerReply,
  type RedisScriptClient,
  runScript,
  stringReply,
} from './lua-script.js';
import {
  COMPARE_AND_DELETE_TOKEN,
  DELETE_TOKEN,
  GET_TOKEN,
  SET_TOKEN,
} from './token-store-scripts.js';

/** Options of {@link createRedisTokenStore}. */
export interface RedisTokenStoreOptions {
  client: RedisScriptClient;
  /** The token's key: `fleetKeys(clientId, prefix).token`. */
  key: string;
  /** From `createTokenCipher(clientSecret)`. */
  cipher: TokenCipher;
  /** This process's clock; only differences of it are used. @default Date.now */
  now?: () => number;
  /**
   * Told when a stored value does not decrypt or parse (it is then treated as absent). Exceptions
   * it throws are ignored.
   */
  onUnreadable?: (reason: TokenUnreadableReason) => void;
}

/** A {@link TokenStore} shared by every process of an app, plus a compare-and-delete. */
export interface RedisTokenStore extends TokenStore {
  /**
   * The stored token, with `expiresAt` in this process's clock: the key's remaining lifetime
   * added to the time the read was sent, so hosts with skewed clocks agree, to within the
   * latency of the write that stored it. A value that does not decrypt or parse is reported and
   * treated as absent.
   */
  get(): Promise<AccessToken | undefined>;
  /**
   * Stores `token` for its remaining lifetime (`expiresAt` minus now, in this process's clock,
   * then counted by Redis); `undefined` or an expired token clears the store.
   */
  set(token: AccessToken | undefined): Promise<void>;
  /**
   * Deletes the stored token only if it is `rejectedAccessToken`. Resolves `true` if it deleted.
   * The comparison happens inside Redis, on fingerprints.
   */
  compareAndDelete(rejectedAccessToken: string): Promise<boolean>;
}

/** Why a stored token was treated as absent. */
export type TokenUnreadableReason = DecryptFailure | 'invalid_contents';

/** What is encrypted: the token without its expiry, which the key's TTL carries. */
interface StoredToken {
  accessToken: string;
  expiresIn: number;
}

function parseStoredToken(plaintext: string): StoredToken | undefined {
  let value: unknown;
  try {
    value = JSON.parse(plaintext);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { accessToken, expiresIn } = value as Record<string, unknown>;
  if (typeof accessToken !== 'string' || accessToken === '') return undefined;
  if (typeof expiresIn !== 'number' || !(expiresIn > 0)) return undefined;
  return { accessToken, expiresIn };
}

/**
 * Creates a {@link RedisTokenStore}: the token encrypted at rest (see `createTokenCipher`), its
 * HMAC fingerprint beside it, one hash key whose TTL is the token's remaining lifetime.
 */
export function createRedisTokenStore(options: RedisTokenStoreOptions): RedisTokenStore {
  const { client, key, cipher } = options;
  const now = options.now ?? Date.now;

  return {
    async get() {
      const sentAt = now();
      const reply = await runScript(client, GET_TOKEN, [key], []);
      if (reply === null || reply === undefined) return undefined;
      const [ciphertext, remaining] = arrayReply(GET_TOKEN, reply, 2);
      const remainingMs = integerReply(GET_TOKEN, remaining);
      if (remainingMs <= 0) return undefined;
      const decrypted = cipher.decrypt(stringReply(GET_TOKEN, ciphertext), key);
      if (!decrypted.ok) {
        emit(options.onUnreadable, decrypted.reason);
        return undefined;
      }
      const stored = parseStoredToken(decrypted.plaintext);
      if (!stored) {
        emit(options.onUnreadable, 'invalid_contents');
        return undefined;
      }
      return { ...stored, tokenType: 'Bearer', expiresAt: sentAt + remainingMs };
    },

    async set(token) {
      const ttlMs = token ? Math.floor(token.expiresAt - now()) : 0;
      if (!token || ttlMs <= 0) {
        await runScript(client, DELETE_TOKEN, [key], []);
        return;
      }
      const stored: StoredToken = { accessToken: token.accessToken, expiresIn: token.expiresIn };
      await runScript(
        client,
        SET_TOKEN,
        [key],
        [cipher.encrypt(JSON.stringify(stored), key), cipher.fingerprint(token.accessToken), ttlMs],
      );
    },

    async compareAndDelete(rejectedAccessToken) {
      const reply = await runScript(
        client,
        COMPARE_AND_DELETE_TOKEN,
        [key],
        [cipher.fingerprint(rejectedAccessToken)],
      );
      return integerReply(COMPARE_AND_DELETE_TOKEN, reply) === 1;
    },
  };
}
