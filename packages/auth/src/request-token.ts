import type { AccessToken } from './access-token.js';
import { type AuthEventListener, emit } from './auth-events.js';
import { type BackoffOptions, realMonotonicNow, sleep } from './backoff.js';
import { tokenEndpointUrl } from './endpoint-urls.js';
import { envVariableOf } from './env-sources.js';
import { ConfigurationError, TokenRequestError } from './errors.js';
import { checkCount, checkDurationMs, checkOptionalFunction } from './option-checks.js';
import {
  type ProcessTokenResponseOptions,
  processTokenResponse,
} from './process-token-response.js';
import { urlSecretForms } from './redact.js';
import { redactError } from './redact-error.js';
import { parseRetryAfter } from './retry-after.js';
import { isServerError, tokenRetryDelayMs } from './token-retry-policy.js';

/** Default time budget of one {@link requestToken} call, retries included. */
export const DEFAULT_TOKEN_TIMEOUT_MS = 10_000;
/**
 * Default number of retries after a 5xx, a network failure or a 429 with `Retry-After`. Small:
 * errors count against the app.
 */
export const DEFAULT_TOKEN_RETRIES = 2;

/** The credentials of a private application. */
export interface ClientCredentials {
  /** Origin of the token host, e.g. `https://<store>.myikas.com`. Not the GraphQL host. */
  authUrl: string;
  clientId: string;
  /** Confidential. Read it from the environment or a secret manager, never from source. */
  clientSecret: string;
}

/** Retry settings for the token endpoint. */
export interface TokenRetryOptions {
  /** Retries after a 5xx, a network failure, or a 429 that sends `Retry-After`. @default 2 */
  retries?: number;
  /** @default 250 */
  baseDelayMs?: number;
  /** @default 2000 */
  maxDelayMs?: number;
}

/** Options of {@link requestToken}. */
export interface RequestTokenOptions extends ClientCredentials {
  /** A `fetch` implementation. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Time budget of the whole call, retries included. @default 10000 */
  timeoutMs?: number;
  /** Cancels the request. */
  signal?: AbortSignal;
  /** `false` disables retries. */
  retry?: TokenRetryOptions | false;
  /** Allows `http://` to a non-loopback host. Only for trusted networks. @default false */
  allowInsecureHttp?: boolean;
  /** Receives request, response and retry events. */
  onEvent?: AuthEventListener | undefined;
  /** Wall clock, epoch ms: for `expiresAt` and `Retry-After` dates. @default Date.now */
  now?: () => number;
  /**
   * Clock the call's waits are measured on: its time budget (`timeoutMs`), the backoff between
   * attempts, and the `durationMs` of events. Only differences of it are used, so it must not
   * jump when the wall clock is set.
   * @default performance.now
   */
  monotonicNow?: (() => number) | undefined;
}

function requireString(
  options: RequestTokenOptions,
  key: 'authUrl' | 'clientId' | 'clientSecret',
): string {
  const value = options[key];
  if (typeof value !== 'string' || value === '') {
    throw new ConfigurationError('INVALID_OPTION', `"${key}" must be a non-empty string`);
  }
  return value;
}

/** {@link RequestTokenOptions} checked, with the defaults filled in. */
export interface TokenRequestConfig {
  readonly url: URL;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoff: BackoffOptions;
}

/**
 * Checks the options of {@link requestToken} and fills in the defaults, so a token provider can
 * refuse bad options when it is created rather than on its first request.
 */
export function resolveTokenRequestConfig(options: RequestTokenOptions): TokenRequestConfig {
  const authUrl = requireString(options, 'authUrl');
  const clientId = requireString(options, 'clientId');
  const clientSecret = requireString(options, 'clientSecret');
  const retry = options.retry === false ? { retries: 0 } : (options.retry ?? {});
  checkOptionalFunction('now', options.now);
  checkOptionalFunction('monotonicNow', options.monotonicNow);
  return {
    // Given the secret, a refusal never shows it (swapped variables, a pasted form).
    url: tokenEndpointUrl(authUrl, {
      allowInsecureHttp: options.allowInsecureHttp,
      variable: envVariableOf(options, 'authUrl'),
      secrets: [clientSecret],
    }),
    clientId,
    clientSecret,
    timeoutMs: checkDurationMs('timeoutMs', options.timeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS),
    retries: checkCount('retry.retries', retry.retries ?? DEFAULT_TOKEN_RETRIES),
    backoff: {
      baseDelayMs: checkDurationMs('retry.baseDelayMs', retry.baseDelayMs ?? 250, true),
      maxDelayMs: checkDurationMs('retry.maxDelayMs', retry.maxDelayMs ?? 2_000, true),
    },
  };
}

/**
 * Sends one client-credentials token request to `{authUrl}/api/admin/oauth/token` and validates
 * the answer. 5xx answers, network failures and 429s that send `Retry-After` (a wait up to
 * `retry.maxDelayMs`) are retried a bounded number of times with backoff and jitter; other 4xx
 * answers (such as `invalid_client`) never are.
 *
 * @example
 * const token = await requestToken(credentialsFromEnv());
 * console.log(new Date(token.expiresAt));
 */
export function requestToken(options: RequestTokenOptions): Promise<AccessToken> {
  return sendTokenRequest(options, { grant_type: 'client_credentials' }, processTokenResponse);
}

/**
 * The form fields of one grant beyond `client_id` and `client_secret`: `grant_type` and what it
 * needs. Every value but `grant_type` is kept out of errors as a secret (a code, a refresh token).
 */
export type GrantFields = { readonly grant_type: string } & Readonly<Record<string, string>>;

/**
 * Sends one token request with `grant` and validates the answer with `process`, retrying as
 * {@link requestToken} describes (a grant whose credential is single use is sent with
 * `retry: false`: once spent by an answer that never arrived, it must not be presented again).
 */
export async function sendTokenRequest<T extends AccessToken>(
  options: RequestTokenOptions,
  grant: GrantFields,
  process: (response: Response, options: ProcessTokenResponseOptions) => Promise<T>,
): Promise<T> {
  const { url, clientId, clientSecret, timeoutMs, retries, backoff } =
    resolveTokenRequestConfig(options);
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const monotonicNow = options.monotonicNow ?? realMonotonicNow;
  const { grant_type: grantType, ...grantSecrets } = grant;
  const secrets = urlSecretForms([clientSecret, ...Object.values(grantSecrets)]);

  const deadline = monotonicNow() + timeoutMs;
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeoutSignal]) : timeoutSignal;
  const body = new URLSearchParams({
    grant_type: grantType,
    ...grantSecrets,
    client_id: clientId,
    client_secret: clientSecret,
  }).toString();

  const stopped = (
    attempts: number,
    cause: unknown,
    lastFailure?: TokenRequestError,
  ): TokenRequestError =>
    options.signal?.aborted
      ? new TokenRequestError('ABORTED', 'Token request aborted by the caller', {
          attempts,
          cause: options.signal.reason,
          lastFailure,
        })
      : redactError(
          new TokenRequestError(
            'TIMEOUT',
            `Token endpoint gave no usable answer within ${timeoutMs} ms. Raise timeoutMs, or ` +
              'try again later if the token host is slow.',
            { attempts, cause },
          ),
          secrets,
        );

  for (let attempt = 1; ; attempt++) {
    const sentAt = now();
    const startedAt = monotonicNow();
    emit(options.onEvent, { type: 'token_request', attempt, url: url.href });
    let failure: TokenRequestError;
    let status: number | undefined;
    try {
      const response = await fetchFn(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal,
        // A followed 307/308 would resend the secret to wherever the redirect points.
        redirect: 'manual',
      });
      emit(options.onEvent, {
        type: 'token_response',
        attempt,
        status: response.status,
        durationMs: monotonicNow() - startedAt,
      });
      try {
        const token = await process(response, { sentAt, secrets });
        const arrivedAt = now();
        if (arrivedAt < token.expiresAt) return token;
        // Handed out, it would only earn a 401; another request would likely be as slow.
        throw new TokenRequestError(
          'INVALID_RESPONSE',
          `Token endpoint answered after ${arrivedAt - sentAt} ms with a token that expired ` +
            `${token.expiresIn} s after the request was sent, so before it arrived. The token host ` +
            'is too slow for the lifetime it grants: try again later, and if it persists, report ' +
            'it to the service.',
          { status: response.status, attempts: attempt },
        );
      } catch (error) {
        if (!(error instanceof TokenRequestError)) throw error;
        status = response.status;
        const retryAfterMs =
          status === 429 || isServerError(status)
            ? parseRetryAfter(response.headers.get('retry-after'), now())
            : undefined;
        failure = retryAfterMs === undefined ? error : withRetryAfter(error, retryAfterMs);
      }
    } catch (error) {
      if (error instanceof TokenRequestError) throw error;
      if (signal.aborted) throw stopped(attempt, error);
      failure = redactError(
        new TokenRequestError(
          'NETWORK_ERROR',
          `Token endpoint ${url.origin} could not be reached: ${describe(error)}. Check ` +
            "connectivity, and that authUrl is the store's token host (https://<store>.myikas.com).",
          {
            cause: error,
            attempts: attempt,
          },
        ),
        secrets,
      );
    }
    const delayMs = tokenRetryDelayMs({
      status,
      retryAfterMs: failure.retryAfterMs,
      attempt,
      retries,
      backoff,
    });
    // A wait that outlasts the budget would end in a TIMEOUT that hides what the host said.
    if (delayMs === undefined || monotonicNow() + delayMs >= deadline) {
      throw withAttempts(failure, attempt);
    }
    emit(options.onEvent, { type: 'token_retry', attempt, delayMs, reason: failure.message });
    try {
      await sleep(delayMs, signal);
    } catch {
      throw stopped(attempt, failure, failure);
    }
  }
}

/** `failure` with the wait its answer asked for, in the message too. */
function withRetryAfter(failure: TokenRequestError, retryAfterMs: number): TokenRequestError {
  const wait =
    retryAfterMs > 0
      ? ` The token host asks for ${Math.ceil(retryAfterMs / 1000)} s before the next request.`
      : '';
  return new TokenRequestError(failure.code, `${failure.message}${wait}`, {
    status: failure.status,
    error: failure.error,
    errorDescription: failure.errorDescription,
    bodyExcerpt: failure.bodyExcerpt,
    retryAfterMs,
  });
}

function withAttempts(error: TokenRequestError, attempts: number): TokenRequestError {
  (error as { attempts: number | undefined }).attempts = attempts;
  return error;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
