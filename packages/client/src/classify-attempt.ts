import type { AdminApiErrorDetails } from '@admin-api/auth';
import {
  bodyExcerpt,
  describeLocation,
  isRecord,
  parseRetryAfter,
  redactDeep,
} from '@admin-api/auth/internal';
import type { GraphQLFormattedError } from 'graphql/error/GraphQLError.js';
import {
  AbortedError,
  GraphQLResponseError,
  HttpError,
  NetworkError,
  type ServiceErrorCode,
  TimeoutError,
} from './errors.js';
import { keepGraphQLErrors, MAX_WHOLE_ANSWER_CHARS } from './graphql-errors.js';
import type { AttemptObservation, ObservedFailure, ObservedResponse } from './observe-attempt.js';
import { label } from './operation-label.js';
import type { FailedAttempt } from './retry-policy.js';

/** What {@link classifyAttempt} needs to know besides the observation. */
export interface AttemptContext {
  operationName: string | undefined;
  isMutation: boolean;
  /** The operation's only root field's response key, when it has one and nothing else. */
  soleRootKey: string | undefined;
  /** 1 for the first attempt. */
  attempt: number;
  /** The GraphQL endpoint, for messages and to resolve a relative `Location`. */
  endpoint: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Strings never to show in an error: the token, and the secret when the client holds it. */
  secrets: readonly string[];
  /** Epoch ms when the answer arrived, to read an HTTP-date `Retry-After`. */
  now: number;
  /** An earlier attempt of this call (a mutation) may have been applied: so may this call's. */
  appliedEarlier: boolean;
}

/** What an attempt amounts to: the result, or a failure for the retry policy to weigh. */
export type AttemptOutcome =
  | { ok: true; data: Record<string, unknown> }
  | ({ ok: false } & FailedAttempt);

const EXCERPT_LENGTH = 300;
/** Codes of failures that happen before a connection exists, so nothing reached a server. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

function isUnauthenticated(errors: readonly GraphQLFormattedError[]): boolean {
  return errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}

/**
 * Codes with which the service refuses a mutation before applying it: its check of the
 * arguments, and the business rules the vendor's own client knows.
 */
const REFUSAL_CODES: ReadonlySet<unknown> = new Set([
  'ARGUMENT_VALIDATION_ERROR',
  'ORDER_LINE_IS_ALREADY_PACKAGED',
  'ORDER_NOT_ELIGIBLE_FOR_UPDATE',
] satisfies ServiceErrorCode[]);

/**
 * A mutation whose execution began was refused outright: it selects one root field, nothing in
 * `data` answered, and every error is a refusal of that field itself. With two root fields, a
 * null that spreads from the second one's refusal can hide that the first was applied; an error
 * deeper down came after the field answered; another code, or errors not kept, may follow a
 * change. The answer is untrusted: any value in `data`, under whatever key, may be applied data.
 */
function refusedOutright(
  data: unknown,
  errors: readonly GraphQLFormattedError[],
  omitted: number,
  rootKey: string | undefined,
): boolean {
  if (rootKey === undefined || omitted > 0 || errors.length === 0) return false;
  const answered = isRecord(data) && Object.values(data).some((value) => value != null);
  return (
    !answered &&
    errors.every(
      ({ extensions, path }) =>
        REFUSAL_CODES.has(extensions?.code) &&
        Array.isArray(path) &&
        path.length === 1 &&
        path[0] === rootKey,
    )
  );
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

/**
 * Decides what an observed attempt means: a result, a typed error, and whether another attempt
 * could succeed (`reason`) and may be made safely (`reached`). Pure: the same observation and
 * context always give the same outcome.
 */
export function classifyAttempt(
  observation: AttemptObservation,
  context: AttemptContext,
): AttemptOutcome {
  const { response, failure } = observation;
  return failure
    ? classifyFailure(failure, response, context)
    : classifyResponse(response, context);
}

/**
 * What every error of an attempt carries; `mayHaveBeenApplied` is this attempt's, and is true
 * anyway when an earlier attempt of the call may have been applied.
 */
function errorDetails(
  context: AttemptContext,
  response: ObservedResponse | undefined,
  mayHaveBeenApplied = false,
): AdminApiErrorDetails & { mayHaveBeenApplied: boolean } {
  return {
    operationName: context.operationName,
    attempts: context.attempt,
    status: response?.status,
    mayHaveBeenApplied: mayHaveBeenApplied || context.appliedEarlier,
  };
}

/** What a zlib or brotli error code starts with: the body arrived but could not be decompressed. */
function isDecodeError(code: string | undefined): boolean {
  return code !== undefined && (code.startsWith('Z_') || code.startsWith('ERR__ERROR_'));
}

const TIMEOUT_HINT =
  'Raise timeoutMs (per call: { timeoutMs }) if the operation is slow, or try again later.';

/** An attempt that ended without a complete answer; `response` is what was read of it, if any. */
function classifyFailure(
  failure: ObservedFailure,
  response: ObservedResponse | undefined,
  context: AttemptContext,
): AttemptOutcome {
  const { isMutation } = context;
  const name = label(context.operationName);
  if (failure.kind === 'aborted') {
    return {
      ok: false,
      error: new AbortedError(`${name} was aborted by the caller`, {
        ...errorDetails(context, response, isMutation),
        cause: failure.cause,
      }),
      reached: true,
    };
  }
  if (failure.kind === 'timeout') {
    const details = errorDetails(context, response, isMutation);
    return {
      ok: false,
      error: new TimeoutError(
        `${name} got no answer within ${context.timeoutMs} ms. ${TIMEOUT_HINT}${appliedHint(details.mayHaveBeenApplied)}`,
        context.timeoutMs,
        details,
      ),
      reason: 'timeout',
      reached: true,
    };
  }
  const { code } = failure;
  const origin = new URL(context.endpoint).origin;
  if (response && isDecodeError(code)) {
    const details = errorDetails(context, response, isMutation);
    return {
      ok: false,
      error: new HttpError(
        'INVALID_RESPONSE',
        `${name} got an HTTP ${response.status} answer from ${origin} that could not be decoded: its compressed ` +
          `body is corrupt (${code}). Usually a proxy in between; try again later.${appliedHint(details.mayHaveBeenApplied)}`,
        '',
        { ...details, cause: failure.cause },
      ),
      reason: 'invalid_response',
      reached: true,
    };
  }
  const reached = response !== undefined || !(code && NEVER_CONNECTED.has(code));
  const details = errorDetails(context, response, isMutation && reached);
  const what = response
    ? `lost the connection while reading the HTTP ${response.status} answer from`
    : 'got no answer from';
  return {
    ok: false,
    error: new NetworkError(
      `${name} ${what} ${origin}${code ? ` (${code})` : ''}. Check the network and that ${origin} is reachable, ` +
        `then try again.${appliedHint(details.mayHaveBeenApplied)}`,
      { ...details, cause: failure.cause },
    ),
    reason: 'network_error',
    reached,
  };
}

/**
 * The data of the common answer, a complete 2xx with a JSON object holding `data` and no
 * `errors`: the result {@link classifyAttempt} gives it, without the context errors need.
 */
export function plainResult(observation: AttemptObservation): Record<string, unknown> | undefined {
  const { response, failure } = observation;
  if (failure || response.status < 200 || response.status > 299 || response.truncated) {
    return undefined;
  }
  const result = response.json?.value;
  if (!isRecord(result) || (result.errors !== undefined && result.errors !== null))
    return undefined;
  return isRecord(result.data) ? result.data : undefined;
}

function classifyResponse(response: ObservedResponse, context: AttemptContext): AttemptOutcome {
  const { operationName, isMutation, secrets } = context;
  const details = errorDetails(context, response);
  const ifApplied = (mayHaveBeenApplied: boolean) =>
    errorDetails(context, response, mayHaveBeenApplied);
  const { status } = response;
  const name = label(operationName);
  // Only for errors: a successful body can be megabytes.
  const excerpt = () => bodyExcerpt(response.body, secrets, EXCERPT_LENGTH, response.truncated);
  const json = response.json?.value;
  const result = isRecord(json) ? json : undefined;
  // Per the GraphQL spec, `data` is present (even null) once execution has begun.
  const executionStarted = result !== undefined && 'data' in result && result.data !== undefined;
  const hasErrors = result?.errors !== undefined && result.errors !== null;
  // Errors and partial data are kept redacted, which copies them: whole only within a bound.
  const whole = response.body.length <= MAX_WHOLE_ANSWER_CHARS;
  const { errors, omitted } = hasErrors
    ? keepGraphQLErrors(result?.errors, { secrets, trim: !whole })
    : { errors: [], omitted: 0 };
  const trimmedErrors = hasErrors && !whole;
  // Only for an answer with errors.
  const mutationMayHaveApplied = () =>
    isMutation &&
    executionStarted &&
    !refusedOutright(result?.data, errors, omitted, context.soleRootKey);
  const graphqlError = (mayHaveBeenApplied: boolean) =>
    new GraphQLResponseError(
      errors,
      whole ? redactDeep(result?.data, secrets) : undefined,
      ifApplied(mayHaveBeenApplied),
      {
        omittedErrors: omitted,
        omittedData: !whole && result?.data !== undefined && result.data !== null,
        trimmedErrors,
      },
    );

  if (status >= 300 && status <= 399) {
    // 303 answers a request that was handled ("see the result there"); the others send it on
    // unhandled. Following either would take the request and its token to another origin.
    const redirectDetails = ifApplied(isMutation && status === 303);
    const where = describeLocation(response.location, context.endpoint, secrets);
    return {
      ok: false,
      error: new HttpError(
        'REDIRECT_REFUSED',
        `${name} was answered with HTTP ${status}, a redirect to ${where}. Redirects from the GraphQL ` +
          `host are never followed. Check baseUrl: it is the GraphQL host, e.g. https://api.myikas.com.${appliedHint(redirectDetails.mayHaveBeenApplied)}`,
        excerpt(),
        redirectDetails,
      ),
      reached: true,
    };
  }
  if (status === 401 || (status > 299 && !executionStarted && isUnauthenticated(errors))) {
    // A 401 is a refusal before execution; one after a mutation ran would be a server bug.
    return {
      ok: false,
      error: new GraphQLResponseError(
        errors.length > 0 ? errors : [{ message: `HTTP ${status}` }],
        undefined,
        details,
        { omittedErrors: omitted, trimmedErrors },
      ),
      reason: 'unauthenticated',
      reached: true,
    };
  }
  if (status === 429) {
    return {
      ok: false,
      error: new HttpError('HTTP_ERROR', `${name} was rate limited (HTTP 429)`, excerpt(), details),
      reason: 'rate_limited',
      reached: false,
      retryAfterMs: parseRetryAfter(response.retryAfter, context.now),
    };
  }
  if (status >= 500) {
    // RFC 9110 gives Retry-After a meaning on a 503: how long the service expects to be down.
    const retryAfterMs =
      status === 503 ? parseRetryAfter(response.retryAfter, context.now) : undefined;
    const asked =
      retryAfterMs === undefined ? '' : ` (it asked to wait ${Math.ceil(retryAfterMs / 1000)} s)`;
    const serverDetails = ifApplied(isMutation);
    return {
      ok: false,
      error: new HttpError(
        'HTTP_ERROR',
        `${name} failed: HTTP ${status} from the Admin API; the service may be degraded, try again later${asked}.${appliedHint(serverDetails.mayHaveBeenApplied)}`,
        excerpt(),
        serverDetails,
      ),
      reason: 'server_error',
      reached: true,
      retryAfterMs,
    };
  }
  if (status < 200 || status > 299) {
    if (errors.length > 0) {
      return { ok: false, error: graphqlError(mutationMayHaveApplied()), reached: true };
    }
    return {
      ok: false,
      error: new HttpError(
        'HTTP_ERROR',
        `${name} failed: HTTP ${status} from the Admin API. ${clientErrorHint(status)}${appliedHint(details.mayHaveBeenApplied)}`,
        excerpt(),
        details,
      ),
      reached: true,
    };
  }

  const invalid = (problem: string, retryable = true): AttemptOutcome => {
    const invalidDetails = ifApplied(isMutation);
    return {
      ok: false,
      error: new HttpError(
        'INVALID_RESPONSE',
        `${name} got HTTP ${status} ${problem}.${appliedHint(invalidDetails.mayHaveBeenApplied)}`,
        excerpt(),
        invalidDetails,
      ),
      ...(retryable ? { reason: 'invalid_response' as const } : {}),
      reached: true,
    };
  };
  if (response.truncated) {
    return invalid(
      `with a body over maxResponseBytes (${context.maxResponseBytes} bytes); raise it or ask for less (a smaller page)`,
      false,
    );
  }
  if (!result) {
    return invalid(
      response.json
        ? 'with JSON that is not a GraphQL result object'
        : 'with a body that is not a JSON GraphQL result',
    );
  }
  if (hasErrors && errors.length > 0) {
    if (isUnauthenticated(errors) && (!isMutation || !executionStarted)) {
      // Refused before execution, or a query, which is safe to repeat after a refresh.
      return { ok: false, error: graphqlError(false), reason: 'unauthenticated', reached: true };
    }
    return { ok: false, error: graphqlError(mutationMayHaveApplied()), reached: true };
  }
  if (isRecord(result.data)) return { ok: true, data: result.data };
  const noData = result.data === undefined || result.data === null;
  const problem =
    hasErrors && noData
      ? 'with an empty "errors" list and no "data"'
      : !('data' in result)
        ? 'with neither "data" nor "errors"'
        : result.data === null
          ? 'with "data": null and no errors'
          : `with "data" that is not an object (${Array.isArray(result.data) ? 'a list' : typeof result.data})`;
  return invalid(problem);
}
