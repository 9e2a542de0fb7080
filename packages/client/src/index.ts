export {
  type AccessToken,
  AdminApiError,
  type AdminApiErrorCode,
  type AdminApiErrorDetails,
  type AuthEvent,
  type AuthEventListener,
  type ClientCredentials,
  ConfigurationError,
  type ConfigurationErrorCode,
  type RefreshTurn,
  type RefreshTurnRequest,
  type RequestTokenOptions,
  type SetTimer,
  type TokenProvider,
  type TokenProviderOptions,
  TokenRequestError,
  type TokenRequestErrorCode,
  type TokenRequestErrorDetails,
  type TokenRetryOptions,
  type TokenStore,
} from '@admin-api/auth';
export { parseRetryAfter } from '@admin-api/auth/internal';
// graphql's own, re-exported so that a project can name it through the client wherever its types
// are inferred, even where its graphql and the client's are two copies.
export type { GraphQLFormattedError } from 'graphql/error/GraphQLError.js';
export type {
  AdminApiEvent,
  AdminApiEventListener,
  ClientEvent,
  ErrorBudgetRefusedEvent,
  GraphQLCallFields,
  GraphQLRequestEvent,
  GraphQLResponseEvent,
  GraphQLRetryEvent,
  RetryReason,
} from './admin-api-events.js';
export {
  type AdminClient,
  type AdminClientOptions,
  type ClientFleetOptions,
  type ClientTokenOptions,
  createAdminClient,
  REFUSED_REPLACEMENT_HOLD_MS,
  type RequestArgs,
  type RequestOptions,
  type Variables,
} from './admin-client.js';
export {
  type AdminClientBaseOptions,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
} from './client-config.js';
export { type AdminClientFromEnvOptions, createAdminClientFromEnv } from './client-from-env.js';
export { MAX_SHARED_PAUSE_MS } from './client-pause.js';
export {
  type BudgetedAnswer,
  type BudgetedCall,
  type CreateErrorBudgetOptions,
  createErrorBudget,
  type ErrorBudget,
  type ErrorBudgetAdmission,
  type ErrorBudgetRefusal,
  type ErrorBudgetRule,
  type ErrorCountStore,
} from './error-budget.js';
export type { ErrorBudgetOptions } from './error-budget-options.js';
export type { ErrorCountBucket, ErrorCounts } from './error-window.js';
export {
  AbortedError,
  AuthError,
  ErrorBudgetError,
  GraphQLResponseError,
  type GraphQLResponseErrorOptions,
  HttpError,
  type HttpErrorCode,
  NetworkError,
  RateLimitError,
  type ServiceErrorCode,
  TimeoutError,
} from './errors.js';
export type { Fleet, FleetMember, FleetMembership } from './fleet.js';
export type {
  FleetBudget,
  FleetBudgetMismatchEvent,
  FleetDegradedEvent,
  FleetEvent,
  FleetRecoveredEvent,
  FleetTokenUnreadableEvent,
} from './fleet-events.js';
export {
  createPacer,
  type Pacer,
  type PacerOptions,
  type RateLimitConfig,
  type RateLimitOptions,
  resolveRateLimit,
} from './pacer.js';
export {
  MAX_PAGE_LIMIT,
  type Page,
  type PaginateOptions,
  type PaginationInput,
  paginate,
} from './paginate.js';
export type { AcquireOptions, RateLimiter } from './rate-limiter.js';
export { MIN_RETRY_AFTER_MS, type RetryOptions } from './retry-policy.js';
export type {
  DocumentNodeLike,
  DocumentTypeDecoration,
  TypedDocumentNodeLike,
  TypedDocumentString,
} from './typed-document-string.js';
