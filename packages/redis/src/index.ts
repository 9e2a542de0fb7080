export type { FleetEvent } from '@admin-api/client';
export type { RedisFleetConnection } from './fleet-connection.js';
export { DEFAULT_KEY_PREFIX } from './keys.js';
export type { RedisScriptClient, ScriptCallOptions } from './lua-script.js';
export { createRedisDedupeStore, type RedisDedupeStore } from './redis-dedupe-store.js';
export {
  DEFAULT_DEDUPE_COMMAND_TIMEOUT_MS,
  DEFAULT_DEDUPE_KEY_PREFIX,
  type RedisDedupeStoreOptions,
} from './redis-dedupe-store-options.js';
export { createRedisFleet, type RedisFleet } from './redis-fleet.js';
export {
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_FALLBACK_SHARE,
  DEFAULT_PROBE_INTERVAL_MS,
  type RedisFleetOptions,
} from './redis-fleet-options.js';
export { createRedisSessionStore, type RedisSessionStore } from './redis-session-store.js';
export {
  DEFAULT_SESSION_LOCK_LIFETIME_MS,
  DEFAULT_SESSION_TTL_MS,
  type RedisSessionStoreOptions,
} from './redis-session-store-options.js';
export { DEFAULT_LOCK_LIFETIME_MS } from './refresh-lock.js';
