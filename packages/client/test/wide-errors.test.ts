import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttemptContext,
  classifyAttempt,
  MAX_KEPT_ERRORS,
  MAX_PARTIAL_DATA_CHARS,
} from '../src/classify-attempt.js';
import { GraphQLResponseError } from '../src/index.js';
import { rejection } from './client-fixture.js';
import { GetMe } from './documents.js';
import {
  type LoopbackServer,
  loopbackClient,
  readRequestBody,
  startServer,
} from './loopback-server.js';

let body = '';
let server: LoopbackServer;
beforeAll(async () => {
  server = await startServer(async (req, res) => {
    await readRequestBody(req);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
});
afterAll(() => server.close());

describe('a huge errors list in a 2xx answer', () => {
  it('a 20 MB errors list becomes an error holding the first 100 entries and the count of the rest', async () => {
    const entries = 10_000_000;
    body = `{"errors":[${'1,'.repeat(entries - 1)}1]}`;
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const { errors, omittedErrors, message } = error as GraphQLResponseError;
    expect(errors).toHaveLength(MAX_KEPT_ERRORS);
    expect(omittedErrors).toBe(entries - MAX_KEPT_ERRORS);
    expect(message).toContain(`(and ${entries - 1} more; ${entries - MAX_KEPT_ERRORS} not kept)`);
  });

  it('reads no more than the first 100 entries of the list, however long it is', () => {
    const list = Array.from({ length: 1_000_000 }, () => ({ message: 'x' }));
    let read = 0;
    const counted = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read++;
        return Reflect.get(target, key, receiver);
      },
    });
    const context: AttemptContext = {
      operationName: 'Op',
      isMutation: false,
      attempt: 1,
      endpoint: 'https://api.example.com/api/v2/admin/graphql',
      timeoutMs: 1_000,
      maxResponseBytes: 50_000_000,
      secrets: [],
      now: 0,
      appliedEarlier: false,
    };
    const outcome = classifyAttempt(
      {
        failure: undefined,
        response: {
          status: 200,
          retryAfter: undefined,
          location: undefined,
          contentType: 'application/json',
          body: '{"errors":[…]}',
          truncated: false,
          json: { value: { errors: counted } },
        },
      },
      context,
    );
    expect(outcome.ok).toBe(false);
    expect(read).toBeLessThanOrEqual(MAX_KEPT_ERRORS);
  });

  it('partial data beside errors in an answer over 1 MiB is left out, and the message says so', async () => {
    const items = Math.ceil(MAX_PARTIAL_DATA_CHARS / '{"a":"b"},'.length) + 1;
    body = `{"data":{"x":[${'{"a":"b"},'.repeat(items)}{}]},"errors":[{"message":"m"}]}`;
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect((error as GraphQLResponseError).data).toBeUndefined();
    expect((error as GraphQLResponseError).message).toContain('partial data was left out');
  });

  it('partial data beside errors in a small answer is kept', async () => {
    body = '{"data":{"x":[{"a":"b"}]},"errors":[{"message":"m"}]}';
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect((error as GraphQLResponseError).data).toEqual({ x: [{ a: 'b' }] });
  });
});
