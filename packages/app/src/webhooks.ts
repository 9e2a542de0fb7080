/**
 * The webhook API alone: `@admin-api/app/webhooks`. Nothing it imports needs a `node:` module,
 * so it bundles for a browser platform and runs on Workers without `nodejs_compat`. The main
 * entry exports the same names, the same objects.
 */
export type { WebhookReport, WebhookReportOf } from './app-events.js';
export { createWebhookHandler, type WebhookHandler } from './create-webhook-handler.js';
export { WEBHOOK_MAX_ID_LENGTH } from './dedupe-claims.js';
export {
  AppError,
  type AppErrorDetails,
  WebhookScopeError,
  WebhookSignatureError,
  type WebhookSignatureErrorCode,
  type WebhookSignatureErrorDetails,
} from './errors.js';
export {
  createMemoryDedupeStore,
  DEFAULT_MAX_DEDUPE_IDS,
  type MemoryDedupeStoreOptions,
} from './memory-dedupe-store.js';
export {
  RECONCILABLE_WEBHOOK_SCOPES,
  type ReconcilableWebhookScope,
  type ReconciledChange,
  type ReconcileOptions,
  reconcile,
} from './reconcile.js';
export { type SyncWebhooksOptions, syncWebhooks, type WebhookSync } from './sync-webhooks.js';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_MAX_BODY_BYTES,
  type WebhookBody,
} from './verify-webhook.js';
export type * from './webhook-data.generated.js';
export type { DedupeClaim, WebhookDedupeStore } from './webhook-dedupe-store.js';
export type {
  JsonObject,
  JsonValue,
  WebhookAppPaymentData,
  WebhookCustomer,
  WebhookDataByScope,
  WebhookEvent,
  WebhookEventOf,
  WebhookOrder,
  WebhookProduct,
  WebhookProductAttributeValue,
  WebhookProductVariantType,
  WebhookStock,
  WebhookVariant,
} from './webhook-event.js';
export {
  DEFAULT_ACK_TIMEOUT_MS,
  DEFAULT_DEDUPE_TIMEOUT_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_HANDLING_MS,
  DEFAULT_REMEMBER_MS,
  type WebhookEventHandler,
  type WebhookHandlerCommonOptions,
  type WebhookHandlerOptions,
} from './webhook-handler-options.js';
export {
  isWebhookScope,
  REGISTRABLE_WEBHOOK_SCOPES,
  type RegistrableWebhookScope,
  WEBHOOK_SCOPES,
  type WebhookScope,
} from './webhook-scopes.js';
