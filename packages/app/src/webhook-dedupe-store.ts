/** What {@link WebhookDedupeStore.claim} found for a delivery id. */
export type DedupeClaim =
  /** Nobody holds the id: this caller does, until `leaseMs` passes; `token` proves it. */
  | { readonly outcome: 'claimed'; readonly token: string }
  /** The id was handled before: answer 200 and do nothing. */
  | { readonly outcome: 'done' }
  /** Another delivery of the id is being handled now (its lease has not run out). */
  | { readonly outcome: 'busy' };

/**
 * Remembers which webhook deliveries were handled, so that the service's retries (and a slow
 * 200, which it retries too) reach `onEvent` once. Shared by every process of an app when it
 * rests in Redis or PostgreSQL. Each method is atomic on its own; ids are the deliveries' `id`,
 * at most 256 characters.
 */
export interface WebhookDedupeStore {
  /**
   * Claims `id` for `leaseMs` when nobody holds it, or when its holder's lease ran out (it
   * crashed); otherwise says it is `done` or `busy`.
   */
  claim(id: string, leaseMs: number): Promise<DedupeClaim>;
  /**
   * Marks `id` handled for `keepMs`, whoever holds it now: the event reached `onEvent`, so every
   * later delivery of it is a duplicate.
   */
  complete(id: string, token: string, keepMs: number): Promise<void>;
  /** Gives up the claim `token` proves, so the next delivery of `id` claims it; else nothing. */
  release(id: string, token: string): Promise<void>;
  /**
   * Moves the lease `token` proves to `leaseMs` from now, while its holder is still working:
   * true when it did, false when the token no longer holds `id` (the lease ran out and another
   * took it, or it was completed or released). A lease that ran out but that nobody took is
   * still its holder's to extend, while the store keeps it.
   */
  extend(id: string, token: string, leaseMs: number): Promise<boolean>;
}
