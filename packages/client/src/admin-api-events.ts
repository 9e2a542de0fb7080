import type { AdminApiError, AuthEvent } from '@admin-api/auth';
import type { ErrorBudgetRule } from './error-budget.js';
import type { FleetEvent } from './fleet-events.js';

/** Why an attempt is retried. */
export type RetryReason =
  | 'unauthenticated'
  | 'rate_limited'
  | 'server_error'
  | 'network_error'
  | 'timeout'
  | 'invalid_response';

/** What every GraphQL event says about the call it belongs to. No token, no secret. */
export interface GraphQLCallFields {
  operationName: string | undefined;
  operationType: 'query' | 'mutation';
  /** 1 for the first HTTP attempt of the call. */
  attempt: number;
}

/** Before each HTTP attempt. */
export interface GraphQLRequestEvent extends GraphQLCallFields {
  type: 'graphql_request';
  url: string;
}

/** After each HTTP answer, successful or not. */
export interface GraphQLResponseEvent extends GraphQLCallFields {
  type: 'graphql_response';
  status: number;
  durationMs: number;
}

/** Before the client waits and tries again. */
export interface GraphQLRetryEvent extends GraphQLCallFields {
  type: 'graphql_retry';
  reason: RetryReason;
  delayMs: number;
  /** The failure that is retried; redacted like every error of the kit. */
  error: AdminApiError;
}

/** The error budget refused an attempt: it was not sent, and the call fails with its error. */
export interface ErrorBudgetRefusedEvent extends GraphQLCallFields {
  type: 'error_budget_refused';
  rule: ErrorBudgetRule;
  /** How long the same call would be refused. */
  retryAfterMs: number;
}

/** What the client reports, discriminated by `type` (`graphql_*`, `error_budget_refused`). */
export type ClientEvent =
  | GraphQLRequestEvent
  | GraphQLResponseEvent
  | GraphQLRetryEvent
  | ErrorBudgetRefusedEvent;

/**
 * Every event a client reports: its own, those of the token provider it creates, and those of
 * the fleet it joined (`fleet_*`). One discriminated union for the kit.
 */
export type AdminApiEvent = AuthEvent | ClientEvent | FleetEvent;

/** Receives {@link AdminApiEvent}s. Exceptions it throws are swallowed. */
export type AdminApiEventListener = (event: AdminApiEvent) => void;
