import { requestToken } from '@admin-api/auth';
import { GRAPHQL_PATH, secureEndpointUrl } from '@admin-api/auth/internal';
import {
  buildClientSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { CodegenError } from '../errors.js';
import type { AdminApiCredentials } from './credentials.js';

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

function failed(message: string, cause?: unknown): CodegenError {
  return new CodegenError(
    'INTROSPECTION_FAILED',
    message,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Gets a token with the app's credentials and introspects `{baseUrl}/api/v2/admin/graphql`. The
 * token and the secret go nowhere else: not into the SDL, not into errors.
 */
export async function introspectSchema(options: IntrospectOptions): Promise<IntrospectedSchema> {
  const { credentials, onProgress = () => {} } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const endpoint = secureEndpointUrl(credentials.baseUrl, GRAPHQL_PATH, {
    optionName: 'baseUrl',
    carries: 'access tokens',
  }).href;

  onProgress(`getting an access token from ${new URL(credentials.authUrl).origin}`);
  const token = await requestToken({ ...credentials, fetch: fetchFn });

  onProgress(`introspecting ${endpoint}`);
  let response: Response;
  try {
    response = await fetchFn(endpoint, {
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
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
  } catch (error) {
    throw failed(`Introspection of ${endpoint} got no answer: ${(error as Error).message}`, error);
  }
  const text = await response.text();
  if (response.status === 401 || response.status === 403) {
    throw failed(
      `Introspection of ${endpoint} was refused (HTTP ${response.status}) with a fresh token. ` +
        'Check that ADMIN_API_BASE_URL and ADMIN_API_AUTH_URL belong to the same store.',
    );
  }
  if (!response.ok) {
    throw failed(`Introspection of ${endpoint} failed: HTTP ${response.status}`);
  }
  let body: { data?: IntrospectionQuery | null; errors?: { message: string }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch (error) {
    throw failed(
      `Introspection of ${endpoint} answered HTTP ${response.status} with a body that is not JSON`,
      error,
    );
  }
  if (body.errors?.length || !body.data?.__schema) {
    const reason = body.errors?.map((e) => e.message).join('; ') ?? 'no data.__schema';
    throw failed(`Introspection of ${endpoint} failed: ${reason.slice(0, 300)}`);
  }
  const schema = buildClientSchema(body.data);
  return { sdl: `${printSchema(lexicographicSortSchema(schema))}\n`, endpoint };
}
