import type { IncomingMessage } from 'node:http';
import { createYoga } from 'graphql-yoga';
import { createAnswerBudget } from './answer-budget.js';
import type { AppIdentity } from './app-identity.js';
import { mockedFieldsExtension } from './mocked-fields-extension.js';
import { type QueryLimits, type QueryRefusal, queryRefusalError } from './query-limits.js';
import { queryLimitsPlugin, type RequestOutcome } from './query-limits-plugin.js';
import type { ResolverContext } from './schema/context.js';
import type { ServedSchema } from './schema/served-schema.js';
import type { StoreData } from './store-data.js';
import type { WebhookEmitter } from './webhook-emitter.js';

/** Path of the Admin GraphQL endpoint below `baseUrl`. */
export const GRAPHQL_PATH = '/api/v2/admin/graphql';

/** The store a token speaks for, as the resolvers see it. */
export interface Tenant {
  readonly data: StoreData;
  /** Seed of the mocked values. */
  readonly seed: number;
  readonly app: AppIdentity;
  /** The store's name, or undefined for the private app's store. */
  readonly store: string | undefined;
  /** Where the store's changes go out as webhooks. */
  readonly webhooks: WebhookEmitter;
}

/** What graphql-yoga answered a request, and what the service would count of it. */
export interface GraphQLAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;
  /** An error as the error-rate blocks count them: HTTP 4xx or 5xx, or GraphQL `errors`. */
  readonly failed: boolean;
  /** Refused over a query limit (`QUERY_TOO_COMPLEX`). */
  readonly refused: boolean;
}

/** The server context the emulator hands graphql-yoga: what resolvers see, and the outcome. */
type AnswerContext = Omit<ResolverContext, 'params'> & { readonly outcome: RequestOutcome };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/**
 * Answers authorized GraphQL requests with graphql-yoga, within `limits`: a query over one is
 * refused before it runs (see `queryLimitsPlugin`); an answer over `maxResponseBytes`, found
 * while it is built or once it is, is replaced by the same 400 error (what it applied stays
 * applied: nothing past the cap is).
 */
export function createGraphQLAnswerer(deps: {
  readonly served: ServedSchema;
  readonly limits: QueryLimits;
  /** The emulator's start: mocked timestamps lie in the year before it. */
  readonly anchorMs: number;
  readonly now: () => number;
}) {
  const yoga = createYoga<AnswerContext>({
    schema: deps.served.schema,
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    graphiql: false,
    logging: false,
    plugins: [queryLimitsPlugin(deps.limits, deps.served.schema), mockedFieldsExtension()],
  });
  const { maxResponseBytes } = deps.limits;

  return async (req: IncomingMessage, body: string, tenant: Tenant): Promise<GraphQLAnswer> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    const request = new Request(new URL(req.url ?? '/', 'http://emulator'), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
    });
    const outcome: RequestOutcome = { refusal: undefined, errors: false };
    const budget = createAnswerBudget(maxResponseBytes);
    const context: AnswerContext = {
      data: tenant.data,
      app: tenant.app,
      now: deps.now,
      webhooks: tenant.webhooks,
      mock: { seed: tenant.seed, anchorMs: deps.anchorMs, store: deps.served.newMockStore() },
      mockedFields: [],
      budget,
      outcome,
    };
    const response = await yoga.fetch(request, context);
    const text = await response.text();
    const bytes = budget.exceeded ? budget.bytes : Buffer.byteLength(text);
    if (bytes > maxResponseBytes) {
      const refusal: QueryRefusal = {
        limit: 'responseBytes',
        max: maxResponseBytes,
        actual: bytes,
      };
      const refused = JSON.stringify({ errors: [queryRefusalError(refusal)] });
      return { status: 400, text: refused, headers: JSON_HEADERS, failed: true, refused: true };
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') responseHeaders[name] = value;
    });
    return {
      status: response.status,
      text,
      headers: responseHeaders,
      failed: response.status >= 400 || outcome.errors,
      refused: outcome.refusal !== undefined,
    };
  };
}

export type GraphQLAnswerer = ReturnType<typeof createGraphQLAnswerer>;
