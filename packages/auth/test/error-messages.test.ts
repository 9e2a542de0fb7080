import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestToken, TokenRequestError } from '../src/index.js';
import { readRequestBody, rejection, startServer } from './fixtures.js';

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The error of one token request to a host that answers with `answer`. */
async function failureOf(answer: ((res: ServerResponse) => void) | 'closed' | 'silent') {
  const host = await startServer(async (req, res) => {
    await readRequestBody(req);
    if (typeof answer === 'function') answer(res);
  });
  if (answer === 'closed') await host.close();
  const error = await rejection(
    requestToken({
      authUrl: host.url,
      clientId: 'id',
      clientSecret: 'secret-value',
      retry: false,
      // Short only where the host stays silent: elsewhere a busy machine must not turn an
      // answer into a TIMEOUT.
      timeoutMs: answer === 'silent' ? 200 : 30_000,
    }),
  );
  if (answer !== 'closed') await host.close();
  expect(error).toBeInstanceOf(TokenRequestError);
  return error as TokenRequestError;
}

describe('every token request error says what to do next', () => {
  it.each([
    ['TIMEOUT', 'silent', /Raise timeoutMs/],
    ['NETWORK_ERROR', 'closed', /Check connectivity, and that authUrl is the store's token host/],
    ['HTTP_ERROR', (res: ServerResponse) => res.writeHead(503).end(), /try again later/],
    ['HTTP_ERROR', (res: ServerResponse) => res.writeHead(404).end(), /check that authUrl/],
    ['HTTP_ERROR', (res: ServerResponse) => res.writeHead(429).end(), /wait before asking again/],
    [
      'INVALID_RESPONSE',
      (res: ServerResponse) => json(res, 200, { token_type: 'Bearer' }),
      /Check that authUrl is the store's token host/,
    ],
    [
      'OAUTH_ERROR',
      (res: ServerResponse) => json(res, 401, { error: 'invalid_client' }),
      /Check ADMIN_API_CLIENT_ID and ADMIN_API_CLIENT_SECRET/,
    ],
    [
      'OAUTH_ERROR',
      (res: ServerResponse) => json(res, 429, { error: 'slow_down' }),
      /wait before asking again/,
    ],
    [
      'OAUTH_ERROR',
      (res: ServerResponse) => json(res, 400, { error: 'invalid_scope' }),
      /gave no description: check authUrl/,
    ],
    [
      'OAUTH_ERROR',
      (res: ServerResponse) =>
        json(res, 400, { error: 'invalid_scope', error_description: 'scope x is unknown' }),
      /scope x is unknown\. See the error description\./,
    ],
  ] as const)('%s (%#) names the next step', async (code, answer, nextStep) => {
    const error = await failureOf(answer);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(nextStep);
  });

  it.each([
    ['a 429', 429],
    ['a 400 with an unknown error', 400],
  ])('an OAuth error without a description (%s) never points at one', async (_, status) => {
    const error = await failureOf((res) => json(res, status, { error: 'slow_down' }));
    expect(error.code).toBe('OAUTH_ERROR');
    expect(error.message).not.toContain('See the error description');
  });
});
