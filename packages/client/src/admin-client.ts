import { type TokenProvider, type TokenProviderOptions, TokenRequestError } from '@admin-api/auth';
import { checkDurationMs, checkOptionalSignal, emit, sleep } from '@admin-api/auth/internal';
import type { AdminApiEvent } from './admin-api-events.js';
import { budgetedAnswer, budgetRefusalError, settledOrAborted } from './budget-answer.js';
import { type AttemptOutcome, classifyAttempt, plainResult } from './classify-attempt.js';
import type { AdminClientBaseOptions } from './client-config.js';
import { createClientPause, limiterPausedError } from './client-pause.js';
import { resolveClient } from './client-seams.js';
import { AuthError, abortedError, type CallSoFar, RateLimitError } from './errors.js';
import type { Fleet } from './fleet.js';
import { type AttemptObservation, observeAttempt } from './observe-attempt.js';
import { serializeRequest, toOperation } from './operation.js';
import { label } from './operation-label.js';
import type { AcquireOptions } from './rate-limiter.js';
import { requestFingerprint } from './request-fingerprint.js';
import { decideRetry, type RetryCounts } from './retry-policy.js';
import type { TypedDocumentNodeLike, TypedDocumentString } from './typed-document-string.js';

/**
 * How long a token issued to replace a refused one, and refused itself before any request with
 * it succeeded, keeps calls from fetching yet another: the API is refusing the app, not a token.
 */
export const REFUSED_REPLACEMENT_HOLD_MS = 30_000;

/** GraphQL variables. */
export type Variables = Record<string, unknown>;

/** Per-call options; each may be `undefined`, which means the default. */
export interface RequestOptions {
  /** Cancels the call, including any wait for a token, a pacing slot or a retry. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | undefined;
  /**
   * Declares a mutation safe to repeat, so it is retried after a 5xx, a timeout or a dropped
   * connection like a query is. Queries are always retried.
   * @default false
   */
  idempotent?: boolean | undefined;
  /** Which operation to run, for a document that holds several. */
  operationName?: string | undefined;
}

/** `variables` is required exactly when the operation has a required variable. */
export type RequestArgs<TVariables> =
  Record<string, never> extends TVariables
    ? [variables?: TVariables, options?: RequestOptions]
    : [variables: TVariables, options?: RequestOptions];

/** Token provider options the client passes through; the rest are shared with the client. */
export type ClientTokenOptions = Omit<
  TokenProviderOptions,
  'fetch' | 'now' | 'monotonicNow' | 'allowInsecureHttp' | 'retry' | 'timeoutMs' | 'onEvent'
>;

/** Options of a client made from credentials, beyond the token provider's. */
export interface ClientFleetOptions {
  /**
   * Shares the app's token and rate budget with its other processes, e.g. `createRedisFleet`
   * from `@admin-api/redis`. The fleet supplies the token store and the rate limiter, so
   * `store` and `rateLimiter` are not allowed with it, nor `rateLimit: false`.
   */
  fleet?: Fleet | undefined;
}

/** Options of {@link createAdminClient}: client credentials, or a ready token provider. */
export type AdminClientOptions = AdminClientBaseOptions &
  (
    | { tokenProvider: TokenProvider }
    | (ClientTokenOptions & ClientFleetOptions & { tokenProvider?: undefined })
  );

/** An authenticated Admin API client. */
export interface AdminClient {
  /**
   * Sends one GraphQL operation. With a `TypedDocumentString` or a `TypedDocumentNode` (what
   * codegen emits) the result and the variables are typed, and `variables` is required exactly
   * when the operation has a required variable. A plain string or an untyped `DocumentNode`
   * gives `unknown` unless `TResult` is given. Rejects with an {@link AdminApiError}; a document
   * or variables that cannot be sent reject with a `ConfigurationError` before anything is sent.
   */
  request<TResult = unknown, TVariables extends object = Variables>(
    document:
      | TypedDocumentString<TResult, TVariables>
      | TypedDocumentNodeLike<TResult, TVariables>
      | string,
    ...args: RequestArgs<TVariables>
  ): Promise<TResult>;
  /** The resolved GraphQL endpoint, `{baseUrl}/api/v2/admin/graphql`. */
  readonly endpoint: string;
  readonly tokenProvider: TokenProvider;
}

/**
 * Creates an Admin API client: every call is paced within the service's budget, carries a
 * Bearer token from the token provider, refreshes it once on a 401, waits out 429s and retries
 * transient failures of queries a bounded number of times. Options are checked here.
 *
 * @example
 * const client = createAdminClient({ baseUrl, authUrl, clientId, clientSecret });
 * const { me } = await client.request(GetMeDocument);
 */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  const { config, tokenProvider, secrets, rateLimiter, errorBudget } = resolveClient(options);
  // `now` only for the wall-clock fact of an answer (a Retry-After date); waits and durations
  // are measured on `monotonicNow`.
  const { endpoint, now, monotonicNow, retry, setTimer } = config;
  const notify = (event: AdminApiEvent) => emit(config.onEvent, event);
  const pause = createClientPause(monotonicNow, setTimer, retry, rateLimiter);
  // One object for every slot the client asks for: a pause beyond the bound fails the call.
  const acquireOptions: AcquireOptions = { maxPauseMs: retry.maxRetryAfterMs };
  // The token this client fetched to replace a refused one; `accepted` once an answer other than
  // a refusal came back with it; `at` on the monotonic clock.
  let replacement: { accessToken: string; at: number; accepted: boolean } | undefined;

  async function request(
    document: unknown,
    variables?: Variables,
    requestOptions: RequestOptions = {},
  ): Promise<unknown> {
    const operation = toOperation(document, requestOptions.operationName);
    const body = serializeRequest(operation, variables);
    const { operationName, operationType } = operation;
    const { signal } = requestOptions;
    checkOptionalSignal(signal);
    const timeoutMs =
      requestOptions.timeoutMs === undefined
        ? config.timeoutMs
        : checkDurationMs('timeoutMs', requestOptions.timeoutMs);
    const isMutation = operationType === 'mutation';
    const mayRepeat = !isMutation || requestOptions.idempotent === true;
    const counts: RetryCounts = {
      refreshedAfter401: false,
      rateLimitRetries: 0,
      transientRetries: 0,
    };
    let invalidatedRefusedToken = false;
    // Once an attempt may have been applied, so may the call, however it ends.
    let mayHaveBeenApplied = false;
    // The end of the last client pause this call has waited out (-Infinity: none).
    let pauseWaitedOut = Number.NEGATIVE_INFINITY;
    // What an error that ends the call now says of it (built only for such an error).
    const soFar = (attempts: number): CallSoFar => ({
      operationName,
      attempts,
      mayHaveBeenApplied,
    });
    const tokenOptions = signal ? { signal } : {};
    const budgeted = errorBudget && {
      requestKey: requestFingerprint(body),
      // The document and the operation chosen in it, not its name: two documents may share one.
      operationKey: requestFingerprint(`${operationName ?? ''} ${operation.query}`),
    };
    // The failure that led to the attempt the budget refused, if any.
    let lastFailure: unknown;

    for (let attempt = 1; ; attempt++) {
      let release: (() => void) | undefined;
      let accessToken: string;
      for (;;) {
        const pauseEndsAt = pause.endsAt();
        // Each pause is waited out once per call: after that, its timer is trusted over the clock.
        if (pauseEndsAt !== pauseWaitedOut) {
          pauseWaitedOut =
            monotonicNow() >= pauseEndsAt
              ? pauseEndsAt
              : await pause.waitOut(signal, soFar(attempt - 1));
        }
        if (rateLimiter) {
          try {
            release = await rateLimiter.acquire(signal, acquireOptions);
          } catch (cause) {
            // A limiter rejects only on abort or a pause beyond `maxPauseMs`; anything else is
            // its own failure, passed on as it is.
            if (signal?.aborted) throw abortedError(signal, soFar(attempt - 1));
            if (cause instanceof RateLimitError) {
              throw limiterPausedError(cause, soFar(attempt - 1), retry);
            }
            throw cause;
          }
        }
        try {
          accessToken = (await tokenProvider.getToken(tokenOptions)).accessToken;
        } catch (cause) {
          release?.();
          if (signal?.aborted) throw abortedError(signal, soFar(attempt - 1));
          if (cause instanceof TokenRequestError) {
            throw new AuthError(
              'TOKEN_REQUEST_FAILED',
              `${label(operationName)}: could not get an access token. ${cause.message}`,
              { operationName, status: cause.status, attempts: attempt, mayHaveBeenApplied, cause },
            );
          }
          throw cause;
        }
        // A 429 may have paused the client while this call waited for its slot or its token. A
        // pause that is already over (the limiter held the call through it) keeps the slot: one
        // handed back would still count against the budget for a whole window.
        const endsAt = pause.endsAt();
        if (endsAt === pauseWaitedOut || monotonicNow() >= endsAt) {
          pauseWaitedOut = endsAt;
          // Last, right before sending: calls waiting for a slot or a token were not counted.
          // A wait for another attempt's answer is short, so the slot is kept through it.
          let admission = budgeted && errorBudget.admit(budgeted);
          while (budgeted && admission && 'wait' in admission) {
            try {
              await settledOrAborted(admission.wait, signal, () => soFar(attempt - 1));
            } catch (error) {
              release?.();
              throw error;
            }
            admission = errorBudget.admit(budgeted);
          }
          if (!admission || !('refusal' in admission)) break;
          release?.();
          const { refusal } = admission;
          notify({
            type: 'error_budget_refused',
            operationName,
            operationType,
            attempt,
            ...refusal,
          });
          throw budgetRefusalError(refusal, { ...soFar(attempt - 1), cause: lastFailure });
        }
        release?.();
      }
      if (invalidatedRefusedToken) {
        invalidatedRefusedToken = false;
        if (replacement?.accessToken !== accessToken) {
          replacement = { accessToken, at: monotonicNow(), accepted: false };
        }
      }

      // Events are built only for a listener: most clients have none.
      const { onEvent } = config;
      if (onEvent) {
        notify({ type: 'graphql_request', operationName, operationType, attempt, url: endpoint });
      }
      const started = onEvent ? monotonicNow() : 0;
      let observation: AttemptObservation | undefined;
      try {
        observation = await observeAttempt({
          endpoint,
          body,
          accessToken,
          fetch: config.fetch,
          timeoutMs,
          signal,
          maxResponseBytes: config.maxResponseBytes,
          secrets,
        });
      } finally {
        release?.();
        // An attempt that threw reached nobody the budget could hear from.
        if (budgeted && !observation) errorBudget.record(budgeted, undefined);
      }
      if (onEvent && observation.response) {
        notify({
          type: 'graphql_response',
          operationName,
          operationType,
          attempt,
          status: observation.response.status,
          durationMs: monotonicNow() - started,
        });
      }
      // The common answer needs none of what errors are built from.
      const data = plainResult(observation);
      const outcome: AttemptOutcome = data
        ? { ok: true, data }
        : classifyAttempt(observation, {
            operationName,
            isMutation,
            soleRootKey: operation.soleRootKey,
            attempt,
            endpoint,
            timeoutMs,
            maxResponseBytes: config.maxResponseBytes,
            secrets: [...secrets, accessToken],
            now: now(),
            appliedEarlier: mayHaveBeenApplied,
          });
      if (budgeted) {
        errorBudget.record(budgeted, budgetedAnswer(observation.response?.status, outcome));
      }
      const refused = !outcome.ok && outcome.reason === 'unauthenticated';
      if (observation.response && !refused && replacement?.accessToken === accessToken) {
        replacement.accepted = true;
      }
      if (outcome.ok) return outcome.data;
      lastFailure = outcome.error;
      mayHaveBeenApplied = outcome.error.mayHaveBeenApplied;
      if (outcome.reason === 'rate_limited') pause.holdAfter429(outcome.retryAfterMs);

      const decision = decideRetry(outcome, counts, retry, {
        mayRepeat,
        operationName,
        attempt,
        tokenReplacedRefusedOne:
          replacement !== undefined &&
          replacement.accessToken === accessToken &&
          !replacement.accepted &&
          monotonicNow() - replacement.at < REFUSED_REPLACEMENT_HOLD_MS,
      });
      if (!decision.retry) throw decision.error;
      let { delayMs } = decision;
      if (decision.reason === 'unauthenticated') {
        counts.refreshedAfter401 = true;
        invalidatedRefusedToken = true;
        await tokenProvider.invalidate(accessToken);
      } else if (decision.reason === 'rate_limited') {
        counts.rateLimitRetries++;
        // The client's pause holds the retry, as it holds every other call.
        delayMs = 0;
      } else {
        counts.transientRetries++;
      }
      notify({
        type: 'graphql_retry',
        operationName,
        operationType,
        attempt,
        reason: decision.reason,
        delayMs: decision.delayMs,
        error: outcome.error,
      });
      if (delayMs > 0) {
        try {
          await sleep(delayMs, signal, setTimer);
        } catch {
          throw abortedError(signal, soFar(attempt));
        }
      }
    }
  }

  return { request: request as AdminClient['request'], endpoint, tokenProvider };
}
