import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_MESSAGE } from '../src/graphql-errors.js';
import { GraphQLResponseError, HttpError, NetworkError, TimeoutError } from '../src/index.js';
import { rejection } from './client-fixture.js';
import { GetMe } from './documents.js';
import {
  type LoopbackServer,
  loopbackClient,
  readRequestBody,
  startServer,
} from './loopback-server.js';

let server: LoopbackServer | undefined;
afterEach(() => server?.close());

async function failedWith(answer: (res: ServerResponse) => void, timeoutMs = 30_000) {
  server = await startServer(async (req, res) => {
    await readRequestBody(req);
    answer(res);
  });
  return rejection(loopbackClient(server, { retry: false, timeoutMs }).request(GetMe));
}

describe('error messages say what happened and what to do next', () => {
  it('a query with no answer in time is TIMEOUT, and the message says to raise timeoutMs', async () => {
    const error = await failedWith(() => {}, 50);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', mayHaveBeenApplied: false });
    expect((error as TimeoutError).message).toContain('Raise timeoutMs');
  });

  it('a query whose connection drops is NETWORK_ERROR, and the message says to check the network', async () => {
    const error = await failedWith((res) => res.socket?.destroy());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect((error as NetworkError).message).toContain('Check the network');
  });

  it('a body that is not the gzip it claims is INVALID_RESPONSE that could not be decoded, not a lost connection', async () => {
    const corrupt = gzipSync('{"data":{"me":null}}');
    corrupt.fill(0, 10, 20);
    const error = await failedWith((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(corrupt);
    });
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    expect((error as HttpError).message).toContain('could not be decoded');
    expect((error as HttpError).message).not.toContain('lost the connection');
  });

  it('an errors entry with no message says the error had no message, never "undefined"', async () => {
    const error = await failedWith((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"errors":[{}]}');
    });
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error).toMatchObject({ code: 'GRAPHQL_ERROR', errors: [{ message: NO_MESSAGE }] });
    expect((error as GraphQLResponseError).message).toContain('no message');
    expect((error as GraphQLResponseError).message).not.toContain('undefined');
  });
});
