import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as webhooks from '../src/webhooks.js';

describe('@admin-api/app/webhooks', () => {
  it('exports the webhook API, each name the very object the main entry exports', () => {
    expect(Object.keys(webhooks).sort()).toEqual([
      'AppError',
      'DEFAULT_ACK_TIMEOUT_MS',
      'DEFAULT_DEDUPE_TIMEOUT_MS',
      'DEFAULT_LEASE_MS',
      'DEFAULT_MAX_DEDUPE_IDS',
      'DEFAULT_MAX_HANDLING_MS',
      'DEFAULT_REMEMBER_MS',
      'RECONCILABLE_WEBHOOK_SCOPES',
      'REGISTRABLE_WEBHOOK_SCOPES',
      'WEBHOOK_MAX_BODY_BYTES',
      'WEBHOOK_MAX_ID_LENGTH',
      'WEBHOOK_SCOPES',
      'WebhookScopeError',
      'WebhookSignatureError',
      'createMemoryDedupeStore',
      'createWebhookHandler',
      'isWebhookScope',
      'reconcile',
      'syncWebhooks',
      'verifyWebhook',
    ]);
    for (const [name, value] of Object.entries(webhooks)) {
      expect({ name, value: (main as Record<string, unknown>)[name] }).toEqual({ name, value });
      expect((main as Record<string, unknown>)[name]).toBe(value);
    }
  });
});
