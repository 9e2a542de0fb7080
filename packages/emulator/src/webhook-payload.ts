import { createHmac } from 'node:crypto';

/** What a webhook delivery carries, before it is signed. */
export interface WebhookEvent {
  /** Unique per event; a retry or a duplicate of the event keeps it. */
  readonly id: string;
  /** When the change happened: ISO 8601 (the vendor's `IkasWebhook.createdAt` is a string). */
  readonly createdAt: string;
  readonly scope: string;
  readonly merchantId: string;
  /** The app that registered the endpoint. */
  readonly authorizedAppId: string;
  /** The record as JSON text, timestamps as epoch milliseconds. */
  readonly data: string;
}

/**
 * The signature of a webhook delivery: the lowercase hex HMAC-SHA256 of the `data` string (its
 * UTF-8 bytes) keyed with the client secret of the app that registered the webhook. A test's
 * receiver compares a delivery's `signature` with `webhookSignature(body.data, clientSecret)`.
 */
export function webhookSignature(data: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(data, 'utf8').digest('hex');
}

/**
 * The JSON body of a delivery, `{ id, createdAt, scope, merchantId, authorizedAppId, data,
 * signature }`, in the service's field order.
 */
export function webhookBody(event: WebhookEvent, clientSecret: string): string {
  return JSON.stringify({
    id: event.id,
    createdAt: event.createdAt,
    scope: event.scope,
    merchantId: event.merchantId,
    authorizedAppId: event.authorizedAppId,
    data: event.data,
    signature: webhookSignature(event.data, clientSecret),
  });
}
