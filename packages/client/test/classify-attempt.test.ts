import { describe, expect, it } from 'vitest';
import { type AttemptContext, classifyAttempt } from '../src/classify-attempt.js';
import {
  AbortedError,
  GraphQLResponseError,
  HttpError,
  NetworkError,
  TimeoutError,
} from '../src/index.js';
import { answer, QUERY_CONTEXT, TOKEN } from './attempt-fixture.js';

/** `mutation { saveProduct(…) { … } }`: one root field. */
const mutation: AttemptContext = { ...QUERY_CONTEXT, isMutation: true, soleRootKey: 'saveProduct' };
const query = QUERY_CONTEXT;

const unauthenticated = { message: 'no', extensions: { code: 'UNAUTHENTICATED' } };

describe('classifyAttempt', () => {
  it('a 200 with a data object is the result', () => {
    expect(classifyAttempt(answer(200, { data: { me: { id: '1' } } }), query)).toEqual({
      ok: true,
      data: { me: { id: '1' } },
    });
  });

  it('a 200 with data and an empty errors list is the result', () => {
    expect(classifyAttempt(answer(200, { data: { a: 1 }, errors: [] }), query)).toMatchObject({
      ok: true,
    });
  });

  it('the caller’s abort is final, and a sent mutation may have been applied', () => {
    const outcome = classifyAttempt(
      {
        response: undefined,
        failure: { kind: 'aborted', code: undefined, cause: undefined },
      },
      mutation,
    );
    expect(outcome).toMatchObject({ ok: false, reached: true });
    expect(!outcome.ok && outcome.reason).toBeUndefined();
    expect(!outcome.ok && outcome.error).toBeInstanceOf(AbortedError);
    expect(!outcome.ok && outcome.error.mayHaveBeenApplied).toBe(true);
  });

  it('a timeout is retryable and says a mutation may have been applied', () => {
    const outcome = classifyAttempt(
      {
        response: undefined,
        failure: { kind: 'timeout', code: undefined, cause: undefined },
      },
      mutation,
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout', reached: true });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(TimeoutError);
    expect(!outcome.ok && outcome.error.mayHaveBeenApplied).toBe(true);
  });

  it('a refused connection never reached a server', () => {
    const outcome = classifyAttempt(
      {
        response: undefined,
        failure: { kind: 'transport', code: 'ECONNREFUSED', cause: undefined },
      },
      mutation,
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'network_error', reached: false });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(NetworkError);
    expect(!outcome.ok && outcome.error.mayHaveBeenApplied).toBe(false);
  });

  it('a connection lost after the status arrived reached the server', () => {
    const observation = answer(200, '');
    observation.failure = { kind: 'transport', code: 'ECONNRESET', cause: undefined };
    const outcome = classifyAttempt(observation, mutation);
    expect(outcome).toMatchObject({ ok: false, reason: 'network_error', reached: true });
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: 'NETWORK_ERROR',
      status: 200,
      mayHaveBeenApplied: true,
    });
  });

  it.each([301, 302, 307, 308])(
    'a %i is REDIRECT_REFUSED, final, naming the location without its query',
    (status) => {
      const outcome = classifyAttempt(
        answer(status, '', { location: `https://elsewhere.example/graphql?token=${TOKEN}` }),
        mutation,
      );
      expect(outcome).toMatchObject({ ok: false, reached: true });
      expect(!outcome.ok && outcome.reason).toBeUndefined();
      expect(!outcome.ok && outcome.error).toBeInstanceOf(HttpError);
      expect(!outcome.ok && outcome.error).toMatchObject({
        code: 'REDIRECT_REFUSED',
        status,
        mayHaveBeenApplied: false,
      });
      expect(!outcome.ok && outcome.error.message).toContain('https://elsewhere.example/graphql?…');
      expect(!outcome.ok && outcome.error.message).not.toContain(TOKEN);
    },
  );

  it('a 303 (see other: the request was handled) is REDIRECT_REFUSED and a mutation may have been applied', () => {
    const outcome = classifyAttempt(answer(303, '', { location: '/result' }), mutation);
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: 'REDIRECT_REFUSED',
      mayHaveBeenApplied: true,
    });
  });

  it('a 401 is a refusal before execution: refresh and retry, even for a mutation', () => {
    const outcome = classifyAttempt(answer(401, { errors: [unauthenticated] }), mutation);
    expect(outcome).toMatchObject({ ok: false, reason: 'unauthenticated', reached: true });
    expect(!outcome.ok && outcome.error.mayHaveBeenApplied).toBe(false);
  });

  it('a 401 with no readable body is a refusal too', () => {
    expect(classifyAttempt(answer(401, 'nope'), query)).toMatchObject({
      reason: 'unauthenticated',
    });
  });

  it('a 200 with UNAUTHENTICATED errors and no data was refused before execution: refresh and retry', () => {
    expect(classifyAttempt(answer(200, { errors: [unauthenticated] }), mutation)).toMatchObject({
      ok: false,
      reason: 'unauthenticated',
    });
  });

  it('a mutation answered with data and an UNAUTHENTICATED error ran: final, may have been applied', () => {
    const outcome = classifyAttempt(
      answer(200, { data: { saveProduct: { id: 'p1' } }, errors: [unauthenticated] }),
      mutation,
    );
    expect(!outcome.ok && outcome.reason).toBeUndefined();
    expect(!outcome.ok && outcome.error).toBeInstanceOf(GraphQLResponseError);
    expect(!outcome.ok && outcome.error.mayHaveBeenApplied).toBe(true);
  });

  it('a mutation answered with "data": null and an UNAUTHENTICATED error had begun executing: final', () => {
    const outcome = classifyAttempt(
      answer(200, { data: null, errors: [unauthenticated] }),
      mutation,
    );
    expect(!outcome.ok && outcome.reason).toBeUndefined();
    expect(!outcome.ok && outcome.error.mayHaveBeenApplied).toBe(true);
  });

  it.each([
    'ARGUMENT_VALIDATION_ERROR',
    'ORDER_LINE_IS_ALREADY_PACKAGED',
    'ORDER_NOT_ELIGIBLE_FOR_UPDATE',
  ])('a mutation whose only root field was refused with %s was not applied', (code) => {
    const refusal = { message: 'refused', path: ['saveProduct'], extensions: { code } };
    for (const data of [null, { saveProduct: null }]) {
      const outcome = classifyAttempt(answer(200, { data, errors: [refusal] }), mutation);
      expect(!outcome.ok && outcome.error).toBeInstanceOf(GraphQLResponseError);
      expect(!outcome.ok && outcome.error.mayHaveBeenApplied).toBe(false);
      expect(!outcome.ok && outcome.error.message).not.toContain('may have been applied');
    }
  });

  it('a refused mutation may have been applied, and says so, unless the refusal is of its only root field', () => {
    const refusal = (path?: (string | number)[]) => ({
      message: 'refused',
      ...(path ? { path } : {}),
      extensions: { code: 'ARGUMENT_VALIDATION_ERROR' },
    });
    const other = { message: 'boom', path: ['saveProduct'], extensions: { code: 'INTERNAL' } };
    const cases: [AttemptContext, unknown][] = [
      // Two root fields: the second one's refusal nulls `data`, hiding the first one's change.
      [
        { ...mutation, soleRootKey: undefined },
        { data: null, errors: [refusal(['b'])] },
      ],
      [mutation, { data: { saveProduct: { id: 'p1' } }, errors: [refusal(['saveProduct'])] }],
      // Untrusted answers: applied data under another key, a path that is not a list.
      [
        mutation,
        { data: { saveProduct: null, other: { id: 'p1' } }, errors: [refusal(['saveProduct'])] },
      ],
      [
        { ...mutation, soleRootKey: 'p' },
        { data: null, errors: [{ ...refusal(), path: 'p' }] },
      ],
      [mutation, { data: null, errors: [refusal(['saveProduct', 'variants', 0])] }],
      [mutation, { data: null, errors: [refusal()] }],
      [mutation, { data: null, errors: [refusal(['saveProduct']), other] }],
      [mutation, { data: null, errors: [{ message: 'no code', path: ['saveProduct'] }] }],
    ];
    for (const [context, body] of cases) {
      const outcome = classifyAttempt(answer(200, body), context);
      expect(!outcome.ok && outcome.error.mayHaveBeenApplied, JSON.stringify(body)).toBe(true);
      expect(!outcome.ok && outcome.error.message).toContain(
        'The mutation may have been applied: check before repeating it.',
      );
    }
  });

  it('a query answered with partial data and an UNAUTHENTICATED error is refreshed and repeated', () => {
    expect(
      classifyAttempt(answer(200, { data: { me: null }, errors: [unauthenticated] }), query),
    ).toMatchObject({ reason: 'unauthenticated' });
  });

  it('a 429 is rate_limited, did not reach execution, and carries the wait asked for', () => {
    expect(classifyAttempt(answer(429, '', { retryAfter: '7' }), mutation)).toMatchObject({
      ok: false,
      reason: 'rate_limited',
      reached: false,
      retryAfterMs: 7_000,
    });
  });

  it('a 5xx is a server error; a mutation may have been applied', () => {
    const outcome = classifyAttempt(answer(503, 'busy'), mutation);
    expect(outcome).toMatchObject({ ok: false, reason: 'server_error', reached: true });
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: 'HTTP_ERROR',
      mayHaveBeenApplied: true,
      bodyExcerpt: 'busy',
    });
  });

  it('a 4xx carrying GraphQL errors is a final GraphQLResponseError', () => {
    const outcome = classifyAttempt(
      answer(400, { errors: [{ message: 'Cannot query field' }] }),
      query,
    );
    expect(!outcome.ok && outcome.reason).toBeUndefined();
    expect(!outcome.ok && outcome.error).toBeInstanceOf(GraphQLResponseError);
  });

  it('another 4xx is a final HTTP_ERROR with a hint', () => {
    const outcome = classifyAttempt(answer(403, 'Forbidden'), query);
    expect(!outcome.ok && outcome.error).toMatchObject({ code: 'HTTP_ERROR', status: 403 });
    expect(!outcome.ok && outcome.error.message).toContain('scope');
  });

  it('a 2xx over maxResponseBytes is INVALID_RESPONSE and not retried', () => {
    const outcome = classifyAttempt(answer(200, '{"data":{', { truncated: true }), query);
    expect(!outcome.ok && outcome.error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(!outcome.ok && outcome.reason).toBeUndefined();
  });

  it('a 2xx that is not JSON is INVALID_RESPONSE, retryable for a query', () => {
    expect(classifyAttempt(answer(200, '<html>portal</html>'), query)).toMatchObject({
      ok: false,
      reason: 'invalid_response',
    });
  });

  it.each([
    ['a list', []],
    ['null', null],
    ['a number', 5],
  ])('a 2xx whose JSON is %s is INVALID_RESPONSE', (_, body) => {
    const outcome = classifyAttempt(answer(200, body), mutation);
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: 'INVALID_RESPONSE',
      mayHaveBeenApplied: true,
    });
  });

  it.each([
    ['"data": null and no errors', { data: null }],
    ['an empty object', {}],
    ['an empty errors list and no data', { errors: [] }],
    ['"data" that is a number', { data: 5 }],
    ['"data" that is a list', { data: [] }],
  ])('a 2xx with %s is INVALID_RESPONSE; a mutation may have been applied', (_, body) => {
    const outcome = classifyAttempt(answer(200, body), mutation);
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid_response', reached: true });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(HttpError);
    expect(!outcome.ok && outcome.error).toMatchObject({
      code: 'INVALID_RESPONSE',
      mayHaveBeenApplied: true,
    });
  });

  it('a 2xx with an empty errors list and no data says so, not "neither data nor errors"', () => {
    const outcome = classifyAttempt(answer(200, { errors: [] }), query);
    expect(!outcome.ok && outcome.error.message).toContain('an empty "errors" list and no "data"');
  });

  it.each([
    ['"errors" that is', (deep: string) => `{"errors":${deep}}`],
    ['a list of "errors" holding', (deep: string) => `{"errors":[${deep}]}`],
    ['an error whose "message" is', (deep: string) => `{"errors":[{"message":${deep}}]}`],
    [
      'an error whose "extensions" are',
      (deep: string) => `{"errors":[{"message":"x","extensions":${deep}}]}`,
    ],
    ['partial "data" that is', (deep: string) => `{"errors":[{"message":"x"}],"data":${deep}}`],
    [
      'a list of "errors" holding a list',
      () => `{"errors":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`,
    ],
  ])(
    '%s a value 100,000 levels deep is a bounded GraphQLResponseError, never a RangeError',
    (_, make) => {
      const body = make(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
      const outcome = classifyAttempt(
        answer(200, body, { json: { value: JSON.parse(body) } }),
        query,
      );
      expect(!outcome.ok && outcome.error).toBeInstanceOf(GraphQLResponseError);
      const error = !outcome.ok ? (outcome.error as GraphQLResponseError) : undefined;
      expect(error?.message.length).toBeLessThan(1_000);
      expect(JSON.stringify([error?.errors, error?.data]).length).toBeLessThan(5_000);
    },
  );

  it('an answer cut at the read limit leaves no beginning of the token in the excerpt', () => {
    const token = 'Opaque/Tok+7h3Fq9ZkP2mXw8LrT5=';
    const cut = `${' '.repeat(8_000)}token=${token.slice(0, 14)}`;
    const outcome = classifyAttempt(answer(502, cut, { truncated: true }), {
      ...query,
      secrets: [token],
    });
    expect(!outcome.ok && (outcome.error as HttpError).bodyExcerpt).toBe('token=[redacted]');
  });

  it('an errors field that is not a list becomes one readable GraphQL error', () => {
    const outcome = classifyAttempt(answer(200, { errors: { oops: true } }), query);
    expect(!outcome.ok && (outcome.error as GraphQLResponseError).errors[0]?.message).toBe(
      'unreadable "errors" field: {"oops":true}',
    );
  });

  it('redacts the token wherever a GraphQL error or partial data echoes it: message, extensions, nested data', () => {
    const outcome = classifyAttempt(
      answer(200, {
        data: { saveProduct: { name: `x ${TOKEN}` } },
        errors: [
          {
            message: `bad ${TOKEN}`,
            extensions: { code: 'BAD_USER_INPUT', input: { token: TOKEN }, list: [TOKEN] },
          },
        ],
      }),
      mutation,
    );
    const error = !outcome.ok ? (outcome.error as GraphQLResponseError) : undefined;
    expect(JSON.stringify([error, error?.errors, error?.data, error?.message])).not.toContain(
      TOKEN,
    );
    expect(error?.errors[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      input: { token: '[redacted]' },
      list: ['[redacted]'],
    });
  });
});
