import type { TokenProvider } from '@admin-api/auth';
import {
  type LoopbackServer,
  readRequestBody,
  startServer,
} from '../../../test/support/loopback-server.js';
import { type AdminClient, type AdminClientBaseOptions, createAdminClient } from '../src/index.js';

export { type LoopbackServer, readRequestBody, startServer };

/** A token provider that always hands out one token: for tests of the GraphQL side alone. */
export const fixedTokenProvider: TokenProvider = {
  getToken: async () => ({
    accessToken: 'tok_loopback_0123456789abcdef',
    tokenType: 'Bearer',
    expiresIn: 3600,
    expiresAt: Number.MAX_SAFE_INTEGER,
  }),
  invalidate: async () => {},
};

/** A client of `server`, with a fixed token and no pacing; `options` override. */
export function loopbackClient(
  server: LoopbackServer,
  options: Partial<AdminClientBaseOptions> = {},
): AdminClient {
  return createAdminClient({
    baseUrl: server.url,
    tokenProvider: fixedTokenProvider,
    rateLimit: false,
    ...options,
  });
}
