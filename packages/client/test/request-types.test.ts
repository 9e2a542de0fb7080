import type { TokenProvider } from '@admin-api/auth';
import { describe, expectTypeOf, it } from 'vitest';
import { type AdminApiEvent, type AdminClient, createAdminClient } from '../src/index.js';
import { type AppScopeEnum, GetMe, SaveProduct } from './documents.js';

// Compiled by `pnpm typecheck`: each @ts-expect-error must be an error, or the build fails.
function typeChecks(client: AdminClient) {
  expectTypeOf(client.request(GetMe)).resolves.toEqualTypeOf<{
    me: { id: string | null; name: string | null; scopes: AppScopeEnum[] | null } | null;
  }>();
  expectTypeOf(
    client.request(SaveProduct, { input: { name: 'x', type: 'PHYSICAL', variants: [] } }),
  ).resolves.toEqualTypeOf<{
    saveProduct: { id: string; name: string };
  }>();
  // @ts-expect-error required variables are required
  void client.request(SaveProduct);
  // @ts-expect-error an enum value outside the schema's
  void client.request(SaveProduct, { input: { name: 'x', type: 'SOFTWARE', variants: [] } });
  // @ts-expect-error an unknown per-call option
  void client.request(GetMe, {}, { retries: 3 });
  void client.request(GetMe, {}, { signal: AbortSignal.timeout(1000), timeoutMs: 500 });
  expectTypeOf(client.request('{ me { id } }')).resolves.toBeUnknown();
  void client.request(GetMe, {}, { operationName: 'GetMe' });
}

function optionChecks() {
  const credentials = { baseUrl: 'https://api.example.com', tokenProvider: {} as TokenProvider };
  createAdminClient({
    ...credentials,
    onEvent: (event: AdminApiEvent) => {
      if (event.type === 'graphql_retry') expectTypeOf(event.delayMs).toBeNumber();
      if (event.type === 'refresh_failed') expectTypeOf(event.retryAt).toBeNumber();
    },
  });
  // @ts-expect-error hooks were replaced by onEvent
  createAdminClient({ ...credentials, hooks: { onRetry: () => {} } });
}

describe('request types', () => {
  it('are checked at compile time', () => {
    expectTypeOf(typeChecks).toBeFunction();
    expectTypeOf(optionChecks).toBeFunction();
  });
});
