import { describe, expectTypeOf, it } from 'vitest';
import type { AdminClient } from '../src/index.js';
import { GetMe, SaveProduct } from './documents.js';

// Compiled by `pnpm typecheck`: each @ts-expect-error must be an error, or the build fails.
function typeChecks(client: AdminClient) {
  expectTypeOf(client.request(GetMe)).resolves.toEqualTypeOf<{
    me: { id: string; name: string; scopes: string[] };
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
}

describe('request types', () => {
  it('are checked at compile time', () => {
    expectTypeOf(typeChecks).toBeFunction();
  });
});
