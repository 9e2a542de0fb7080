import { useEmulator } from '@admin-api/emulator/testing';
import { parse } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { BROKEN_DOCUMENT, productInput, SaveProduct, TWO_OPERATIONS } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

async function refused(promise: Promise<unknown>, code: string): Promise<ConfigurationError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ConfigurationError);
  expect(error).toMatchObject({ code });
  // Caller mistakes are found before anything is sent, so nothing is retried either.
  expect(emulator().stats.graphqlRequests).toBe(0);
  return error as ConfigurationError;
}

describe('documents and variables the client cannot send', () => {
  it('a string with a syntax error is INVALID_DOCUMENT, with the parser’s message', async () => {
    const error = await refused(clientFor(emulator()).request(BROKEN_DOCUMENT), 'INVALID_DOCUMENT');
    expect(error.message).toContain('Syntax Error');
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['a plain object', { query: '{ me { id } }' }],
  ])('%s as the document is INVALID_DOCUMENT', async (_, document) => {
    const request = clientFor(emulator()).request as (d: unknown) => Promise<unknown>;
    await refused(request(document), 'INVALID_DOCUMENT');
  });

  it('a document with no operation is INVALID_DOCUMENT', async () => {
    await refused(
      clientFor(emulator()).request('fragment F on MeResponse { id }'),
      'INVALID_DOCUMENT',
    );
  });

  it('a document with several operations and no operationName is INVALID_DOCUMENT naming them', async () => {
    const error = await refused(clientFor(emulator()).request(TWO_OPERATIONS), 'INVALID_DOCUMENT');
    expect(error.message).toContain('MeOnly, ProductCount');
    expect(error.message).toContain('operationName');
  });

  it('an operationName the document does not hold is INVALID_DOCUMENT', async () => {
    await refused(
      clientFor(emulator()).request(TWO_OPERATIONS, {}, { operationName: 'Nope' }),
      'INVALID_DOCUMENT',
    );
  });

  it('runs the operation named in the per-call options, for a string or a parsed document', async () => {
    const client = clientFor(emulator());
    const count = await client.request<{ listProduct: { count: number } }>(
      TWO_OPERATIONS,
      {},
      {
        operationName: 'ProductCount',
      },
    );
    expect(count.listProduct.count).toBeGreaterThan(0);
    const me = await client.request<{ me: { id: string | null } | null }>(
      parse(TWO_OPERATIONS),
      {},
      {
        operationName: 'MeOnly',
      },
    );
    expect(me.me?.id).toBeTruthy();
  });

  it.each([
    ['a BigInt', () => ({ ...productInput('Big'), n: 10n })],
    [
      'a cycle',
      () => {
        const variables: Record<string, unknown> = { ...productInput('Loop') };
        variables.self = variables;
        return variables;
      },
    ],
  ])(
    'variables holding %s are INVALID_VARIABLES, never a network error retried',
    async (_, make) => {
      const request = clientFor(emulator()).request as (d: unknown, v: unknown) => Promise<unknown>;
      await refused(request(SaveProduct, make()), 'INVALID_VARIABLES');
    },
  );
});
