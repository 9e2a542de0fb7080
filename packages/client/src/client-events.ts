import type { AdminApiError } from '@admin-api/auth';

/** Why an attempt is retried. */
export type RetryReason =
  | 'unauthenticated'
  | 'rate_limited'
  | 'server_error'
  | 'network_error'
  | 'timeout'
  | 'invalid_response';

/** Passed to `hooks.onRequest` before each HTTP attempt. No token, no secret. */
export interface RequestEvent {
  operationName: string | undefined;
  operationType: 'query' | 'mutation' | 'subscription';
  /** 1 for the first attempt. */
  attempt: number;
  url: string;
}

/** Passed to `hooks.onResponse` after each HTTP answer, successful or not. */
export interface ResponseEvent extends RequestEvent {
  status: number;
  durationMs: number;
}

/** Passed to `hooks.onRetry` before the client waits and tries again. */
export interface RetryEvent extends RequestEvent {
  reason: RetryReason;
  delayMs: number;
  error: AdminApiError;
}

/** Observers for logging and tracing. Exceptions they throw are swallowed. */
export interface ClientHooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
}

export function callHook<E>(hook: ((event: E) => void) | undefined, event: E): void {
  if (!hook) return;
  try {
    hook(event);
  } catch {
    // A logging hook must never break a request.
  }
}
