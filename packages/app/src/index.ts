export type {
  AppEvent,
  AppEventListener,
  StoreClientEvent,
  WebhookReport,
  WebhookReportOf,
} from './app-events.js';
export { APP_SCOPES, type AppOptions, type AppScope } from './app-options.js';
export type { CallbackInput } from './callback-params.js';
export { type App, createApp, MAX_STORE_CLIENTS } from './create-app.js';
export { createWebhookHandler, type WebhookHandler } from './create-webhook-handler.js';
export { WEBHOOK_MAX_ID_LENGTH } from './dedupe-claims.js';
export {
  AppError,
  type AppErrorDetails,
  InstallError,
  type InstallErrorCode,
  InvalidStoreNameError,
  LaunchError,
  type LaunchErrorCode,
  StoreNeedsReinstallError,
  StoreNotInstalledError,
  StoreTokenRejectedError,
  WebhookScopeError,
  WebhookSignatureError,
  type WebhookSignatureErrorCode,
  type WebhookSignatureErrorDetails,
} from './errors.js';
export {
  INSTALL_STATE_LIFETIME_MS,
  type InstallUrl,
  type InstallUrlOptions,
} from './install-url.js';
export {
  createMemoryDedupeStore,
  DEFAULT_MAX_DEDUPE_IDS,
  type MemoryDedupeStoreOptions,
} from './memory-dedupe-store.js';
export { createMemorySessionStore } from './memory-session-store.js';
export {
  RECONCILABLE_WEBHOOK_SCOPES,
  type ReconcilableWebhookScope,
  type ReconciledChange,
  type ReconcileOptions,
  reconcile,
} from './reconcile.js';
export type {
  AppSessionStore,
  ConsumedState,
  InstallState,
  RefreshLockOptions,
  SessionRecord,
  SessionStore,
  SessionStoreApp,
  StoreSession,
} from './session-store.js';
export { MIN_REFRESH_AGE_RATIO } from './store-token-provider.js';
export { type SyncWebhooksOptions, syncWebhooks, type WebhookSync } from './sync-webhooks.js';
export { LAUNCH_FUTURE_SKEW_MS, LAUNCH_WINDOW_MS, type Launch } from './verify-launch.js';
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
