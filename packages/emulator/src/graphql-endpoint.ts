import type { IncomingMessage, ServerResponse } from 'node:http';
import { createYoga } from 'graphql-yoga';
import type { AppIdentity } from './app-identity.js';
import type { EmulatorStats } from './emulator-stats.js';
import type { FaultQueues } from './faults.js';
import {
  faultBeforeHandling,
  MAX_BODY_BYTES,
  readBody,
  send,
  sendFault,
  sendJson,
} from './http-io.js';
import { mockedFieldsExtension } from './mocked-fields-extension.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ResolverContext } from './schema/context.js';
import type { ServedSchema } from './schema/served-schema.js';
import type { StoreData } from './store-data.js';
import type { TokenGrant, TokenRegistry } from './token-registry.js';
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

/** What the GraphQL endpoint works with. */
export interface GraphQLEndpointDeps {
  served: ServedSchema;
  /** The store of a valid token's grant (undefined for the private app). */
  tenant: (grant: TokenGrant | undefined) => Tenant;
  /** The emulator's start: mocked timestamps lie in the year before it. */
  anchorMs: number;
  clientSecret: string;
  registry: TokenRegistry;
  rateLimiter: RateLimiter | undefined;
  stats: EmulatorStats;
  faults: FaultQueues;
  now: () => number;
}

const graphqlError = (message: string, code: string) => ({
  errors: [{ message, extensions: { code } }],
});

/** `POST /api/v2/admin/graphql` on graphql-yoga, behind bearer auth and the rate limit. */
export function createGraphQLEndpoint(deps: GraphQLEndpointDeps) {
  const yoga = createYoga<ResolverContext>({
    schema: deps.served.schema,
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    graphiql: false,
    logging: false,
    plugins: [mockedFieldsExtension()],
  });

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    if (url.pathname !== GRAPHQL_PATH) {
      sendJson(res, 404, { errors: [{ message: `No route ${url.pathname} on the GraphQL host` }] });
      return;
    }
    deps.stats.graphqlRequests++;
    const body = await readBody(req);
    if (body.tooLarge) {
      const message = `The request body exceeds ${MAX_BODY_BYTES} bytes`;
      sendJson(res, 413, graphqlError(message, 'PAYLOAD_TOO_LARGE'));
      return;
    }
    const headerText = JSON.stringify(req.headers);
    if ([body.text, req.url ?? '', headerText].some((part) => part.includes(deps.clientSecret))) {
      deps.stats.secretLeaks++;
    }
    const fault = await faultBeforeHandling(req, res, deps, 'graphql');
    if (fault === 'done') return;

    const authorization = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const check = match?.[1] ? deps.registry.check(match[1]) : undefined;
    if (!check?.ok) {
      deps.stats.unauthorized++;
      const message = !match
        ? 'Missing bearer token: send Authorization: Bearer <access_token>'
        : check?.reason === 'expired'
          ? 'Access token expired'
          : 'Invalid access token';
      sendJson(res, 401, graphqlError(message, 'UNAUTHENTICATED'), {
        'www-authenticate': 'Bearer',
      });
      return;
    }
    const tenant = deps.tenant(check.grant);
    // The service's budget is per app and store.
    const rateKey =
      tenant.store === undefined ? check.clientId : `${check.clientId}@${tenant.store}`;
    const decision = deps.rateLimiter?.take(rateKey) ?? { allowed: true };
    if (!decision.allowed) {
      deps.stats.rateLimited++;
      sendJson(res, 429, graphqlError('Too many requests', 'RATE_LIMITED'), {
        'retry-after': String(decision.retryAfterS),
      });
      return;
    }

    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    const request = new Request(new URL(req.url ?? '/', 'http://emulator'), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: body.text }),
    });
    const context: Omit<ResolverContext, 'params'> = {
      data: tenant.data,
      app: tenant.app,
      now: deps.now,
      webhooks: tenant.webhooks,
      mock: { seed: tenant.seed, anchorMs: deps.anchorMs, store: deps.served.newMockStore() },
      mockedFields: [],
    };
    const response = await yoga.fetch(request, context);
    const text = await response.text();
    if (fault?.afterHandling) {
      sendFault(req, res, fault);
      return;
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') responseHeaders[name] = value;
    });
    send(res, response.status, text, responseHeaders);
  };
}
