import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { ConfigurationError } from './errors.js';

/** The encoding's version; a new scheme gets a new one and old values read as absent. */
const VERSION = 'v1';
/** HKDF salt: fixed and versioned, so the same secret gives other keys in another scheme. */
const HKDF_SALT = 'admin-api/redis token v1';
const ENCRYPTION_INFO = 'aes-256-gcm token encryption';
const FINGERPRINT_INFO = 'hmac-sha256 token fingerprint';
const KEY_BYTES = 32;
/** GCM's recommended IV size; random per value, never reused under one key in practice. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a stored value could not be decrypted. */
export type DecryptFailure =
  /** Not `v1.<iv>.<ciphertext>.<tag>` in base64url. */
  | 'malformed'
  /** Written by a newer (or unknown) scheme. */
  | 'unsupported_version'
  /** The GCM tag does not verify: another client secret, another key name, or altered bytes. */
  | 'wrong_secret_or_corrupted';

/** The outcome of {@link TokenCipher.decrypt}. */
export type DecryptResult =
  | { readonly ok: true; readonly plaintext: string }
  | { readonly ok: false; readonly reason: DecryptFailure };

/** Encrypts tokens at rest and fingerprints them, with keys derived from the client secret. */
export interface TokenCipher {
  /**
   * AES-256-GCM with a random IV; the key name is the additional authenticated data, so a value
   * copied to another key does not decrypt. Returns `v1.<iv>.<ciphertext>.<tag>` (base64url).
   */
  encrypt(plaintext: string, keyName: string): string;
  /** Reverses {@link TokenCipher.encrypt}; never throws. */
  decrypt(encoded: string, keyName: string): DecryptResult;
  /**
   * HMAC-SHA256 of the token (base64url): equal for equal tokens, so a script can compare tokens
   * inside Redis; useless without the client secret, so Redis never holds anything that leads to
   * the token.
   */
  fingerprint(accessToken: string): string;
}

function deriveKey(clientSecret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', clientSecret, HKDF_SALT, info, KEY_BYTES));
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decode(part: string | undefined): Buffer | undefined {
  return part !== undefined && BASE64URL.test(part) ? Buffer.from(part, 'base64url') : undefined;
}

/**
 * Creates the {@link TokenCipher} of one app. Every process with the same client secret derives
 * the same keys (HKDF-SHA256), so no key is stored or distributed.
 */
export function createTokenCipher(clientSecret: string): TokenCipher {
  if (!clientSecret) {
    throw new ConfigurationError('INVALID_OPTION', '"clientSecret" must be a non-empty string');
  }
  const encryptionKey = deriveKey(clientSecret, ENCRYPTION_INFO);
  const fingerprintKey = deriveKey(clientSecret, FINGERPRINT_INFO);

  return {
    encrypt(plaintext, keyName) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(keyName, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    decrypt(encoded, keyName) {
      const [version = '', ...parts] = encoded.split('.');
      if (version !== VERSION) {
        return { ok: false, reason: /^v\d+$/.test(version) ? 'unsupported_version' : 'malformed' };
      }
      if (parts.length !== 3) return { ok: false, reason: 'malformed' };
      const [iv, ciphertext, tag] = parts.map(decode);
      if (!iv || !ciphertext || !tag || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        return { ok: false, reason: 'malformed' };
      }
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv, {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(keyName, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
        return { ok: true, plaintext: plaintext.toString('utf8') };
      } catch {
        return { ok: false, reason: 'wrong_secret_or_corrupted' };
      }
    },

    fingerprint(accessToken) {
      return createHmac('sha256', fingerprintKey).update(accessToken, 'utf8').digest('base64url');
    },
  };
}
