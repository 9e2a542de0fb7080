import { describe, expect, it } from 'vitest';
import { WEBHOOK_TRIES, webhookSignature } from '../src/index.js';
import { webhookAttemptLine } from '../src/webhook-attempt-line.js';
import type { WebhookAttempt } from '../src/webhook-delivery.js';
import { attemptOutcome } from '../src/webhook-policy.js';
import { expectedSignature } from './webhook-receiver.js';

describe('attemptOutcome', () => {
  it.each([
    [{ status: 200 }, 1, 'delivered'],
    [{ status: 200 }, 3, 'delivered'],
    [{ status: 201 }, 1, 'retry'],
    [{ status: 204 }, 2, 'retry'],
    [{ status: 301 }, 1, 'retry'],
    [{ status: 500 }, 2, 'retry'],
    [{ status: 500 }, 3, 'dropped'],
    [{ error: 'ECONNREFUSED' }, 1, 'retry'],
    [{ error: 'timeout after 10000 ms' }, 3, 'dropped'],
  ] as const)('%j on try %i is %s', (result, tryNumber, outcome) => {
    expect(attemptOutcome(result, tryNumber)).toBe(outcome);
  });

  it('allows 3 tries in all', () => {
    expect(WEBHOOK_TRIES).toBe(3);
  });
});

describe('webhookSignature', () => {
  it("is the hex HMAC-SHA256 of the data's UTF-8 bytes keyed with the secret", () => {
    const data = JSON.stringify({ name: 'Çay Bardağı İnce', price: 12.5 });
    expect(webhookSignature(data, 'sır')).toBe(expectedSignature(data, 'sır'));
    expect(webhookSignature(data, 'sır')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the CLI line of a try', () => {
  const attempt: WebhookAttempt = {
    store: undefined,
    scope: 'store/order/updated',
    endpoint: 'https://user:pw@app.example.com/hooks?token=t0ps3cret',
    eventId: 'e1',
    try: 1,
    status: 500,
    error: null,
    outcome: 'retry',
    duplicate: false,
    at: 0,
  };

  it('shows scope, endpoint without user info or query, status and try', () => {
    expect(webhookAttemptLine(attempt)).toBe(
      'webhook: store/order/updated https://app.example.com/hooks 500 try 1/3',
    );
  });

  it('shows the network error, dropped, duplicate and the store', () => {
    expect(
      webhookAttemptLine({
        ...attempt,
        try: 3,
        status: null,
        error: 'ECONNREFUSED',
        outcome: 'dropped',
        duplicate: true,
        store: 'acme',
      }),
    ).toBe(
      'webhook: store/order/updated https://app.example.com/hooks ECONNREFUSED try 3/3 dropped duplicate store acme',
    );
  });
});
