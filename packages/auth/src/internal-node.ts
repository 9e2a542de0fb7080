/**
 * The kit's own helpers that need Node's `node:crypto` (`@admin-api/app`, `@admin-api/redis`),
 * apart from `@admin-api/auth/internal` so that the runtime bundles for Workers and browsers
 * without it. Not public API: names and signatures here may change in any release.
 */
export {
  createTokenCipher,
  type DecryptFailure,
  type DecryptResult,
  type TokenCipher,
} from './token-cipher.js';
