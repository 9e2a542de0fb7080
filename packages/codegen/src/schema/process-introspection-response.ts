import { bodyExcerpt, describeJson, isRecord } from '@admin-api/auth/internal';
import {
  buildClientSchema,
  type IntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { CodegenError, type CodegenErrorCode } from '../errors.js';
import type { CappedBody } from './read-body.js';

/** Most of a schema answer that is read: the Admin API's is about 1 MB. */
export const MAX_SCHEMA_BYTES = 50 * 1024 * 1024;
/** Most of an error answer that is read: enough for a message, not for a proxy's whole page. */
export const MAX_ERROR_BODY_BYTES = 4 * 1024;

const EXCERPT_LENGTH = 300;
const MAX_ERRORS_DESCRIBED = 10;
/**
 * Deepest nesting accepted in `data`: a real introspection answer nests about 20 levels (a type
 * reference is seven `ofType`s at most). graphql-js builds the schema recursively, so a deeper
 * one is refused before it is walked.
 */
const MAX_SCHEMA_DEPTH = 64;

/** What the introspection request got back, as read from the wire. */
export interface IntrospectionAnswer {
  status: number;
  headers: Headers;
  body: CappedBody;
}

/** Context for the messages of {@link processIntrospectionAnswer}. */
export interface IntrospectionContext {
  endpoint: string;
  /** Strings no message may contain: the access token and the client secret, in every form. */
  secrets: readonly string[];
}

function errorCode(error: unknown): unknown {
  return isRecord(error) && isRecord(error.extensions) ? error.extensions.code : undefined;
}

/** One GraphQL error for a message; bounded, whatever its size or depth. */
function describeGraphQLError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') {
    const code = errorCode(error);
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return describeJson(error, EXCERPT_LENGTH);
}

/** True when some error in `errors` (a list or not) says `UNAUTHENTICATED`. */
function isUnauthenticated(errors: unknown): boolean {
  const list: unknown[] = Array.isArray(errors) ? errors : [errors];
  return list.some((error) => errorCode(error) === 'UNAUTHENTICATED');
}

/** True when `value` nests deeper than `maxDepth`; iterative, so any depth is safe to ask about. */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maxDepth) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** `errors` as servers send it: a list of objects as the spec says, or a string, an object, anything. */
function describeGraphQLErrors(errors: unknown): string {
  const list = Array.isArray(errors) ? errors : [errors];
  const described = list.slice(0, MAX_ERRORS_DESCRIBED).map(describeGraphQLError);
  const more = list.length - described.length;
  return `${described.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function hasErrors(json: Record<string, unknown>): boolean {
  const { errors } = json;
  return errors !== undefined && errors !== null && !(Array.isArray(errors) && errors.length === 0);
}

/** Where a redirect points, without its query or fragment (they may carry anything). */
function redirectTarget(location: string | null, endpoint: string): string | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, endpoint);
    return `${url.origin}${url.pathname}`;
  } catch {
    return 'an unreadable location';
  }
}

function parseJson(text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Validates an introspection answer, in order: redirect, status, size, JSON, top-level object,
 * `errors`, `data`, `data.__schema`, then the schema itself. Returns the schema as sorted SDL
 * (equal schemas print identically), or throws a {@link CodegenError} that names the endpoint and
 * what was wrong, with no token or secret in it (the caller redacts the error as a whole as
 * well). Codes are the client's for the same condition: `REDIRECT_REFUSED`, `UNAUTHENTICATED`
 * (HTTP 401, or a GraphQL error saying so), `HTTP_ERROR`, `GRAPHQL_ERROR`; a 2xx that is not a
 * usable schema is `INTROSPECTION_FAILED`.
 */
export function processIntrospectionAnswer(
  answer: IntrospectionAnswer,
  context: IntrospectionContext,
): string {
  const { status, headers, body } = answer;
  const { endpoint, secrets } = context;
  const excerpt = (text: string, truncated = false) =>
    bodyExcerpt(text, secrets, EXCERPT_LENGTH, truncated);
  const fail = (what: string, code: CodegenErrorCode = 'INTROSPECTION_FAILED') =>
    new CodegenError(code, `Introspection of ${endpoint} ${what}`, { status });
  const refused = (what: string) =>
    fail(
      `was refused (${what}) with a fresh token. ` +
        'Check that ADMIN_API_BASE_URL and ADMIN_API_AUTH_URL belong to the same store.',
      'UNAUTHENTICATED',
    );

  if (status >= 300 && status <= 399) {
    const location = redirectTarget(headers.get('location'), endpoint);
    throw fail(
      `answered with a redirect (HTTP ${status}${location ? ` to ${excerpt(location)}` : ''}), ` +
        'which is not followed so that the access token goes nowhere else. ' +
        'Set ADMIN_API_BASE_URL to the origin that serves /api/v2/admin/graphql itself.',
      'REDIRECT_REFUSED',
    );
  }
  if (status === 401) throw refused('HTTP 401');
  if (status === 403) {
    throw fail(
      'was refused (HTTP 403): the app lacks a scope introspection needs, or the store does not allow it.',
      'HTTP_ERROR',
    );
  }
  const parsed = body.truncated ? undefined : parseJson(body.text);
  if (status < 200 || status > 299) {
    const graphqlErrors =
      status < 500 && parsed && isRecord(parsed.json) && hasErrors(parsed.json)
        ? parsed.json.errors
        : undefined;
    if (graphqlErrors !== undefined) {
      if (isUnauthenticated(graphqlErrors)) throw refused(`HTTP ${status}, UNAUTHENTICATED`);
      throw fail(
        `failed: HTTP ${status} with GraphQL errors: ${excerpt(describeGraphQLErrors(graphqlErrors))}`,
        'GRAPHQL_ERROR',
      );
    }
    const detail = excerpt(body.text, body.truncated);
    throw fail(
      `failed: HTTP ${status}${detail ? ` (${detail})` : ''}` +
        `${status >= 500 ? '; the service may be down, try again later' : ''}` +
        `${status === 404 || status === 405 ? '. No GraphQL endpoint there: check ADMIN_API_BASE_URL (the GraphQL host, not the token host)' : ''}`,
      'HTTP_ERROR',
    );
  }
  if (body.truncated) {
    throw fail(
      `answered with more than ${MAX_SCHEMA_BYTES / 1024 / 1024} MB, far more than any Admin API ` +
        'schema; it was not read to the end. Check ADMIN_API_BASE_URL.',
    );
  }
  if (body.text.trim() === '') throw fail(`answered HTTP ${status} with an empty body`);
  if (!parsed) {
    const contentType = headers.get('content-type') ?? 'no content type';
    const kind = /html/i.test(contentType) || /^\s*</.test(body.text) ? 'an HTML page' : 'a body';
    throw fail(
      `answered HTTP ${status} with ${kind} that is not JSON (${contentType}): "${excerpt(body.text)}". ` +
        'A proxy or login page may stand in front of ADMIN_API_BASE_URL.',
    );
  }
  const { json } = parsed;
  if (!isRecord(json)) throw fail('answered with JSON that is not an object');
  if (hasErrors(json)) {
    if (isUnauthenticated(json.errors)) throw refused(`HTTP ${status}, UNAUTHENTICATED`);
    throw fail(
      `answered with GraphQL errors: ${excerpt(describeGraphQLErrors(json.errors))}`,
      'GRAPHQL_ERROR',
    );
  }
  const { data } = json;
  if (data === undefined) throw fail('answered without "data"');
  if (data === null) throw fail('answered with "data": null');
  if (!isRecord(data)) throw fail('answered with "data" that is not an object');
  const schema = data.__schema;
  if (!isRecord(schema)) {
    throw fail(
      schema === undefined
        ? 'answered without "data.__schema": the server may not allow introspection'
        : 'answered with "data.__schema" that is not an object',
    );
  }
  if (!Array.isArray(schema.types))
    throw fail('answered with "data.__schema.types" that is not a list');
  if (nestsDeeperThan(schema, MAX_SCHEMA_DEPTH)) {
    throw fail(`answered with a "data.__schema" nested over ${MAX_SCHEMA_DEPTH} levels deep`);
  }
  try {
    // Printed here: buildClientSchema resolves fields lazily, so a malformed field only
    // shows when the schema is walked.
    const built = buildClientSchema(data as unknown as IntrospectionQuery);
    return `${printSchema(lexicographicSortSchema(built))}\n`;
  } catch (error) {
    throw fail(
      `answered with a malformed "data.__schema": ${excerpt(error instanceof Error ? error.message : String(error))}`,
    );
  }
}
