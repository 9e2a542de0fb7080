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
