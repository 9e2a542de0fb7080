import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import type { EmulatorStats } from './emulator-stats.js';
import type { FaultQueues } from './faults.js';
import { faultBeforeHandling, readBody, send, sendFault, sendJson } from './http-io.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ResolverContext } from './schema/context.js';
import { resolvers } from './schema/resolvers.js';
import { typeDefs } from './schema/type-defs.js';
import type { StoreData } from './store-data.js';
import type { TokenRegistry } from './token-registry.js';

export const GRAPHQL_PATH = '/api/v2/admin/graphql';

export interface GraphQLEndpointDeps {
  /** Replaces the emulated Admin API schema. */
  schema: GraphQLSchema | undefined;
  clientSecret: string;
  registry: TokenRegistry;
  rateLimiter: RateLimiter | undefined;
  data: () => StoreData;
  stats: EmulatorStats;
  faults: FaultQueues;
  now: () => number;
}

const unauthenticated = (message: string) => ({
  errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }],
});

/** `POST /api/v2/admin/graphql` on graphql-yoga, behind bearer auth and the rate limit. */
export function createGraphQLEndpoint(deps: GraphQLEndpointDeps) {
  const yoga = createYoga<ResolverContext>({
    schema: deps.schema ?? createSchema({ typeDefs, resolvers }),
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    graphiql: false,
    logging: false,
  });

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    if (url.pathname !== GRAPHQL_PATH) {
      sendJson(res, 404, { errors: [{ message: `No route ${url.pathname} on the GraphQL host` }] });
      return;
    }
    deps.stats.graphqlRequests++;
    const body = await readBody(req);
    const headerText = JSON.stringify(req.headers);
    if ([body, req.url ?? '', headerText].some((part) => part.includes(deps.clientSecret))) {
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
      sendJson(res, 401, unauthenticated(message), { 'www-authenticate': 'Bearer' });
      return;
    }
    const decision = deps.rateLimiter?.take(check.clientId) ?? { allowed: true };
    if (!decision.allowed) {
      deps.stats.rateLimited++;
      sendJson(
        res,
        429,
        { errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED' } }] },
        { 'retry-after': String(decision.retryAfterS) },
      );
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
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
    });
    const response = await yoga.fetch(request, {
      data: deps.data(),
      clientId: check.clientId,
      now: deps.now,
    });
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
