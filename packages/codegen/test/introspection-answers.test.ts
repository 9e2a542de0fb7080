import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CodegenError, type CodegenErrorCode, introspectSchema } from '../src/index.js';
import { rejection } from './codegen-harness.js';
import { type GraphQLHandler, SECRET_FORMS, useFakeAdminApi } from './fake-admin-api.js';

const api = useFakeAdminApi({ afterAll, beforeAll, beforeEach });
const MB = 1024 * 1024;

const json =
  (body: unknown, status = 200): GraphQLHandler =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
const text =
  (body: string, contentType: string, status = 200): GraphQLHandler =>
  (response) => {
    response.writeHead(status, { 'content-type': contentType });
    response.end(body);
  };

/** Sends 1 MB chunks until the client hangs up; counts what it sent. */
function endless(status: number, sent: { bytes: number }): GraphQLHandler {
  const chunk = Buffer.alloc(MB, 'x');
  return (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    const pump = () => {
      while (!response.destroyed && sent.bytes < 500 * MB) {
        sent.bytes += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
    };
    pump();
  };
}

async function introspectionError(): Promise<CodegenError> {
  const error = await rejection(introspectSchema({ credentials: api().credentials }));
  expect(error).toBeInstanceOf(CodegenError);
  return error as CodegenError;
}

/** Every text of an error a user or a log may see: message, stack, JSON, and its causes'. */
function everything(error: Error): string {
  const parts = [JSON.stringify(error)];
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    parts.push(e.message, e.stack ?? '');
  return parts.join('\n');
}

describe('an introspection answer of any shape', () => {
  it.each<[string, CodegenErrorCode, GraphQLHandler, string]>([
    [
      '"errors" that is a string',
      'GRAPHQL_ERROR',
      json({ errors: 'introspection is off' }),
      'introspection is off',
    ],
    [
      '"errors" that is an object',
      'GRAPHQL_ERROR',
      json({ errors: { message: 'denied' } }),
      'denied',
    ],
    [
      '"errors" that lists no objects',
      'GRAPHQL_ERROR',
      json({ errors: [42, 'denied', null] }),
      '42; denied; null',
    ],
    [
      '"errors" saying UNAUTHENTICATED',
      'UNAUTHENTICATED',
      json({ errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] }),
      'refused',
    ],
    ['no "data"', 'INTROSPECTION_FAILED', json({}), '"data"'],
    ['"data" that is null', 'INTROSPECTION_FAILED', json({ data: null }), '"data"'],
    ['no "data.__schema"', 'INTROSPECTION_FAILED', json({ data: {} }), '"data.__schema"'],
    [
      '"data.__schema" that is a number',
      'INTROSPECTION_FAILED',
      json({ data: { __schema: 5 } }),
      '"data.__schema"',
    ],
    [
      '"data.__schema" without types',
      'INTROSPECTION_FAILED',
      json({ data: { __schema: {} } }),
      '"data.__schema.types"',
    ],
    [
      '"data.__schema" with a malformed type',
      'INTROSPECTION_FAILED',
      json({
        data: {
          __schema: {
            queryType: { name: 'Query' },
            types: [{ kind: 'OBJECT', name: 'Query', fields: 'none', interfaces: [] }],
            directives: [],
          },
        },
      }),
      'malformed',
    ],
    ['JSON that is not an object', 'INTROSPECTION_FAILED', json(['schema']), 'not an object'],
    [
      'a body that is not JSON',
      'INTROSPECTION_FAILED',
      text('schema follows', 'text/plain'),
      'not JSON',
    ],
    [
      'an HTML page',
      'INTROSPECTION_FAILED',
      text('<html><body>Sign in</body></html>', 'text/html'),
      'HTML page',
    ],
    ['an empty body', 'INTROSPECTION_FAILED', text('', 'application/json'), 'empty body'],
    [
      'HTTP 502 and an HTML page',
      'HTTP_ERROR',
      text('<h1>Bad gateway</h1>', 'text/html', 502),
      'HTTP 502',
    ],
    ['HTTP 401', 'UNAUTHENTICATED', text('', 'text/plain', 401), 'HTTP 401'],
    ['HTTP 403', 'HTTP_ERROR', text('', 'text/plain', 403), 'HTTP 403'],
    [
      'HTTP 404 (no GraphQL endpoint there)',
      'HTTP_ERROR',
      text('Not Found', 'text/plain', 404),
      'check ADMIN_API_BASE_URL (the GraphQL host, not the token host)',
    ],
    [
      'HTTP 400 with GraphQL errors',
      'GRAPHQL_ERROR',
      json({ errors: [{ message: 'bad query' }] }, 400),
      'bad query',
    ],
  ])(
    'with %s is a %s error naming the endpoint and what was wrong',
    async (_, code, handler, saying) => {
      api().answer(handler);
      const error = await introspectionError();
      expect(error.code).toBe(code);
      expect(error.message).toContain(api().endpoint);
      expect(error.message).toContain(saying);
    },
  );

  it('with a redirect is REDIRECT_REFUSED, and the token goes nowhere else', async () => {
    api().answer((response) => {
      response.writeHead(307, { location: '/elsewhere/graphql' }).end();
    });
    const error = await introspectionError();
    expect(error.code).toBe('REDIRECT_REFUSED');
    expect(error.message).toContain(`HTTP 307 to ${api().baseUrl}/elsewhere/graphql`);
    expect(api().requests).toEqual(['POST /api/admin/oauth/token', 'POST /api/v2/admin/graphql']);
  });

  it('that never ends is read up to 50 MB, then given up', async () => {
    const sent = { bytes: 0 };
    api().answer(endless(200, sent));
    const error = await introspectionError();
    expect(error.code).toBe('INTROSPECTION_FAILED');
    expect(error.message).toContain('more than 50 MB');
    expect(sent.bytes).toBeLessThan(100 * MB);
  });

  it('that declares more than 50 MB is refused without being read', async () => {
    api().answer((response) => {
      response.writeHead(200, { 'content-length': String(60 * MB) });
      response.write('{');
    });
    expect((await introspectionError()).code).toBe('INTROSPECTION_FAILED');
  });

  it('that is an error page without end is read only for its first few KB', async () => {
    const sent = { bytes: 0 };
    api().answer(endless(500, sent));
    const error = await introspectionError();
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.status).toBe(500);
    expect(sent.bytes).toBeLessThan(100 * MB);
  });
});

describe('an introspection request without a complete answer', () => {
  it('is TIMEOUT when no answer comes within timeoutMs', async () => {
    api().answer(() => {});
    const error = await rejection(
      introspectSchema({ credentials: api().credentials, timeoutMs: 200 }),
    );
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('TIMEOUT');
  });

  it('is NETWORK_ERROR when the connection drops', async () => {
    api().answer((response) => response.socket?.destroy());
    expect((await introspectionError()).code).toBe('NETWORK_ERROR');
  });
});

describe('an introspection answer nested 100,000 levels deep', () => {
  const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

  it.each([
    ['"errors" holding it in a list', 'GRAPHQL_ERROR', `{"errors":[${deep}]}`],
    ['"errors" that is it', 'GRAPHQL_ERROR', `{"errors":${deep}}`],
    [
      'a type in "data.__schema"',
      'INTROSPECTION_FAILED',
      `{"data":{"__schema":{"queryType":{"name":"Query"},"directives":[],"types":[${deep}]}}}`,
    ],
  ])('in %s is a %s error, never a RangeError', async (_, code, body) => {
    api().answer(text(body, 'application/json'));
    const error = await introspectionError();
    expect(error.code).toBe(code);
    expect(error.message.length).toBeLessThan(1_000);
  });
});

describe('introspection errors never leak', () => {
  it('the token, the secret in any encoding, or a JWT or Bearer credential a server echoes', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhcHAtMTIzIn0.c2lnbmF0dXJlLXZhbHVl';
    api().answer((response) =>
      json({
        errors: [
          { message: `token ${api().token} is not valid here` },
          { message: `request was client_id=fake-app&client_secret=${SECRET_FORMS[1]}` },
          { message: `secret ${SECRET_FORMS[0]} / ${SECRET_FORMS[2]}` },
          { message: `also seen: ${jwt} and Bearer abc.def-ghi` },
        ],
      })(response, ''),
    );
    const error = await introspectionError();
    expect(error.code).toBe('GRAPHQL_ERROR');
    const seen = everything(error);
    for (const secret of [api().token, ...SECRET_FORMS, jwt, 'abc.def-ghi']) {
      expect(seen).not.toContain(secret);
    }
    expect(error.message).toContain('is not valid here');
  });

  it('the token a server echoes in an error page', async () => {
    api().answer((response) =>
      text(`no access for ${api().token}`, 'text/plain', 500)(response, ''),
    );
    const error = await introspectionError();
    expect(error.message).toContain('no access for [redacted]');
    expect(everything(error)).not.toContain(api().token);
  });
});

describe('introspectSchema with the two hosts mixed up', () => {
  it.each([
    ['one origin for both', (c: { authUrl: string; baseUrl: string }) => ({ authUrl: c.baseUrl })],
    [
      'authUrl at the GraphQL endpoint',
      (c: { authUrl: string; baseUrl: string }) => ({
        authUrl: `${c.authUrl}/api/v2/admin/graphql`,
      }),
    ],
  ])('%s: refuses with INVALID_OPTION before sending the secret anywhere', async (_case, mixUp) => {
    const credentials = { ...api().credentials, ...mixUp(api().credentials) };
    const error = await rejection(introspectSchema({ credentials }));
    expect(error).toBeInstanceOf(CodegenError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect(api().requests).toEqual([]);
  });
});

describe('introspectSchema with a plain http:// host', () => {
  it('refuses with INSECURE_URL, offering a loopback host, not an option codegen does not have', async () => {
    const credentials = { ...api().credentials, baseUrl: 'http://graphql.example' };
    const error = await rejection(introspectSchema({ credentials }));
    expect(error).toMatchObject({ code: 'INSECURE_URL' });
    expect(error.message).toContain('Use https://, or http:// to a loopback host');
    expect(error.message).not.toContain('allowInsecureHttp');
    expect(api().requests).toEqual([]);
  });
});
