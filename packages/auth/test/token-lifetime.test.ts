import { describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  createMemoryTokenStore,
  createTokenProvider,
  requestToken,
  TokenRequestError,
} from '../src/index.js';
import { MAX_EXPIRES_IN_S } from '../src/process-token-response.js';
import { readRequestBody, rejection, startServer } from './fixtures.js';

/**
 * A token host on an injected clock: each request advances the clock by `delayMs` before the
 * answer, a token valid for `expiresIn` seconds.
 */
async function slowTokenHost(clock: { now: number }, delayMs: number, expiresIn: number) {
  return startServer(async (req, res) => {
    await readRequestBody(req);
    clock.now += delayMs;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ access_token: 'token-1', token_type: 'Bearer', expires_in: expiresIn }),
    );
  });
}

describe('a token that expired before its answer arrived', () => {
  it('is refused by requestToken as INVALID_RESPONSE, without a retry', async () => {
    const clock = { now: 1_000_000 };
    const host = await slowTokenHost(clock, 1_500, 1);
    const error = await rejection(
      requestToken({
        authUrl: host.url,
        clientId: 'id',
        clientSecret: 'secret-value',
        now: () => clock.now,
      }),
    );
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200, attempts: 1 });
    expect(host.requests).toBe(1);
    await host.close();
  });

  it('is never handed out by a provider, which reports a failed refresh and caches nothing', async () => {
    const clock = { now: 1_000_000 };
    const host = await slowTokenHost(clock, 1_500, 1);
    const events: AuthEvent[] = [];
    const store = createMemoryTokenStore();
    const tokens = createTokenProvider({
      authUrl: host.url,
      clientId: 'id',
      clientSecret: 'secret-value',
      now: () => clock.now,
      onEvent: (event) => events.push(event),
      store,
    });
    const error = await rejection(tokens.getToken());
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(events.map((event) => event.type)).toContain('refresh_failed');
    expect(await store.get()).toBeUndefined();
    await host.close();
  });

  it('is handed out while it still has time left, however little', async () => {
    const clock = { now: 1_000_000 };
    const host = await slowTokenHost(clock, 999, 1);
    await expect(
      requestToken({
        authUrl: host.url,
        clientId: 'id',
        clientSecret: 'secret-value',
        now: () => clock.now,
      }),
    ).resolves.toMatchObject({ accessToken: 'token-1', expiresAt: 1_001_000 });
    await host.close();
  });
});

describe('an expires_in beyond what a timer can count down', () => {
  it.each([
    ['2^53 - 1', Number.MAX_SAFE_INTEGER],
    ['one more second than the bound', MAX_EXPIRES_IN_S + 1],
  ])('(%s) is clamped to 2^31 - 1 ms in whole seconds', async (_, expiresIn) => {
    const clock = { now: 1_000_000 };
    const host = await slowTokenHost(clock, 0, expiresIn);
    const token = await requestToken({
      authUrl: host.url,
      clientId: 'id',
      clientSecret: 'secret-value',
      now: () => clock.now,
    });
    expect(token).toMatchObject({
      expiresIn: MAX_EXPIRES_IN_S,
      expiresAt: 1_000_000 + MAX_EXPIRES_IN_S * 1000,
    });
    expect(token.expiresAt - clock.now).toBeLessThanOrEqual(2 ** 31 - 1);
    await host.close();
  });
});
