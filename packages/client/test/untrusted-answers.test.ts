import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphQLResponseError, HttpError } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';
import { startServer } from './loopback-server.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const json = { 'content-type': 'application/json' };

describe('every answer is a result or a typed error', () => {
  it.each([
    ['{"data":null}', '{"data":null}'],
    ['{}', '{}'],
    ['[]', '[]'],
    ['{"errors":[]}', '{"errors":[]}'],
    ['{"data":5}', '{"data":5}'],
    ['{"data":[]}', '{"data":[]}'],
  ])('a 200 with %s is INVALID_RESPONSE, not an empty result', async (_, body) => {
    emulator().faults.graphql.push({ status: 200, headers: json, body });
    const error = await rejection(clientFor(emulator(), { retry: false }).request(GetMe));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
  });

  it.each([
    ['"errors" that is an object', (deep: string) => `{"errors":${deep}}`],
    ['an error "message" that is an object', (deep: string) => `{"errors":[{"message":${deep}}]}`],
  ])(
    'a 200 with %s 100,000 levels deep is a GraphQLResponseError, never a RangeError',
    async (_, make) => {
      const body = make(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
      emulator().faults.graphql.push({ status: 200, headers: json, body });
      const error = await rejection(clientFor(emulator(), { retry: false }).request(GetMe));
      expect(error).toBeInstanceOf(GraphQLResponseError);
      expect(error).toMatchObject({ code: 'GRAPHQL_ERROR' });
    },
  );

  it('a mutation answered {"data":null} with no errors may have been applied, and is not repeated', async () => {
    emulator().faults.graphql.push({
      afterHandling: true,
      status: 200,
      headers: json,
      body: '{"data":null}',
    });
    const error = await rejection(
      clientFor(emulator()).request(SaveProduct, productInput('Null Answer')),
    );
    expect(error).toMatchObject({
      code: 'INVALID_RESPONSE',
      mayHaveBeenApplied: true,
      attempts: 1,
    });
    expect(emulator().stats.mutations).toHaveLength(1);
  });
});

describe('what is read of an answer is bounded', () => {
  it('a successful answer over maxResponseBytes is INVALID_RESPONSE, not parsed', async () => {
    const big = JSON.stringify({ data: { me: { id: '1', name: 'x'.repeat(10_000), scopes: [] } } });
    emulator().faults.graphql.push({ status: 200, headers: json, body: big });
    const error = await rejection(
      clientFor(emulator(), { maxResponseBytes: 4_096, retry: false }).request(GetMe),
    );
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect((error as Error).message).toContain('maxResponseBytes');
  });

  it('a 100 MB error body is not read: the client hangs up after a few KB', async () => {
    const TOTAL = 100 * 1024 * 1024;
    let written = 0;
    let finished = false;
    let closed!: () => void;
    const socketClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const server = await startServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.on('close', closed);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (written < TOTAL && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) {
          finished = true;
          res.end();
        }
      };
      pump();
    });
    try {
      const client = clientFor(emulator(), { baseUrl: server.url, retry: false });
      const error = await rejection(client.request(GetMe));
      expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 500 });
      await socketClosed;
      expect(finished).toBe(false);
      expect(written).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });
});
