import { ConfigurationError } from '@admin-api/auth';

// Delivery ids, claim tokens and the clock claims are judged by: one rule for every dedupe store.

/** The longest delivery `id` (and `scope`) taken, in UTF-16 code units. */
export const WEBHOOK_MAX_ID_LENGTH = 256;

/**
 * A lone surrogate has no UTF-8 form: Redis and PostgreSQL would store U+FFFD for it and merge
 * ids that differ there.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * True when `id` can be a delivery id in every dedupe store: a string of 1 to 256 UTF-16 code
 * units, without a lone surrogate or U+0000 (PostgreSQL's text holds neither).
 */
export function isDeliveryId(id: unknown): id is string {
  return (
    typeof id === 'string' &&
    id.length > 0 &&
    id.length <= WEBHOOK_MAX_ID_LENGTH &&
    !id.includes('\u0000') &&
    !LONE_SURROGATE.test(id)
  );
}

/**
 * Throws a TypeError unless `id` is a delivery id ({@link isDeliveryId}). Every engine keeps
 * this one rule, so an id one store takes, all do.
 */
export function checkDeliveryId(id: unknown): asserts id is string {
  if (!isDeliveryId(id)) {
    throw new TypeError(
      `A webhook delivery id must be a string of 1 to ${WEBHOOK_MAX_ID_LENGTH} characters, well-formed UTF-16 without U+0000`,
    );
  }
}

/** Throws a TypeError unless `token` is a string, as every claim token a store hands out is. */
export function checkClaimToken(token: unknown): asserts token is string {
  if (typeof token !== 'string') throw new TypeError('A dedupe claim token must be a string');
}

/** A new claim token: 144 random bits from Web Crypto, base64url, on every runtime. */
export function newClaimToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

/**
 * A dedupe store's clock: `now()` floored to whole epoch ms, or a ConfigurationError when it
 * answers something else, since every deadline is judged by it.
 */
export function dedupeClock(now: () => number): () => number {
  return () => {
    const at = now();
    if (typeof at !== 'number' || !Number.isFinite(at)) {
      throw new ConfigurationError('INVALID_OPTION', '"now" must return epoch milliseconds');
    }
    return Math.floor(at);
  };
}
