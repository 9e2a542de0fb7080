import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphQLResponseError, HttpError } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe, ListProducts, productInput, SaveProduct } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach });

describe('client.request', () => {
  it('sends a typed operation with a Bearer token to {baseUrl}/api/v2/admin/graphql', async () => {
    const client = clientFor(emulator());
    const { me } = await client.request(GetMe);
    expect(me?.id).toBe(emulator().data.app.id);
    expect(client.endpoint).toBe(`${emulator().baseUrl}/api/v2/admin/graphql`);
    expect(emulator().stats).toMatchObject({
      tokenRequests: 1,
      graphqlRequests: 1,
      unauthorized: 0,
      secretLeaks: 0,
    });
  });

  it('reuses the cached token across calls', async () => {
    const client = clientFor(emulator());
    await Promise.all([client.request(GetMe), client.request(GetMe), client.request(GetMe)]);
    await client.request(GetMe);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('accepts a string document and variables', async () => {
    const client = clientFor(emulator());
    const result = await client.request<{ listProduct: { count: number } }>(
      'query Count($search: String) { listProduct(search: $search) { count } }',
      { search: 'kupa' },
    );
    expect(result.listProduct.count).toBeGreaterThan(0);
  });

  it('accepts a baseUrl with a trailing slash', async () => {
    const client = clientFor(emulator(), { baseUrl: `${emulator().baseUrl}/` });
    await expect(client.request(GetMe)).resolves.toBeDefined();
  });

  it('turns errors[] in a 200 into GraphQLResponseError with partial data and the operation name', async () => {
    const client = clientFor(emulator());
    const error = await rejection(client.request(ListProducts, { pagination: { limit: 500 } }));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const graphqlError = error as GraphQLResponseError;
    expect(graphqlError.code).toBe('GRAPHQL_ERROR');
    expect(graphqlError.operationName).toBe('ListProducts');
    expect(graphqlError.status).toBe(200);
    expect(graphqlError.errors[0]?.extensions?.code).toBe('ARGUMENT_VALIDATION_ERROR');
    expect(graphqlError.data).toBeNull();
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('reports a document the server cannot validate as GraphQLResponseError, without retrying', async () => {
    const client = clientFor(emulator());
    const error = await rejection(client.request('query Bad { me { nope } }'));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect((error as GraphQLResponseError).errors[0]?.message).toContain('nope');
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('turns an errors field that is not a list into a GraphQLResponseError, not a crash', async () => {
    emulator().faults.graphql.push({
      status: 200,
      body: '{"errors":{"oops":true}}',
      headers: { 'content-type': 'application/json' },
    });
    const error = await rejection(clientFor(emulator()).request(GetMe));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect((error as GraphQLResponseError).errors[0]?.message).toBe(
      'unreadable "errors" field: {"oops":true}',
    );
  });

  it('does not retry a 4xx and gives the status and a body excerpt', async () => {
    emulator().faults.graphql.push({
      status: 403,
      body: 'Forbidden by policy',
      headers: { 'content-type': 'text/plain' },
    });
    const error = await rejection(clientFor(emulator()).request(GetMe));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      code: 'HTTP_ERROR',
      status: 403,
      bodyExcerpt: 'Forbidden by policy',
      operationName: 'GetMe',
    });
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('applies a mutation once and returns its typed result', async () => {
    const { saveProduct } = await clientFor(emulator()).request(
      SaveProduct,
      productInput('Typed Teapot'),
    );
    expect(saveProduct.name).toBe('Typed Teapot');
    expect(emulator().stats.mutations).toHaveLength(1);
  });
});
