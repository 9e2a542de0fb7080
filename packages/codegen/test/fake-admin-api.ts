import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { buildSchema, graphqlSync } from 'graphql';
import { readRequestBody, startServer } from '../../../test/support/loopback-server.js';
import { TINY_SDL } from './tiny-schema.js';

/** Writes the GraphQL endpoint's answer; `body` is the request body as received. */
export type GraphQLHandler = (response: ServerResponse, body: string) => void;

/** A stand-in for the service that answers however a test wants, over loopback HTTP. */
export interface FakeAdminApi {
  authUrl: string;
  baseUrl: string;
  /** `{baseUrl}/api/v2/admin/graphql` */
  endpoint: string;
  credentials: { authUrl: string; baseUrl: string; clientId: string; clientSecret: string };
  /** The access token it issues; not shaped like a JWT, so only an exact match finds it. */
  token: string;
  /** `METHOD path` of every request, in order. */
  requests: string[];
  /** Sets how the GraphQL endpoint answers, until the next test. */
  answer(handler: GraphQLHandler): void;
  close(): Promise<void>;
}

/** The secret in the forms it may come back in: raw, form-encoded, percent-encoded. */
export const SECRET = 'fake secret+/=value';
export const SECRET_FORMS = [SECRET, 'fake+secret%2B%2F%3Dvalue', 'fake%20secret%2B%2F%3Dvalue'];

/** Answers introspection from a schema, as a well-behaved service does. */
export function serveSchema(sdl: string): GraphQLHandler {
  const schema = buildSchema(sdl);
  return (response, body) => {
    const { query } = JSON.parse(body) as { query: string };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(graphqlSync({ schema, source: query })));
  };
}

export async function startFakeAdminApi(): Promise<FakeAdminApi> {
  const token = `tok_${randomBytes(16).toString('hex')}`;
  const requests: string[] = [];
  let handler = serveSchema(TINY_SDL);
  const server = await startServer(async (request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const body = await readRequestBody(request);
    if (request.url === '/api/admin/oauth/token') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }));
    } else if (request.url === '/api/v2/admin/graphql') {
      handler(response, body);
    } else {
      response.writeHead(404).end();
    }
  });
  const origin = server.url;
  // One server answers both endpoints; codegen refuses one origin for both (the secret would go
  // to the GraphQL host), so the token host is named by another loopback name.
  const authUrl = origin.replace('127.0.0.1', 'localhost');
  return {
    authUrl,
    baseUrl: origin,
    endpoint: `${origin}/api/v2/admin/graphql`,
    credentials: { authUrl, baseUrl: origin, clientId: 'fake-app', clientSecret: SECRET },
    token,
    requests,
    answer(next) {
      handler = next;
    },
    close: () => server.close(),
  };
}

/** One fake service per test file, answering with the tiny schema again before each test. */
export function useFakeAdminApi(hooks: {
  beforeAll(fn: () => Promise<void>): void;
  beforeEach(fn: () => void): void;
  afterAll(fn: () => Promise<void>): void;
}): () => FakeAdminApi {
  let api: FakeAdminApi | undefined;
  hooks.beforeAll(async () => {
    api = await startFakeAdminApi();
  });
  hooks.beforeEach(() => {
    api?.answer(serveSchema(TINY_SDL));
    api?.requests.splice(0);
  });
  hooks.afterAll(async () => {
    await api?.close();
  });
  return () => {
    if (!api) throw new Error('useFakeAdminApi: call this inside a test');
    return api;
  };
}
