export {
  ADMIN_API_SCHEMA_PATH,
  adminApiSchema,
  adminApiSchemaSdl,
  adminApiSchemaVersion,
} from './admin-api-schema.js';
export { AUTHORIZE_PATH } from './authorize-request.js';
export type { EmulatorSettings } from './emulator-settings.js';
export type { EmulatorStats } from './emulator-stats.js';
export type { EmulatorStore } from './emulator-store.js';
export {
  type ErrorBlockOptions,
  type ErrorBlockRule,
  SERVICE_ERROR_BLOCK_RULES,
} from './error-block-rules.js';
export { formatBlockRule, parseBlockRules } from './error-block-spec.js';
export {
  APP_BLOCKED,
  APP_BLOCKED_STATUS,
  type AppBlock,
  type EmulatorApp,
} from './error-blocks.js';
export { EmulatorError, EmulatorOptionError } from './errors.js';
export type { Fault, FaultQueues, FaultTarget } from './faults.js';
export type { FixtureOptions } from './fixtures/create-store-data.js';
export { GRAPHQL_PATH } from './graphql-answer.js';
export { MAX_BODY_BYTES } from './http-io.js';
export { AUTHORIZATION_CODE_TTL_MS } from './install-registry.js';
export { type LaunchFields, launchSignature, signedLaunchUrl } from './launch-url.js';
export { APP_SCOPES, type AppScope } from './oauth-scopes.js';
export {
  DEFAULT_QUERY_LIMITS,
  MAX_QUERY_DEPTH,
  QUERY_TOO_COMPLEX,
  type QueryLimitName,
  type QueryLimitOptions,
  type QueryLimits,
} from './query-limits.js';
export type { RateLimitOptions } from './rate-limiter.js';
export type { ServiceErrorCode } from './schema/graphql-errors.js';
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './schema/list-arguments.js';
export { STATEFUL_ROOT_FIELDS } from './schema/stateful-resolvers.js';
export { type Emulator, type EmulatorOptions, startEmulator } from './start-emulator.js';
export { ADMIN_PATH } from './store-admin-page.js';
export type {
  CategoryRecord,
  CustomerRecord,
  EntityRecord,
  MutationRecord,
  OrderLineRecord,
  OrderPackageRecord,
  OrderRecord,
  OrderStatus,
  PackageFulfillStatus,
  PriceRecord,
  ProductRecord,
  SalesChannelRecord,
  ShapedRecord,
  StockLocationRecord,
  StockRecord,
  StoreData,
  TagRecord,
  VariantRecord,
  WebhookRecord,
  WebhookRegistration,
} from './store-data.js';
export { STORE_NAME_PATTERN } from './store-name.js';
export type { EmulatorStoreStats, StoreOptions } from './store-state.js';
export { TOKEN_PATH } from './token-endpoint.js';
export type { WebhookAttempt } from './webhook-delivery.js';
export type { WebhookFaults } from './webhook-faults.js';
export type { WebhookOptions } from './webhook-options.js';
export { webhookSignature } from './webhook-payload.js';
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  WEBHOOK_MAX_DELIVERY_BYTES,
  WEBHOOK_TRIES,
  type WebhookAttemptOutcome,
} from './webhook-policy.js';
export {
  REGISTRABLE_WEBHOOK_SCOPES,
  type RegistrableWebhookScope,
  type WebhookScope,
} from './webhook-scopes.js';
export type {
  AppPaymentOptions,
  CustomerAccountStatus,
  EmulatorSimulations,
  FavoriteProductRecord,
  PlacedOrderOptions,
} from './webhook-simulations.js';
export { WEBHOOK_LOG_LIMIT, type WebhookStats } from './webhook-stats.js';
