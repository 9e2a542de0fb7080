/** Tries of one delivery in all, as the service documents: the first and two more. */
export const WEBHOOK_TRIES = 3;

/**
 * How long one try waits for an answer, in milliseconds. The service does not say; 10 s is an
 * assumption, long for an endpoint that should acknowledge and work later.
 */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The waits before the second and the third try, in milliseconds. The service does not say; 5 s
 * then 30 s is an assumption, short enough to watch a drop happen on the command line.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly [number, number] = Object.freeze([
  5_000, 30_000,
]);

/**
 * The largest delivery body the emulator sends: 1 MB (1,000,000 bytes), what the kit's webhook
 * handler reads. The service does not publish a limit; a record whose delivery would be larger
 * (a product with some 1,800 variants) is dropped unsent, and a client finds it by `updatedAt`.
 */
export const WEBHOOK_MAX_DELIVERY_BYTES = 1_000_000;

/** What one try came to on the wire: the answer's status, or why there was none. */
export type AttemptResult = { readonly status: number } | { readonly error: string };

/** What follows a try: done, another try, or giving the event up. */
export type WebhookAttemptOutcome = 'delivered' | 'retry' | 'dropped';

/**
 * The service's policy: only HTTP 200 delivers (201, 204 and redirects are failures too); a
 * failed try is followed by another until {@link WEBHOOK_TRIES} were made, then the event is
 * dropped.
 */
export function attemptOutcome(result: AttemptResult, tryNumber: number): WebhookAttemptOutcome {
  if ('status' in result && result.status === 200) return 'delivered';
  return tryNumber >= WEBHOOK_TRIES ? 'dropped' : 'retry';
}
