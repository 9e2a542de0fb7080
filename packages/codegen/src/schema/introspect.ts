import {
  type AccessToken,
  ConfigurationError,
  requestToken,
  TokenRequestError,
} from '@admin-api/auth';
import {
  checkHosts,
  envVariableOf,
  findSecret,
  graphqlEndpointUrl,
  redactError,
  tokenEndpointUrl,
  urlSecretForms,
} from '@admin-api/auth/internal';
import { getIntrospectionQuery } from 'graphql';
import { CodegenError, type CodegenErrorCode } from '../errors.js';
import type { AdminApiCredentials } from './credentials.js';
import {
  type IntrospectionAnswer,
  MAX_ERROR_BODY_BYTES,
  MAX_SCHEMA_BYTES,
  processIntrospectionAnswer,
} from './process-introspection-response.js';
import { readCappedBody } from './read-body.js';
import { secretForms } from './secrets.js';

/** Options of {@link introspectSchema}. */
export interface IntrospectOptions {
  credentials: AdminApiCredentials;
  fetch?: typeof fetch;
  /** Budget of the introspection request. @default 60000 */
  timeoutMs?: number;
  /** Progress lines ("getting a token", "introspecting …"). */
  onProgress?: (message: string) => void;
}

/** What introspection found. */
export interface IntrospectedSchema {
  /** The schema as SDL, sorted, so that equal schemas print identically. */
  sdl: string;
  /** The endpoint it came from. */
  endpoint: string;
}

/** The auth package's errors, as codegen reports them: one class, the code first in the message. */
function fromAuthError(error: unknown, tokenHost: string): unknown {
  if (error instanceof TokenRequestError) {
    return new CodegenError(
      'TOKEN_REQUEST_FAILED',
      `No access token from ${tokenHost}: ${error.message}`,
      { status: error.status, cause: error },
    );
  }
  if (
    error instanceof ConfigurationError &&
    (error.code === 'INVALID_OPTION' || error.code === 'INSECURE_URL')
  ) {
    return new CodegenError(error.code, error.message, { cause: error });
  }
  return error;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

async function getToken(
  credentials: AdminApiCredentials,
  tokenHost: string,
  fetchFn: typeof fetch,
): Promise<AccessToken> {
  try {
    return await requestToken({ ...credentials, fetch: fetchFn });
  } catch (error) {
    throw redactError(
      fromAuthError(error, tokenHost) as Error,
      secretForms([credentials.clientSecret]),
    );
  }
}

/**
 * Gets a token with the app's credentials and introspects `{baseUrl}/api/v2/admin/graphql`. The
 * token and the secret go nowhere else: redirects are not followed, messages are redacted, and a
 * schema that contains either (in any form a server may echo it) is refused. Every failure is a
 * {@link CodegenError} with the client's code for the same condition: `TOKEN_REQUEST_FAILED` (its
 * `cause` is the auth package's error), `REDIRECT_REFUSED`, `UNAUTHENTICATED`, `HTTP_ERROR`,
 * `GRAPHQL_ERROR`, `NETWORK_ERROR`, `TIMEOUT`; `INTROSPECTION_FAILED` for a 2xx answer that is not
 * a usable schema; `INVALID_OPTION`/`INSECURE_URL` for a bad URL.
 */
export async function introspectSchema(options: IntrospectOptions): Promise<IntrospectedSchema> {
  const { credentials, onProgress = () => {} } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let endpoint: string;
  let tokenHost: string;
  try {
    // A malformed URL is quoted in the message, and may carry the secret: it is taken out first.
    const secrets = [credentials.clientSecret];
    const sources = {
      authUrl: envVariableOf(credentials, 'authUrl'),
      baseUrl: envVariableOf(credentials, 'baseUrl'),
    };
    const graphqlUrl = graphqlEndpointUrl(credentials.baseUrl, {
      variable: sources.baseUrl,
      secrets,
      offersAllowInsecureHttp: false,
    });
    const tokenUrl = tokenEndpointUrl(credentials.authUrl, {
      variable: sources.authUrl,
      secrets,
      offersAllowInsecureHttp: false,
    });
    // Swapped or equal hosts would post the secret to the GraphQL host: refused before any request.
    checkHosts(tokenUrl, graphqlUrl, sources);
    endpoint = graphqlUrl.href;
    tokenHost = tokenUrl.origin;
  } catch (error) {
    const failure = fromAuthError(error, credentials.authUrl);
    throw failure instanceof Error
      ? redactError(failure, urlSecretForms([credentials.clientSecret]))
      : failure;
  }

  onProgress(`getting an access token from ${tokenHost}`);
  const token = await getToken(credentials, tokenHost, fetchFn);
  const secrets = secretForms([token.accessToken, credentials.clientSecret]);
  const failed = (
    message: string,
    cause?: unknown,
    code: CodegenErrorCode = 'INTROSPECTION_FAILED',
  ) =>
    redactError(
      new CodegenError(code, `Introspection of ${endpoint} ${message}`, { cause }),
      secrets,
    );

  onProgress(`introspecting ${endpoint}`);
  let answer: IntrospectionAnswer;
  try {
    const response = await fetchFn(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${token.accessToken}`,
      },
      body: JSON.stringify({
        query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
        operationName: 'IntrospectionQuery',
      }),
      signal: AbortSignal.timeout(timeoutMs),
      // A followed redirect would carry the token to wherever it points.
      redirect: 'manual',
    });
    const ok = response.status >= 200 && response.status <= 299;
    const body = await readCappedBody(response, ok ? MAX_SCHEMA_BYTES : MAX_ERROR_BODY_BYTES);
    answer = { status: response.status, headers: response.headers, body };
  } catch (error) {
    // The client's codes for the same conditions: no answer in time, or none at all.
    throw failed(
      `got no complete answer: ${describeFailure(error, timeoutMs)}`,
      error,
      isTimeout(error) ? 'TIMEOUT' : 'NETWORK_ERROR',
    );
  }

  let sdl: string;
  try {
    sdl = processIntrospectionAnswer(answer, { endpoint, secrets });
  } catch (error) {
    throw redactError(error as Error, secrets);
  }
  const leaked = findSecret(sdl, secrets);
  if (leaked !== undefined) {
    throw failed(
      `answered with a schema that contains the ${leaked === token.accessToken ? 'access token' : 'client secret'} ` +
        '(in a description, a name or a default value). It was not used, so it reaches no schema ' +
        'cache and no generated code. Report this to the service.',
    );
  }
  return { sdl, endpoint };
}
