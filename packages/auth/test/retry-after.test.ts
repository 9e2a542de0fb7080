import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  createTokenProvider,
  requestToken,
  TokenRequestError,
} from '../src/index.js';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../src/internal.js';
import { FAST_RETRY, readRequestBody, rejection, startServer } from './fixtures.js';

const NOW = Date.UTC(2030, 0, 2, 3, 4, 5);

/** A token host that answers each request with the next of `answers`, then a token. */
async function scriptedHost(...answers: ((res: ServerResponse) => void)[]) {
  return startServer(async (req, res) => {
    await readRequestBody(req);
    const answer = answers.shift();
    if (answer) return answer(res);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: 'token-1', token_type: 'Bearer', expires_in: 3600 }));
  });
}
const credentialsFor = (host: { url: string }) => ({
  authUrl: host.url,
  clientId: 'id',
  clientSecret: 'secret-value',
});
const unavailable = (retryAfter: string) => (res: ServerResponse) =>
  res.writeHead(503, { 'retry-after': retryAfter }).end('down');
const slowDown = (retryAfter?: string) => (res: ServerResponse) => {
  const headers = { 'content-type': 'application/json' };
  res.writeHead(429, retryAfter ? { ...headers, 'retry-after': retryAfter } : headers);
  res.end('{"error":"slow_down"}');
};

/**
 * The delay of the first retry that `requestToken` schedules; the call is then aborted, so the
 * test waits for no timer.
 */
async function firstRetryDelay(answer: (res: ServerResponse) => void): Promise<number> {
  const host = await scriptedHost(answer);
  const controller = new AbortController();
  const events: AuthEvent[] = [];
  const error = await rejection(
    requestToken({
      ...credentialsFor(host),
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 10_000 },
      now: () => NOW,
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'token_retry') controller.abort();
      },
    }),
  );
  expect(error).toMatchObject({ code: 'ABORTED' });
  expect(host.requests).toBe(1);
  await host.close();
  const retry = events.find((event) => event.type === 'token_retry');
  return retry?.type === 'token_retry' ? retry.delayMs : Number.NaN;
}

describe("the token host's Retry-After", () => {
  it('in seconds, on a 503, is waited out before the retry instead of the shorter backoff', async () => {
    expect(await firstRetryDelay(unavailable('3'))).toBe(3000);
  });

  it('as an HTTP-date, on a 429, is read against the injected clock and waited out', async () => {
    const date = new Date(NOW + 4000).toUTCString();
    expect(await firstRetryDelay(slowDown(date))).toBe(4000);
  });

  it('longer than retry.maxDelayMs ends the retries at once, and the error says how long to wait', async () => {
    const host = await scriptedHost(unavailable('30'));
    const error = await rejection(requestToken(credentialsFor(host)));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 503, retryAfterMs: 30_000 });
    expect((error as Error).message).toContain(
      'try again later. The token host asks for 30 s before the next request.',
    );
    expect(host.requests).toBe(1);
    await host.close();
  });

  it('longer than what is left of timeoutMs ends the retries at once with what the host said, not a TIMEOUT', async () => {
    const host = await scriptedHost(unavailable('5'));
    const error = await rejection(
      requestToken({
        ...credentialsFor(host),
        retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 60_000 },
        timeoutMs: 2_000,
      }),
    );
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 503, retryAfterMs: 5_000 });
    expect(host.requests).toBe(1);
    await host.close();
  });

  it('lets a 429 be retried once its wait is over, and a 429 without one is not retried', async () => {
    const host = await scriptedHost(slowDown('0'), slowDown());
    const options = credentialsFor(host);
    await expect(requestToken({ ...options, retry: FAST_RETRY })).rejects.toMatchObject({
      code: 'OAUTH_ERROR',
      status: 429,
      attempts: 2,
    });
    expect(host.requests).toBe(2);
    await host.close();
  });

  it("keeps a provider from asking again before it, up to the provider's 60 s backoff ceiling", async () => {
    const host = await scriptedHost(unavailable('30'), unavailable('120'));
    const clock = { now: NOW };
    const tokens = createTokenProvider({
      ...credentialsFor(host),
      retry: false,
      now: () => clock.now,
    });
    await expect(tokens.getToken()).rejects.toMatchObject({ code: 'HTTP_ERROR' });
    clock.now += 29_000;
    await expect(tokens.getToken()).rejects.toMatchObject({ code: 'HTTP_ERROR' });
    expect(host.requests).toBe(1);
    clock.now += 1_000;
    await expect(tokens.getToken()).rejects.toMatchObject({ retryAfterMs: 120_000 });
    expect(host.requests).toBe(2);
    // 120 s asked for; the provider's backoff ends at 60 s at most.
    clock.now += 59_000;
    await expect(tokens.getToken()).rejects.toMatchObject({ code: 'HTTP_ERROR' });
    expect(host.requests).toBe(2);
    clock.now += 1_000;
    await expect(tokens.getToken()).resolves.toMatchObject({ accessToken: 'token-1' });
    expect(host.requests).toBe(3);
    await host.close();
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['delta-seconds', '7', 7000],
    ['an IMF-fixdate', new Date(NOW + 2000).toUTCString(), 2000],
    ['a date in the past', new Date(NOW - 2000).toUTCString(), 0],
    ['a fraction', '1.5', undefined],
    ['what only a lenient parser takes for a date', 'soon 12', undefined],
    ['a negative number', '-1', undefined],
    ['an absurdly long wait', '9'.repeat(40), MAX_RETRY_AFTER_MS],
  ])('reads %s untrusted, bounded', (_, value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});
