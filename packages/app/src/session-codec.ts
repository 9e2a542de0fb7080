import { isRecord } from '@admin-api/auth/internal';
import { createTokenCipher } from '@admin-api/auth/internal/node';
import type { SessionStoreApp, StoreSession } from './session-store.js';

/** Seals sessions for a store that rests outside the process, and fingerprints refresh tokens. */
export interface SessionCodec {
  /**
   * The whole session as AES-256-GCM ciphertext under a key derived from the client secret;
   * `keyName` is authenticated with it, so a value copied to another store's key does not open.
   */
  seal(session: StoreSession, keyName: string): string;
  /** The session again; `undefined` for a value that is malformed, altered or another app's. */
  open(sealed: string, keyName: string): StoreSession | undefined;
  /**
   * HMAC-SHA256 of a refresh token (base64url): equal for equal tokens, so a store can compare
   * them where the session rests (a compare-and-set) without holding anything that leads to one.
   */
  fingerprint(refreshToken: string): string;
}

/** The {@link SessionCodec} of one app: every process with its secret derives the same keys. */
export function createSessionCodec(app: SessionStoreApp): SessionCodec {
  const cipher = createTokenCipher(app.clientSecret);
  return {
    seal: (session, keyName) => cipher.encrypt(JSON.stringify(session), keyName),
    open(sealed, keyName) {
      const opened = cipher.decrypt(sealed, keyName);
      if (!opened.ok) return undefined;
      try {
        return parseSession(JSON.parse(opened.plaintext));
      } catch {
        return undefined;
      }
    },
    fingerprint: (refreshToken) => cipher.fingerprint(refreshToken),
  };
}

const STRING_FIELDS = [
  'storeName',
  'merchantId',
  'authorizedAppId',
  'scope',
  'accessToken',
  'refreshToken',
] as const;

/** `value` as a {@link StoreSession}, with exactly its fields; `undefined` if it is not one. */
export function parseSession(value: unknown): StoreSession | undefined {
  if (!isRecord(value)) return undefined;
  for (const field of STRING_FIELDS) if (typeof value[field] !== 'string') return undefined;
  const { expiresAt, expiresIn } = value;
  if (!Number.isSafeInteger(expiresAt) || !Number.isSafeInteger(expiresIn)) return undefined;
  return {
    storeName: value.storeName as string,
    merchantId: value.merchantId as string,
    authorizedAppId: value.authorizedAppId as string,
    scope: value.scope as string,
    accessToken: value.accessToken as string,
    refreshToken: value.refreshToken as string,
    expiresAt: expiresAt as number,
    expiresIn: expiresIn as number,
  };
}
