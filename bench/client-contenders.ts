// The contenders of the client benchmarks, each a function making one call of the same query to
// a loopback stub server (in another process, so serving does not share the measured event loop).
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { TokenProvider } from '@admin-api/auth';
import { createAdminClient } from '@admin-api/client';
import { GraphQLClient } from 'graphql-request';
import { request } from 'undici';

export const QUERY = 'query GetMe { me { id name scopes } }';
const TOKEN = 'bench.token.value';
/** A budget far above what loopback reaches, so pacing runs its bookkeeping but never waits. */
export const NON_BINDING_RATE_LIMIT = { limit: 1_000_000, windowMs: 10_000 } as const;

export const CONTENDERS = [
  'raw fetch',
  'raw fetch, with a timeout',
  'undici request, with a timeout',
  'graphql-request alone',
  'client, pacing off',
  'client, pacing on',
] as const;
export type Contender = (typeof CONTENDERS)[number];

export interface StubServer {
  baseUrl: string;
  stop(): void;
}

export async function startStubServer(): Promise<StubServer> {
  const server: ChildProcess = fork(
    new URL('./graphql-stub-server.mjs', import.meta.url),
    [TOKEN],
    {
      stdio: 'inherit',
    },
  );
  const [port] = (await once(server, 'message')) as [number];
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => server.kill() };
}

/** A token provider with a fixed token: every contender sends the same request. */
const tokenProvider: TokenProvider = {
  getToken: async () => ({
    accessToken: TOKEN,
    tokenType: 'Bearer',
    expiresIn: 14_400,
    expiresAt: Date.now() + 14_400_000,
  }),
  invalidate: async () => {},
};

/** What the raw contenders send. */
const HEADERS = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
const requestBody = () => JSON.stringify({ query: QUERY, operationName: 'GetMe' });

/** One call with `fetch` alone, with a timeout signal when `timeoutMs` is given. */
function rawFetch(endpoint: string, timeoutMs?: number): () => Promise<unknown> {
  return async () => {
    const init: RequestInit = {
      method: 'POST',
      headers: HEADERS,
      body: requestBody(),
    };
    if (timeoutMs !== undefined) init.signal = AbortSignal.timeout(timeoutMs);
    const response = await fetch(endpoint, init);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return ((await response.json()) as { data: unknown }).data;
  };
}

/**
 * One call with undici's own `request` (the library under Node's `fetch`), without the WHATWG
 * Request, Response and streams that `fetch` builds: what the transport alone costs.
 */
function undiciRequest(endpoint: string, timeoutMs: number): () => Promise<unknown> {
  return async () => {
    const { statusCode, body } = await request(endpoint, {
      method: 'POST',
      headers: HEADERS,
      body: requestBody(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (statusCode !== 200) {
      await body.dump();
      throw new Error(`HTTP ${statusCode}`);
    }
    return ((await body.json()) as { data: unknown }).data;
  };
}

export function makeContender(name: Contender, baseUrl: string): () => Promise<unknown> {
  const endpoint = `${baseUrl}/api/v2/admin/graphql`;
  switch (name) {
    case 'raw fetch':
      return rawFetch(endpoint);
    // What a careful user writes: a call that can hang needs a timeout, and the client has one.
    case 'raw fetch, with a timeout':
      return rawFetch(endpoint, 30_000);
    case 'undici request, with a timeout':
      return undiciRequest(endpoint, 30_000);
    case 'graphql-request alone': {
      const transport = new GraphQLClient(endpoint, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return () => transport.request(QUERY);
    }
    case 'client, pacing off': {
      const client = createAdminClient({ baseUrl, tokenProvider, rateLimit: false });
      return () => client.request(QUERY);
    }
    case 'client, pacing on': {
      const client = createAdminClient({
        baseUrl,
        tokenProvider,
        rateLimit: NON_BINDING_RATE_LIMIT,
      });
      return () => client.request(QUERY);
    }
  }
}
