import { describe, expect, it } from 'vitest';
import { type AuthEvent, createTokenProvider, TokenRequestError } from '../src/index.js';
import { rejection, useTokenHost } from './fixtures.js';

const tokenHost = useTokenHost();
/** A token host that answers 503 to the first request and a token to the others. */
const flakyTokenHost = () => tokenHost((n) => (n === 1 ? 503 : 200));

describe('a token request every caller has left', () => {
  it('is abandoned with its backoff timer, and the failure it saw backs off the next calls as any failure does', async () => {
    const host = await flakyTokenHost();
    let clock = 1_000_000;
    const controller = new AbortController();
    const events: AuthEvent[] = [];
    // The signal of each token request: the backoff between attempts waits on it too.
    const signals: AbortSignal[] = [];
    const tokens = createTokenProvider({
      fetch: (url, init) => {
        if (init?.signal) signals.push(init.signal);
        return fetch(url, init);
      },
      now: () => clock,
      authUrl: host.url,
      clientId: 'id',
      clientSecret: 'secret-value',
      // A long backoff: the caller leaves while the request waits to retry.
      retry: { retries: 2, baseDelayMs: 60_000, maxDelayMs: 60_000 },
      timeoutMs: 120_000,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'token_retry') {
          queueMicrotask(() => controller.abort());
        }
      },
    });
    const error = await rejection(tokens.getToken({ signal: controller.signal }));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'ABORTED' });
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    expect(events.filter((e) => e.type === 'refresh_failed')).toMatchObject([
      { error: { code: 'HTTP_ERROR', status: 503 }, failures: 1 },
    ]);
    // Callers whose deadlines are shorter than the retries must not escape the backoff: inside
    // it, the next call fails at once with the 503 and sends nothing.
    await expect(tokens.getToken()).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 503 });
    expect(host.requests).toBe(1);
    // A caller that has already aborted hears of its abort, not of the backoff.
    await expect(tokens.getToken({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'ABORTED',
    });
    clock += 61_000;
    await expect(tokens.getToken()).resolves.toMatchObject({ accessToken: 'token-2' });
    expect(host.requests).toBe(2);
  });
});
