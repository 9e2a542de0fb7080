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

  it.each([
    ['a definition that is not a node', { kind: 'Document', definitions: [{}] }],
    [
      'an operation with no selection set',
      { kind: 'Document', definitions: [{ kind: 'OperationDefinition', operation: 'query' }] },
    ],
    [
      'an unknown operation type',
      {
        kind: 'Document',
        definitions: [
          {
            kind: 'OperationDefinition',
            operation: 'mutate',
            selectionSet: { kind: 'SelectionSet', selections: [] },
          },
        ],
      },
    ],
  ])('a hand-built DocumentNode with %s is INVALID_DOCUMENT, never sent', async (_, document) => {
    const request = clientFor(emulator()).request as (d: unknown) => Promise<unknown>;
    const error = await refused(request(document), 'INVALID_DOCUMENT');
    expect(error.message).toContain('not a well-formed GraphQL AST');
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

  it('a document with two operations of one name is INVALID_DOCUMENT saying to rename one, sending nothing', async () => {
    const twice = 'query Me { me { id } } query Me { me { name } }';
    const error = await refused(
      clientFor(emulator()).request(twice, {}, { operationName: 'Me' }),
      'INVALID_DOCUMENT',
    );
    expect(error.message).toContain('more than one operation named "Me"');
    expect(error.message).not.toContain('pass { operationName }');
    expect(emulator().stats.graphqlRequests).toBe(0);
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
    ['NaN', () => ({ ...productInput('NaN'), n: Number.NaN })],
    [
      'Infinity',
      () => ({ input: { ...productInput('Inf').input, weight: Number.POSITIVE_INFINITY } }),
    ],
    ['a function', () => ({ ...productInput('Fn'), f: () => 1 })],
    ['a symbol', () => ({ ...productInput('Sym'), s: Symbol('s') })],
    ['a Map', () => ({ ...productInput('Map'), m: new Map([['a', 1]]) })],
    ['a Set', () => ({ ...productInput('Set'), s: new Set([1]) })],
    ['a Promise', () => ({ ...productInput('Promise'), p: Promise.resolve('id') })],
    ['undefined in a list', () => ({ ...productInput('Hole'), ids: ['a', undefined] })],
    ['a Map as the variables themselves', () => new Map([['input', productInput('Map').input]])],
  ])(
    'variables holding %s are INVALID_VARIABLES, never a network error retried',
    async (_, make) => {
      const request = clientFor(emulator()).request as (d: unknown, v: unknown) => Promise<unknown>;
      await refused(request(SaveProduct, make()), 'INVALID_VARIABLES');
    },
  );

  it('names where an unsendable value is', async () => {
    const variables = productInput('Where');
    (variables.input.variants[0]?.prices[0] as { sellPrice: number }).sellPrice = Number.NaN;
    const error = await refused(
      clientFor(emulator()).request(SaveProduct, variables),
      'INVALID_VARIABLES',
    );
    expect(error.message).toContain('variables.input.variants[0].prices[0].sellPrice is NaN');
  });

  it('sends a Date as its ISO string and omits an undefined property, as JSON does', async () => {
    const sent: string[] = [];
    const client = clientFor(emulator(), {
      fetch: (input, init) => {
        if (String(input).includes('/graphql')) sent.push(String(init?.body));
        return fetch(input, init);
      },
    });
    await client.request(
      'query Find($search: String, $pagination: PaginationInput) { listProduct(search: $search, pagination: $pagination) { count } }',
      { search: new Date(0), pagination: undefined },
    );
    expect(JSON.parse(sent[0] ?? '{}').variables).toEqual({ search: '1970-01-01T00:00:00.000Z' });
  });
});
