import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttemptContext, classifyAttempt } from '../src/classify-attempt.js';
import { MAX_KEPT_ERRORS, MAX_WHOLE_ANSWER_CHARS } from '../src/graphql-errors.js';
import { GraphQLResponseError } from '../src/index.js';
import { answer, QUERY_CONTEXT } from './attempt-fixture.js';
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
  it('a million-entry errors list becomes an error holding the first 100 entries and the count of the rest', async () => {
    const entries = 1_000_000;
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
    const outcome = classifyAttempt(
      answer(200, { errors: counted }, { body: '{"errors":[…]}' }),
      context,
    );
    expect(outcome.ok).toBe(false);
    expect(read).toBeLessThanOrEqual(MAX_KEPT_ERRORS);
  });

  it('partial data beside errors in an answer over 1 MiB is left out, and the message says so', async () => {
    const items = Math.ceil(MAX_WHOLE_ANSWER_CHARS / '{"a":"b"},'.length) + 1;
    body = `{"data":{"x":[${'{"a":"b"},'.repeat(items)}{}]},"errors":[{"message":"m"}]}`;
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error).toMatchObject({ code: 'GRAPHQL_ERROR', data: undefined, omittedData: true });
    expect((error as GraphQLResponseError).message).toContain('partial data was left out');
  });

  it('partial data beside errors in a small answer is kept', async () => {
    body = '{"data":{"x":[{"a":"b"}]},"errors":[{"message":"m"}]}';
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect(error).toMatchObject({ data: { x: [{ a: 'b' }] }, omittedData: false });
  });

  it('a large answer without partial data says nothing was left out of its data', async () => {
    body = `{"errors":[{"message":"m","extensions":{"pad":"${'x'.repeat(MAX_WHOLE_ANSWER_CHARS)}"}}]}`;
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect(error).toMatchObject({ code: 'GRAPHQL_ERROR', data: undefined, omittedData: false });
    expect((error as GraphQLResponseError).message).not.toContain('partial data');
  });
});

describe('errors entries in an answer too large to keep whole', () => {
  it('an entry with megabytes of extensions is kept as its message, path, locations and extensions.code only', async () => {
    const extensions = { code: 'INTERNAL', trace: 'x'.repeat(2 * MAX_WHOLE_ANSWER_CHARS) };
    const entry = {
      message: 'boom',
      locations: [{ line: 1, column: 3, extra: true }],
      path: ['products', 0, 'name'],
      extensions,
      debug: { more: 1 },
    };
    body = JSON.stringify({ data: null, errors: [entry, { message: 'second' }] });
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect(error).toBeInstanceOf(GraphQLResponseError);
    const { errors, trimmedErrors, message } = error as GraphQLResponseError;
    expect(trimmedErrors).toBe(true);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toStrictEqual({
      message: 'boom',
      locations: [{ line: 1, column: 3 }],
      path: ['products', 0, 'name'],
      extensions: { code: 'INTERNAL' },
    });
    expect(errors[1]).toStrictEqual({ message: 'second' });
    expect(message).toContain(
      'each error kept is only its message, path, locations and extensions.code',
    );
  });

  it('reads nothing of a kept entry beyond its message, path, locations and extensions.code', () => {
    let read = 0;
    const counting = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(object, key, receiver) {
          read++;
          return Reflect.get(object, key, receiver);
        },
        ownKeys(object) {
          read += 1_000;
          return Reflect.ownKeys(object);
        },
      });
    const huge = counting(
      Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
    );
    const extensions = counting({ code: 'INTERNAL', huge });
    const outcome = classifyAttempt(
      answer(
        200,
        { errors: [{ message: 'boom', extensions, debug: huge }] },
        { body: 'x'.repeat(MAX_WHOLE_ANSWER_CHARS + 1) },
      ),
      context,
    );
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatchObject({
      errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }],
      trimmedErrors: true,
    });
    // One read: `extensions.code`. Copying the entry would list and read every key.
    expect(read).toBe(1);
  });

  it('entries of an answer within the bound are kept whole, extensions and all', async () => {
    const entry = { message: 'm', extensions: { code: 'BAD_USER_INPUT', field: 'sku' }, debug: 1 };
    body = JSON.stringify({ data: null, errors: [entry] });
    const error = await rejection(loopbackClient(server, { retry: false }).request(GetMe));
    expect(error).toMatchObject({ errors: [entry], trimmedErrors: false });
    expect((error as GraphQLResponseError).message).not.toContain('too large');
  });
});

// Answers up to 50 MB are read; no secret in these bodies.
const context: AttemptContext = {
  ...QUERY_CONTEXT,
  maxResponseBytes: 50_000_000,
  secrets: [],
  now: 0,
};
