import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphQLResponseError, HttpError } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { productInput, SaveProduct } from './documents.js';
import { startServer } from './loopback-server.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const applied = (name: string) =>
  emulator().stats.mutations.filter((m) => JSON.stringify(m.args).includes(name)).length;
const json = { 'content-type': 'application/json' };
const UNAUTHENTICATED = {
  message: 'field needs a fresh token',
  extensions: { code: 'UNAUTHENTICATED' },
};

describe('a mutation is never applied twice', () => {
  it('data plus an UNAUTHENTICATED error means it ran: a typed error, may have been applied, no refresh, no re-send', async () => {
    emulator().faults.graphql.push({
      afterHandling: true,
      status: 200,
      headers: json,
      body: JSON.stringify({
        data: { saveProduct: { id: 'p1', name: 'Once' } },
        errors: [UNAUTHENTICATED],
      }),
    });
    const error = await rejection(clientFor(emulator()).request(SaveProduct, productInput('Once')));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error).toMatchObject({ mayHaveBeenApplied: true, attempts: 1 });
    expect(applied('Once')).toBe(1);
    expect(emulator().stats.graphqlRequests).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('"data": null plus an error means execution began: may have been applied, no re-send', async () => {
    emulator().faults.graphql.push({
      afterHandling: true,
      status: 200,
      headers: json,
      body: JSON.stringify({ data: null, errors: [UNAUTHENTICATED] }),
    });
    const error = await rejection(
      clientFor(emulator()).request(SaveProduct, productInput('Began')),
    );
    expect(error).toMatchObject({ mayHaveBeenApplied: true });
    expect(applied('Began')).toBe(1);
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('a mutation the service refuses with ARGUMENT_VALIDATION_ERROR was not applied, and says nothing of checking', async () => {
    const { input } = productInput('Refused');
    const error = await rejection(
      clientFor(emulator()).request(SaveProduct, { input: { ...input, id: 'no-such-product' } }),
    );
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const refused = error as GraphQLResponseError;
    expect(refused.errors[0]?.extensions?.code).toBe('ARGUMENT_VALIDATION_ERROR');
    expect(refused).toMatchObject({ mayHaveBeenApplied: false, attempts: 1 });
    expect(refused.message).not.toContain('may have been applied');
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('one root field applied and a second refused may have been applied: the refusal nulls all of data', async () => {
    const { input } = productInput('Applied first');
    const error = await rejection(
      clientFor(emulator()).request(
        `mutation Two($a: ProductInput!, $b: ProductInput!) {
          a: saveProduct(input: $a) { id }
          b: saveProduct(input: $b) { id }
        }`,
        { a: input, b: { ...input, id: 'no-such-product' } },
      ),
    );
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error).toMatchObject({ data: null, mayHaveBeenApplied: true });
    // The first was applied; the refused second is not in the ledger.
    expect(applied('Applied first')).toBe(1);
  });

  it('UNAUTHENTICATED errors with no data are a refusal before execution: refreshed, re-sent, applied once', async () => {
    emulator().faults.graphql.push({
      status: 200,
      headers: json,
      body: JSON.stringify({ errors: [UNAUTHENTICATED] }),
    });
    await clientFor(emulator()).request(SaveProduct, productInput('Refused First'));
    expect(applied('Refused First')).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it.each([301, 302, 303, 307, 308])(
    'a %i from the GraphQL host is REDIRECT_REFUSED naming the location, and nothing reaches its target',
    async (status) => {
      const target = await startServer((_req, res) => {
        res.writeHead(200, json).end('{"data":{"saveProduct":{"id":"x","name":"x"}}}');
      });
      const redirector = await startServer((_req, res) => {
        res
          .writeHead(status, { location: `${target.url}/api/v2/admin/graphql?via=redirect` })
          .end();
      });
      try {
        const client = clientFor(emulator(), { baseUrl: redirector.url });
        const error = await rejection(client.request(SaveProduct, productInput('Redirected')));
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ code: 'REDIRECT_REFUSED', status, attempts: 1 });
        expect((error as Error).message).toContain(`${target.url}/api/v2/admin/graphql?…`);
        expect(redirector.requests).toBe(1);
        expect(target.requests).toBe(0);
      } finally {
        await Promise.all([target.close(), redirector.close()]);
      }
    },
  );
});
