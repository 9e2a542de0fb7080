import type { WebhookAttempt } from './webhook-delivery.js';
import { WEBHOOK_TRIES } from './webhook-policy.js';

/**
 * One line per try, as the CLI prints it:
 * `webhook: store/order/updated http://localhost:3000/webhooks 500 try 1/3`, with `dropped` after
 * a last failed try, `duplicate` on the duplicate fault's copy, and `store <name>` for a store's.
 * The endpoint shows its origin and path only: a query or user info may hold a token.
 */
export function webhookAttemptLine(attempt: WebhookAttempt): string {
  const url = URL.canParse(attempt.endpoint) ? new URL(attempt.endpoint) : undefined;
  const endpoint = url ? `${url.origin}${url.pathname}` : '(invalid endpoint)';
  const parts = [
    'webhook:',
    attempt.scope,
    endpoint,
    String(attempt.status ?? attempt.error),
    `try ${attempt.try}/${WEBHOOK_TRIES}`,
    ...(attempt.outcome === 'dropped' ? ['dropped'] : []),
    ...(attempt.duplicate ? ['duplicate'] : []),
    ...(attempt.store === undefined ? [] : ['store', attempt.store]),
  ];
  return parts.join(' ');
}
