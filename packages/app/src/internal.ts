/**
 * Helpers shared by the kit's own packages (`@admin-api/redis`, `@admin-api/postgres`). Not
 * public API: names and signatures here may change in any release.
 */

export { checkClaimToken, checkDeliveryId, dedupeClock, newClaimToken } from './dedupe-claims.js';
export { createSessionCodec, parseSession, type SessionCodec } from './session-codec.js';
