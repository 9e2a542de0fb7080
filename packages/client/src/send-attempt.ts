import type { AdminApiError, AdminApiErrorDetails } from '@admin-api/auth';
import { bodyExcerpt, redact } from '@admin-api/auth/internal';
import type { GraphQLFormattedError } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import type { RetryReason } from './client-events.js';
import {
  AbortedError,
  GraphQLResponseError,
  HttpError,
  NetworkError,
  TimeoutError,
} from './errors.js';
import type { Operation } from './operation.js';
import { label } from './operation-label.js';
import { parseRetryAfter } from './retry-after.js';

/** What one HTTP attempt ended in. */
export type AttemptOutcome =
  | { ok: true; data: unknown }
  | {
      ok: false;
      error: AdminApiError;
      /** Set when another attempt could succeed; absent for final errors. */
      reason?: RetryReason;
      /** False when the request certainly never reached the server (connection refused). */
      reached: boolean;
      retryAfterMs?: number | undefined;
    };

export interface AttemptInput {
  endpoint: string;
  operation: Operation;
  variables: Record<string, unknown> | undefined;
  accessToken: string;
  fetch: typeof fetch;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  attempt: number;
  /** Strings never to show in an error: the token, and the secret when the client holds it. */
  secrets: readonly string[];
  now: () => number;
}

/** What the observing fetch saw on the wire, since graphql-request keeps only part of it. */
interface Wire {
  sent: boolean;
  status?: number;
  headers?: Headers;
  body?: string;
}

const EXCERPT_LENGTH = 300;
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

const excerpt = (body: string | undefined, secrets: readonly string[]) =>
  bodyExcerpt(body ?? '', secrets, EXCERPT_LENGTH);

/** A GraphQLResponseError with the server's messages redacted: a server may echo what it was sent. */
function graphqlError(
  errors: readonly GraphQLFormattedError[],
  data: unknown,
  details: AdminApiErrorDetails,
  secrets: readonly string[],
): GraphQLResponseError {
  return new GraphQLResponseError(
    errors.map((e) => ({ ...e, message: redact(e.message, secrets) })),
    data,
    details,
  );
}

function isUnauthenticated(errors: readonly GraphQLFormattedError[] | undefined): boolean {
  return errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED') ?? false;
}

/**
 * The server's `errors`, made well-formed whatever was sent: entries become objects with a
 * string `message`, and anything that is not a list becomes one entry saying so.
 */
function toGraphQLErrors(value: unknown): GraphQLFormattedError[] | undefined {
  if (value === undefined || value === null) return undefined;
  const entries: unknown[] = Array.isArray(value)
    ? value
    : [{ message: `unreadable "errors" field: ${JSON.stringify(value)}` }];
  return entries.map((entry) => {
    if (typeof entry !== 'object' || entry === null) return { message: String(entry) };
    const { message } = entry as { message?: unknown };
    return {
      ...entry,
      message: typeof message === 'string' ? message : JSON.stringify(message ?? null),
    };
  });
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Sends the operation once through graphql-request and classifies the outcome. Never throws. */
export async function sendAttempt(input: AttemptInput): Promise<AttemptOutcome> {
  const { operation, secrets, attempt } = input;
  const { operationName } = operation;
  const isMutation = operation.operationType !== 'query';
  const wire: Wire = { sent: false };
  const observingFetch: typeof fetch = async (url, init) => {
    wire.sent = true;
    const response = await input.fetch(url, init);
    wire.status = response.status;
    wire.headers = response.headers;
    // graphql-request reads the body with text(); keep a copy for error excerpts without a second Response.
    const text = response.text.bind(response);
    response.text = async () => {
      wire.body = await text();
      return wire.body;
    };
    return response;
  };
  // A plain controller and timer: per-request AbortSignal.timeout() is costly on Node 20.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal;
  const client = new GraphQLClient(input.endpoint, { fetch: observingFetch, errorPolicy: 'all' });

  const base = { operationName, attempts: attempt };
  try {
    const result = await client
      .rawRequest<unknown, Record<string, unknown>>({
        query: operation.query,
        ...(input.variables === undefined ? {} : { variables: input.variables }),
        requestHeaders: { authorization: `Bearer ${input.accessToken}` },
        signal,
      })
      .finally(() => clearTimeout(timer));
    const errors = toGraphQLErrors(result.errors);
    if (errors && errors.length > 0) {
      const error = graphqlError(errors, result.data, { ...base, status: result.status }, secrets);
      return isUnauthenticated(errors)
        ? { ok: false, error, reason: 'unauthenticated', reached: true }
        : { ok: false, error, reached: true };
    }
    return { ok: true, data: result.data };
  } catch (cause) {
    const status = wire.status;
    // graphql-request's errors embed the raw body; what matters of them is in our own fields.
    const fromTransport = cause instanceof ClientError || status !== undefined;
    const details = { ...base, status, ...(fromTransport ? {} : { cause }) };
    const mayHaveBeenApplied = isMutation && wire.sent;
    if (input.signal?.aborted) {
      return {
        ok: false,
        error: new AbortedError(`${label(operationName)} was aborted by the caller`, {
          ...details,
          cause: input.signal.reason,
          mayHaveBeenApplied,
        }),
        reached: wire.sent,
      };
    }
    if (timeout.signal.aborted) {
      return {
        ok: false,
        error: new TimeoutError(
          `${label(operationName)} got no answer within ${input.timeoutMs} ms.${appliedHint(mayHaveBeenApplied)}`,
          input.timeoutMs,
          { ...details, mayHaveBeenApplied },
        ),
        reason: 'timeout',
        reached: wire.sent,
      };
    }
    if (cause instanceof ClientError && status !== undefined) {
      const errors = toGraphQLErrors(cause.response.errors);
      if (status === 401 || isUnauthenticated(errors)) {
        const error = graphqlError(
          errors ?? [{ message: `HTTP ${status}` }],
          undefined,
          details,
          secrets,
        );
        return { ok: false, error, reason: 'unauthenticated', reached: true };
      }
      if (status === 429) {
        const retryAfterMs = parseRetryAfter(wire.headers?.get('retry-after'), input.now());
        const error = new HttpError(
          'HTTP_ERROR',
          `${label(operationName)} was rate limited (HTTP 429)`,
          excerpt(wire.body, secrets),
          details,
        );
        return { ok: false, error, reason: 'rate_limited', reached: false, retryAfterMs };
      }
      if (status >= 500) {
        const error = new HttpError(
          'HTTP_ERROR',
          `${label(operationName)} failed: HTTP ${status} from the Admin API; the service may be degraded, try again later.${appliedHint(isMutation)}`,
          excerpt(wire.body, secrets),
          { ...details, mayHaveBeenApplied: isMutation },
        );
        return { ok: false, error, reason: 'server_error', reached: true };
      }
      if (errors && errors.length > 0) {
        return {
          ok: false,
          error: graphqlError(errors, cause.response.data, details, secrets),
          reached: true,
        };
      }
      const error = new HttpError(
        'HTTP_ERROR',
        `${label(operationName)} failed: HTTP ${status} from the Admin API. ${clientErrorHint(status)}`,
        excerpt(wire.body, secrets),
        details,
      );
      return { ok: false, error, reached: true };
    }
    if (status !== undefined) {
      const error = new HttpError(
        'INVALID_RESPONSE',
        `${label(operationName)} got HTTP ${status} with a body that is not a GraphQL result.${appliedHint(isMutation)}`,
        excerpt(wire.body, secrets),
        { ...details, mayHaveBeenApplied: isMutation },
      );
      return { ok: false, error, reason: 'invalid_response', reached: true };
    }
    const code = errorCode(cause);
    const reached = wire.sent && !(code && NEVER_CONNECTED.has(code));
    const error = new NetworkError(
      `${label(operationName)} got no answer from ${new URL(input.endpoint).origin}` +
        `${code ? ` (${code})` : ''}.${appliedHint(isMutation && reached)}`,
      { ...details, mayHaveBeenApplied: isMutation && reached },
    );
    return { ok: false, error, reason: 'network_error', reached };
  }
}

function appliedHint(mayHaveBeenApplied: boolean): string {
  return mayHaveBeenApplied
    ? ' The mutation may have been applied: check before repeating it, or pass { idempotent: true } if repeating it is safe.'
    : '';
}

function clientErrorHint(status: number): string {
  if (status === 403) return 'The app lacks a scope this operation needs.';
  if (status === 404)
    return 'Check ADMIN_API_BASE_URL: it should be the GraphQL host, e.g. https://api.myikas.com.';
  return 'The request was rejected; it is not retried.';
}
