import type { WebhookAttempt, WebhookDelivery } from './webhook-delivery.js';

/** How many tries the delivery log keeps, the latest: enough for a test, bounded for a long run. */
export const WEBHOOK_LOG_LIMIT = 1_000;

/**
 * Webhook counters, in the emulator's stats (every store together) and in each store's. Every
 * delivery ends delivered or dropped, so once deliveries settle,
 * `webhookEvents + webhookDuplicates === webhookDelivered + webhookDropped`.
 */
export interface WebhookStats {
  /** Events queued: one per change and registration it goes to (duplicates not included). */
  webhookEvents: number;
  /** Tries sent (POSTs), retries and duplicates included. */
  webhookAttempts: number;
  /** Deliveries answered 200, duplicates included. */
  webhookDelivered: number;
  /** Tries not answered 200: another status (201 and 3xx too), a network error or a timeout. */
  webhookFailedAttempts: number;
  /** Deliveries given up after their third failed try. */
  webhookDropped: number;
  /** Second copies sent by the duplicate fault. */
  webhookDuplicates: number;
  /** The latest {@link WEBHOOK_LOG_LIMIT} tries, oldest first. */
  readonly webhookLog: readonly WebhookAttempt[];
}

export function createWebhookStats(): WebhookStats {
  return {
    webhookEvents: 0,
    webhookAttempts: 0,
    webhookDelivered: 0,
    webhookFailedAttempts: 0,
    webhookDropped: 0,
    webhookDuplicates: 0,
    webhookLog: [],
  };
}

/** Counts a queued delivery. */
export function countWebhookQueued(stats: WebhookStats, delivery: WebhookDelivery): void {
  if (delivery.duplicate) stats.webhookDuplicates++;
  else stats.webhookEvents++;
}

/** Counts an ended try and logs it, forgetting the oldest entry past the limit. */
export function countWebhookAttempt(stats: WebhookStats, attempt: WebhookAttempt): void {
  stats.webhookAttempts++;
  if (attempt.outcome === 'delivered') stats.webhookDelivered++;
  else stats.webhookFailedAttempts++;
  if (attempt.outcome === 'dropped') stats.webhookDropped++;
  // Readonly to readers; the stats' creator (here) is the log's one writer.
  const log = stats.webhookLog as WebhookAttempt[];
  log.push(attempt);
  if (log.length > WEBHOOK_LOG_LIMIT) log.splice(0, log.length - WEBHOOK_LOG_LIMIT);
}
