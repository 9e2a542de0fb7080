export {
  ADMIN_API_SCHEMA_PATH,
  adminApiSchema,
  adminApiSchemaSdl,
  adminApiSchemaVersion,
} from './admin-api-schema.js';
export type { EmulatorSettings } from './emulator-settings.js';
export type { EmulatorStats } from './emulator-stats.js';
export { EmulatorError, EmulatorOptionError } from './errors.js';
export type { Fault, FaultQueues, FaultTarget } from './faults.js';
export type { FixtureOptions } from './fixtures/create-store-data.js';
export { GRAPHQL_PATH } from './graphql-endpoint.js';
export { MAX_BODY_BYTES } from './http-io.js';
export type { RateLimitOptions } from './rate-limiter.js';
export type { ServiceErrorCode } from './schema/graphql-errors.js';
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './schema/list-arguments.js';
export { STATEFUL_ROOT_FIELDS } from './schema/stateful-resolvers.js';
export { type Emulator, type EmulatorOptions, startEmulator } from './start-emulator.js';
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
} from './store-data.js';
export { TOKEN_PATH } from './token-endpoint.js';
