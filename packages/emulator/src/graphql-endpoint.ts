import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorStats } from './emulator-stats.js';
import {
  APP_BLOCKED_STATUS,
  appBlockedBody,
  type EmulatorApp,
  type ErrorBlocks,
} from './error-blocks.js';
import type { FaultQueues } from './faults.js';
import { createGraphQLAnswerer, GRAPHQL_PATH, type Tenant } from './graphql-answer.js';
import {
  faultBeforeHandling,
  MAX_BODY_BYTES,
  readBody,
  send,
  sendFault,
  sendJson,
} from './http-io.js';
import type { QueryLimits } from './query-limits.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ServedSchema } from './schema/served-schema.js';
import type { TokenGrant, TokenRegistry } from './token-registry.js';

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
  limits: QueryLimits;
  /** The error-rate blocks, unless they are off. */
  blocks: ErrorBlocks | undefined;
  stats: EmulatorStats;
  faults: FaultQueues;
  now: () => number;
}

const graphqlError = (message: string, code: string) => ({
  errors: [{ message, extensions: { code } }],
});

/**
 * `POST /api/v2/admin/graphql` on graphql-yoga, behind bearer auth, the error-rate blocks and
 * the rate limit. Every answer to a request whose token names its app counts for the app's
 * blocks; answers before that (a 413, a 401, a fault) name no app and count for none.
 */
export function createGraphQLEndpoint(deps: GraphQLEndpointDeps) {
  const answer = createGraphQLAnswerer(deps);

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
    // Blocks are per app, the public app's across its stores; the rate budget per app and store.
    const app: EmulatorApp = tenant.store === undefined ? 'private' : 'public';
    const counted = (failed: boolean) => deps.blocks?.record(app, check.clientId, failed);
    const block = deps.blocks?.active(app, check.clientId);
    if (block) {
      deps.stats.blockedRequests++;
      block.refused++;
      counted(true);
      sendJson(res, APP_BLOCKED_STATUS, appBlockedBody(block));
      return;
    }
    const rateKey =
      tenant.store === undefined ? check.clientId : `${check.clientId}@${tenant.store}`;
    const decision = deps.rateLimiter?.take(rateKey) ?? { allowed: true };
    if (!decision.allowed) {
      deps.stats.rateLimited++;
      counted(true);
      sendJson(res, 429, graphqlError('Too many requests', 'RATE_LIMITED'), {
        'retry-after': String(decision.retryAfterS),
      });
      return;
    }

    const answered = await answer(req, body.text, tenant);
    if (answered.refused) deps.stats.queriesRefused++;
    // The service handled it and saw its answer, even if a fault loses that answer on the way.
    counted(answered.failed);
    if (fault?.afterHandling) {
      sendFault(req, res, fault);
      return;
    }
    send(res, answered.status, answered.text, answered.headers);
  };
}
