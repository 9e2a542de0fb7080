export type { EmulatorStats } from './emulator-stats.js';
export type { Fault, FaultQueues, FaultTarget } from './faults.js';
export type { FixtureOptions } from './fixtures.js';
export { GRAPHQL_PATH } from './graphql-endpoint.js';
export type { RateLimitOptions } from './rate-limiter.js';
export { typeDefs } from './schema/type-defs.js';
export { type Emulator, type EmulatorOptions, startEmulator } from './start-emulator.js';
export type {
  CustomerRecord,
  MutationRecord,
  OrderRecord,
  ProductRecord,
  StoreData,
} from './store-data.js';
export { TOKEN_PATH } from './token-endpoint.js';
