import type { TokenProvider } from '@admin-api/auth';
import type { ServiceErrorCode as EmulatedErrorCode } from '@admin-api/emulator';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AdminApiEvent,
  type AdminClient,
  createAdminClient,
  paginate,
  type ServiceErrorCode,
} from '../src/index.js';
import { type AppScopeEnum, GetMe, type OrderStatusEnum, SaveProduct } from './documents.js';

/** Variables as codegen writes them: optional fields also take undefined; one list is required. */
const ListOrdersByStatus = parse(
  'query ListOrdersByStatus($pagination: PaginationInput, $statuses: [OrderStatusEnum!]!) { listOrder(pagination: $pagination, status: { in: $statuses }) { hasNext data { id } } }',
) as TypedDocumentNode<
  { listOrder: { hasNext: boolean; data: Array<{ id: string }> } },
  {
    pagination?:
      | { page?: number | null | undefined; limit?: number | null | undefined }
      | null
      | undefined;
    statuses: Array<OrderStatusEnum> | OrderStatusEnum;
  }
>;

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

function paginateChecks(client: AdminClient) {
  // Under exactOptionalPropertyTypes, a generated document with a required variable still infers.
  expectTypeOf(
    paginate(
      client,
      ListOrdersByStatus,
      { statuses: ['CANCELLED', 'REFUNDED'] },
      {
        select: (r) => r.listOrder,
      },
    ),
  ).toEqualTypeOf<AsyncGenerator<{ id: string }, void, undefined>>();
  // @ts-expect-error a required variable is required
  void paginate(client, ListOrdersByStatus, {}, { select: (r) => r.listOrder });
}

/** Per-call options passed on from a caller's own optional ones, as under exactOptionalPropertyTypes. */
function passedOnOptions(
  client: AdminClient,
  options: { signal?: AbortSignal; timeoutMs?: number; limit?: number },
) {
  void client.request(
    GetMe,
    {},
    { signal: options.signal, timeoutMs: options.timeoutMs, idempotent: undefined },
  );
  void paginate(
    client,
    ListOrdersByStatus,
    { statuses: 'CANCELLED' },
    { select: (r) => r.listOrder, limit: options.limit, startPage: undefined, ...options },
  );
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
  it("name the GraphQL error codes the emulator answers with, the vendor's (checked against its typings there)", () => {
    expectTypeOf<ServiceErrorCode>().toEqualTypeOf<EmulatedErrorCode>();
  });

  it('are checked at compile time', () => {
    expectTypeOf(typeChecks).toBeFunction();
    expectTypeOf(paginateChecks).toBeFunction();
    expectTypeOf(passedOnOptions).toBeFunction();
    expectTypeOf(optionChecks).toBeFunction();
  });
});
