export {
  AdminApiError,
  type AdminApiErrorCode,
  type AdminApiErrorDetails,
  ConfigurationError,
  type ConfigurationErrorCode,
} from '@admin-api/auth';
export {
  type AdminClient,
  type AdminClientBaseOptions,
  type AdminClientOptions,
  type ClientTokenOptions,
  createAdminClient,
  DEFAULT_TIMEOUT_MS,
  type RequestArgs,
  type RequestOptions,
  type Variables,
} from './admin-client.js';
export type {
  ClientHooks,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RetryReason,
} from './client-events.js';
export { type AdminClientFromEnvOptions, createAdminClientFromEnv } from './client-from-env.js';
export {
  AbortedError,
  AuthError,
  GraphQLResponseError,
  HttpError,
  NetworkError,
  RateLimitError,
  TimeoutError,
} from './errors.js';
export type { RateLimitOptions } from './pacer.js';
export {
  MAX_PAGE_LIMIT,
  type Page,
  type PaginateOptions,
  type PaginationInput,
  paginate,
} from './paginate.js';
export { parseRetryAfter } from './retry-after.js';
export type { RetryOptions } from './retry-policy.js';
