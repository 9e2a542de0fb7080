import type { AccessToken } from './access-token.js';
import { TokenRequestError } from './errors.js';
import { isRecord } from './is-record.js';
import { MAX_TIMER_MS } from './option-checks.js';
import { discardBody, readBoundedText } from './read-bounded.js';
import { bodyExcerpt } from './redact.js';
import { describeLocation } from './redirect-location.js';

const EXCERPT_LENGTH = 200;
/** Most of a token answer that is read: a real one is well under 4 KiB. */
export const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;
/** Most of an error answer that is read: enough for an OAuth error or a proxy's page. */
export const MAX_ERROR_BODY_BYTES = 8 * 1024;
/**
 * Longest lifetime taken from `expires_in`, in seconds: what a timer can count down (2^31 − 1 ms,
 * about 24.8 days), so code that schedules a refresh from `expiresAt` never overflows
 * `setTimeout`, and `expiresAt` is always an exact, valid Date. Real tokens live hours (14400 s
 * in production); a longer claim costs at most one extra refresh every 24 days.
 */
export const MAX_EXPIRES_IN_S = Math.floor(MAX_TIMER_MS / 1000);
/**
 * RFC 6750's b64token (token68): what can follow `Bearer ` in a header. Anything else (a control
 * character, a space, non-ASCII) would corrupt the header or smuggle a second one.
 */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

const excerpt = (body: string, secrets: readonly string[], truncated = false) =>
  bodyExcerpt(body, secrets, EXCERPT_LENGTH, truncated);

/** What to do about an answer that is not a token response. */
const INVALID_NEXT_STEP =
  "Check that authUrl is the store's token host (https://<store>.myikas.com); if it is, report " +
  'this answer to the service.';

function invalid(message: string, status: number, bodyExcerpt?: string): TokenRequestError {
  return new TokenRequestError('INVALID_RESPONSE', `${message}. ${INVALID_NEXT_STEP}`, {
    status,
    ...(bodyExcerpt === undefined ? {} : { bodyExcerpt }),
  });
}

/** Options of {@link processTokenResponse}. */
export interface ProcessTokenResponseOptions {
  /** Epoch ms at which the request was sent; `expiresAt` counts from here. */
  sentAt: number;
  /** Strings that must never appear in an error (the client secret). */
  secrets?: readonly string[];
}

/**
 * Validates a token endpoint answer, in order: status and OAuth error body, content type, JSON,
 * top-level object, then each field. Resolves to an {@link AccessToken} or rejects with a
 * {@link TokenRequestError} that says what was wrong, with no secret or token in it.
 */
export async function processTokenResponse(
  response: Response,
  options: ProcessTokenResponseOptions,
): Promise<AccessToken> {
  return (await readTokenAnswer(response, options)).token;
}

/** A token with the refresh token and scope of an `authorization_code` or `refresh_token` grant. */
export interface RefreshableToken extends AccessToken {
  /** Single use where the service rotates them: keep the one each answer carries. */
  readonly refreshToken: string;
  /** The granted scopes, comma-separated; `''` when the answer names none. */
  readonly scope: string;
}

/**
 * {@link processTokenResponse} for the grants that answer a refresh token: the same checks, then
 * `refresh_token` (a non-empty token68 string) and `scope` (a string, when present).
 */
export async function processRefreshableTokenResponse(
  response: Response,
  options: ProcessTokenResponseOptions,
): Promise<RefreshableToken> {
  const { token, body, status } = await readTokenAnswer(response, options);
  const { refresh_token: refreshToken, scope } = body;
  if (typeof refreshToken !== 'string' || refreshToken === '') {
    throw invalid('"response" body "refresh_token" property must be a non-empty string', status);
  }
  if (!TOKEN68.test(refreshToken)) {
    throw invalid(
      '"response" body "refresh_token" property must be a token68 string (ASCII letters, ' +
        'digits, "-._~+/", then optional "="): no spaces or control characters',
      status,
    );
  }
  if (scope !== undefined && typeof scope !== 'string') {
    throw invalid('"response" body "scope" property must be a string', status);
  }
  return { ...token, refreshToken, scope: scope ?? '' };
}

/** The checks both token answers share; resolves to the token and the validated body. */
async function readTokenAnswer(
  response: Response,
  options: ProcessTokenResponseOptions,
): Promise<{ token: AccessToken; body: Record<string, unknown>; status: number }> {
  const { status } = response;
  const secrets = options.secrets ?? [];
  if (status >= 300 && status <= 399) {
    discardBody(response);
    throw new TokenRequestError(
      'REDIRECT_REFUSED',
      `Token endpoint answered HTTP ${status}, a redirect to ` +
        `${describeLocation(response.headers.get('location'), response.url, secrets)}. Redirects are ` +
        "never followed: the client secret would go with it. Check authUrl: it is the store's token " +
        'host, e.g. https://<store>.myikas.com.',
      { status },
    );
  }
  const ok = status >= 200 && status <= 299;
  const { text, truncated } = await readBoundedText(
    response,
    ok ? MAX_TOKEN_RESPONSE_BYTES : MAX_ERROR_BODY_BYTES,
  );
  if (ok && truncated) {
    throw invalid(
      `Token endpoint answered HTTP ${status} with a body over ${MAX_TOKEN_RESPONSE_BYTES} bytes; a token response is a few hundred`,
      status,
    );
  }
  const contentType = response.headers.get('content-type') ?? '';

  let json: unknown;
  let parsed = false;
  try {
    json = JSON.parse(text);
    parsed = true;
  } catch {
    // Not JSON: reported below according to the status.
  }

  if (status < 200 || status > 299) {
    if (parsed && isRecord(json) && typeof json.error === 'string') {
      const description =
        typeof json.error_description === 'string'
          ? excerpt(json.error_description, secrets)
          : undefined;
      throw new TokenRequestError(
        'OAUTH_ERROR',
        `Token endpoint answered HTTP ${status} "${excerpt(json.error, secrets)}"` +
          `${description ? `: ${description}` : ''}. ${oauthHint(json.error, status, description)}`,
        {
          status,
          error: excerpt(json.error, secrets),
          ...(description === undefined ? {} : { errorDescription: description }),
        },
      );
    }
    throw new TokenRequestError(
      'HTTP_ERROR',
      `Token endpoint answered HTTP ${status} without an OAuth error body; ${httpHint(status)}.`,
      { status, bodyExcerpt: excerpt(text, secrets, truncated) },
    );
  }

  // A 2xx answer may hold a token in any shape (form-encoded, JSON followed by garbage), so no
  // excerpt of it goes into an error: the message says what it was instead.
  if (!parsed) {
    const kind =
      text.trim() === ''
        ? 'an empty body'
        : `a non-JSON body (${contentType || 'no content type'}, ${text.length} characters` +
          `${/^\s*</.test(text) ? ', an HTML page' : ''})`;
    throw invalid(
      `Token endpoint answered HTTP ${status} with ${kind}, expected a JSON token response`,
      status,
    );
  }
  if (!/\bjson\b/i.test(contentType)) {
    throw invalid(
      `"response" content-type must be application/json (got ${JSON.stringify(contentType)})`,
      status,
    );
  }
  if (!isRecord(json)) {
    throw invalid('"response" body must be a top level object', status);
  }
  const { access_token: accessToken, token_type: tokenType, expires_in: expiresIn } = json;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw invalid('"response" body "access_token" property must be a non-empty string', status);
  }
  if (!TOKEN68.test(accessToken)) {
    throw invalid(
      '"response" body "access_token" property must be a token68 string (ASCII letters, digits, ' +
        '"-._~+/", then optional "="): no spaces or control characters',
      status,
    );
  }
  if (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer') {
    throw invalid('"response" body "token_type" property must be "Bearer"', status);
  }
  if (typeof expiresIn !== 'number' || !Number.isSafeInteger(expiresIn) || expiresIn <= 0) {
    throw invalid('"response" body "expires_in" property must be a positive integer', status);
  }
  const lifetimeS = Math.min(expiresIn, MAX_EXPIRES_IN_S);
  const token: AccessToken = {
    accessToken,
    tokenType: 'Bearer',
    expiresIn: lifetimeS,
    expiresAt: options.sentAt + lifetimeS * 1000,
  };
  return { token, body: json, status };
}

function oauthHint(error: string, status: number, description: string | undefined): string {
  switch (error) {
    case 'invalid_grant':
      return (
        'The code or refresh token was refused: spent, expired or revoked. A code is single ' +
        'use and short-lived; a refused refresh token means the store must install the app again.'
      );
    case 'invalid_client':
    case 'unauthorized_client':
      return 'Check ADMIN_API_CLIENT_ID and ADMIN_API_CLIENT_SECRET for this store.';
    case 'invalid_request':
    case 'unsupported_grant_type':
      return 'The token request was malformed; report this as a bug in @admin-api/auth.';
  }
  if (status === 429) return 'The token host is limiting requests: wait before asking again.';
  if (status >= 500) return 'The service may be down: try again later.';
  return description
    ? 'See the error description.'
    : "The answer gave no description: check authUrl and the app's credentials.";
}

function httpHint(status: number): string {
  if (status === 429) return 'the token host is limiting requests: wait before asking again';
  if (status >= 500) return 'the service may be down: try again later';
  return "check that authUrl is the store's token host (https://<store>.myikas.com)";
}
