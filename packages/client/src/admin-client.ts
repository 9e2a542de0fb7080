import {
  ConfigurationError,
  createTokenProvider,
  type TokenProvider,
  type TokenProviderOptions,
  TokenRequestError,
} from '@admin-api/auth';
import { sleep } from '@admin-api/auth/internal';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import { type ClientHooks, callHook, type RequestEvent } from './client-events.js';
import { graphqlEndpointUrl } from './endpoint-url.js';
import { AbortedError, AuthError } from './errors.js';
import { toOperation } from './operation.js';
import { label } from './operation-label.js';
import { createPacer, type Pacer, type RateLimitOptions } from './pacer.js';
import {
  decideRetry,
  type RetryCounts,
  type RetryOptions,
  resolveRetryConfig,
} from './retry-policy.js';
import { sendAttempt } from './send-attempt.js';

/** Default time budget of one HTTP attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** GraphQL variables. */
export type Variables = Record<string, unknown>;

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the call, including any wait for a token, a pacing slot or a retry. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /**
   * Declares a mutation safe to repeat, so it is retried after a 5xx, a timeout or a dropped
   * connection like a query is. Queries are always retried.
   * @default false
   */
  idempotent?: boolean;
}

/** `variables` is required exactly when the operation has a required variable. */
export type RequestArgs<TVariables> =
  Record<string, never> extends TVariables
    ? [variables?: TVariables, options?: RequestOptions]
    : [variables: TVariables, options?: RequestOptions];

/** Options shared by both ways of supplying tokens. */
export interface AdminClientBaseOptions {
  /** Origin of the GraphQL host, e.g. `https://api.myikas.com`. Not the token host. */
  baseUrl: string;
  /** A `fetch` implementation, used for GraphQL and token requests. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Time budget of one HTTP attempt. @default 30000 */
  timeoutMs?: number;
  /** Retry budgets; `false` turns retries off (a 401 still refreshes the token once). */
  retry?: RetryOptions | false;
  /** Client-side request budget; `false` turns pacing off. @default 50 requests per 10 s */
  rateLimit?: RateLimitOptions | false;
  /** Observers for logging and tracing; they never see the secret or a token. */
  hooks?: ClientHooks;
  /** Allows plain `http://` to non-loopback hosts. Only for trusted networks. @default false */
  allowInsecureHttp?: boolean;
  /** Clock. @default Date.now */
  now?: () => number;
}

/** Token provider options the client passes through; the rest are shared with the client. */
export type ClientTokenOptions = Omit<
  TokenProviderOptions,
  'fetch' | 'now' | 'allowInsecureHttp' | 'retry' | 'timeoutMs'
>;

/** Options of {@link createAdminClient}: client credentials, or a ready token provider. */
export type AdminClientOptions = AdminClientBaseOptions &
  ({ tokenProvider: TokenProvider } | (ClientTokenOptions & { tokenProvider?: undefined }));

/** An authenticated Admin API client. */
export interface AdminClient {
  /**
   * Sends one GraphQL operation. With a `TypedDocumentNode` the result and the variables are
   * typed, and `variables` is required exactly when the operation has a required variable. A
   * string or an untyped `DocumentNode` gives `unknown` unless `TResult` is given. Rejects with
   * an {@link AdminApiError}.
   */
  request<TResult = unknown, TVariables extends object = Variables>(
    document: TypedDocumentNode<TResult, TVariables> | string,
    ...args: RequestArgs<TVariables>
  ): Promise<TResult>;
  /** The resolved GraphQL endpoint, `{baseUrl}/api/v2/admin/graphql`. */
  readonly endpoint: string;
  readonly tokenProvider: TokenProvider;
}

function isBrowser(): boolean {
  const g = globalThis as { window?: { document?: unknown } };
  return typeof g.window === 'object' && typeof g.window.document === 'object';
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"${name}" must be a positive number of milliseconds (got ${value})`,
    );
  }
  return value;
}

/**
 * Creates an Admin API client: every call is paced within the service's budget, carries a
 * Bearer token from the token provider, refreshes it once on a 401, waits out 429s and retries
 * transient failures of queries a bounded number of times.
 *
 * @example
 * const client = createAdminClient({ baseUrl, authUrl, clientId, clientSecret });
 * const { me } = await client.request(GetMeDocument);
 */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  const { baseUrl, hooks = {}, allowInsecureHttp = false } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const endpoint = graphqlEndpointUrl(baseUrl, allowInsecureHttp);
  const timeoutMs = positive('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const retry = resolveRetryConfig(options.retry);
  const pacer: Pacer | undefined =
    options.rateLimit === false ? undefined : createPacer(options.rateLimit ?? {}, now);

  const { tokenProvider, secrets } = resolveTokenProvider(options, {
    fetch: fetchFn,
    now,
    allowInsecureHttp,
  });
  async function request(
    document: string | DocumentNode,
    variables?: Variables,
    requestOptions: RequestOptions = {},
  ): Promise<unknown> {
    const operation = toOperation(document);
    const { operationName, operationType } = operation;
    const { signal } = requestOptions;
    const attemptTimeoutMs = positive('timeoutMs', requestOptions.timeoutMs, timeoutMs);
    const mayRepeat = operationType === 'query' || requestOptions.idempotent === true;
    const counts: RetryCounts = {
      refreshedAfter401: false,
      rateLimitRetries: 0,
      transientRetries: 0,
    };

    const aborted = () =>
      new AbortedError(`${label(operationName)} was aborted by the caller`, {
        operationName,
        cause: signal?.reason,
      });

    for (let attempt = 1; ; attempt++) {
      let release: () => void = () => {};
      if (pacer) {
        try {
          release = await pacer.acquire(signal);
        } catch {
          throw aborted();
        }
      }
      let accessToken: string;
      try {
        accessToken = (await tokenProvider.getToken(signal ? { signal } : {})).accessToken;
      } catch (cause) {
        release();
        if (signal?.aborted) throw aborted();
        if (cause instanceof TokenRequestError) {
          throw new AuthError(
            'TOKEN_REQUEST_FAILED',
            `${label(operationName)}: could not get an access token. ${cause.message}`,
            {
              operationName,
              status: cause.status,
              cause,
            },
          );
        }
        throw cause;
      }

      const event: RequestEvent = { operationName, operationType, attempt, url: endpoint };
      callHook(hooks.onRequest, event);
      const started = now();
      const outcome = await sendAttempt({
        endpoint,
        operation,
        variables,
        accessToken,
        fetch: fetchFn,
        timeoutMs: attemptTimeoutMs,
        signal,
        attempt,
        secrets: [...secrets, accessToken],
        now,
      }).finally(release);
      const { status } = outcome.ok ? { status: 200 } : outcome.error;
      if (status !== undefined)
        callHook(hooks.onResponse, { ...event, status, durationMs: now() - started });
      if (outcome.ok) return outcome.data;

      const decision = decideRetry(outcome, counts, retry, { mayRepeat, operationName, attempt });
      if (!decision.retry) throw decision.error;
      let { delayMs } = decision;
      if (decision.reason === 'unauthenticated') {
        counts.refreshedAfter401 = true;
        await tokenProvider.invalidate(accessToken);
      } else if (decision.reason === 'rate_limited') {
        counts.rateLimitRetries++;
        // The whole client waits: other calls would meet the same 429.
        if (pacer) {
          pacer.pauseUntil(now() + delayMs);
          delayMs = 0;
        }
      } else {
        counts.transientRetries++;
      }
      callHook(hooks.onRetry, {
        ...event,
        reason: decision.reason,
        delayMs: decision.delayMs,
        error: outcome.error,
      });
      if (delayMs > 0) {
        try {
          await sleep(delayMs, signal);
        } catch {
          throw aborted();
        }
      }
    }
  }

  return { request: request as AdminClient['request'], endpoint, tokenProvider };
}

/** The given provider, or one made from the credentials; plus the secret to keep out of errors. */
function resolveTokenProvider(
  options: AdminClientOptions,
  shared: Pick<TokenProviderOptions, 'fetch' | 'now' | 'allowInsecureHttp'>,
): { tokenProvider: TokenProvider; secrets: string[] } {
  if (options.tokenProvider) return { tokenProvider: options.tokenProvider, secrets: [] };
  const { authUrl, clientId, clientSecret, refreshMarginS, store, onEvent } = options;
  if (isBrowser() && clientSecret) {
    throw new ConfigurationError(
      'INSECURE_ENVIRONMENT',
      'createAdminClient was given a client secret in a browser. The secret must stay on a server: call the Admin API from your backend.',
    );
  }
  return {
    tokenProvider: createTokenProvider({
      authUrl,
      clientId,
      clientSecret,
      refreshMarginS,
      store,
      onEvent,
      ...shared,
    }),
    secrets: [clientSecret],
  };
}
