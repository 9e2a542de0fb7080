import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  ConfigurationError,
  createTokenProvider,
  type TokenProviderOptions,
  TokenRequestError,
} from '../src/index.js';
import { FAST_RETRY, rejection } from './fixtures.js';

// One clock shared by the emulator and the providers, so expiry is reached without waiting.
let clock = Date.UTC(2026, 10, 22);
const now = () => clock;
const LIFETIME_MS = 1_000_000;
const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { now, tokenLifetimeS: LIFETIME_MS / 1000, rateLimit: false },
);

const provider = (extra: Partial<TokenProviderOptions> = {}) =>
  createTokenProvider({ ...emulatorCredentials(emulator()), now, retry: FAST_RETRY, ...extra });

/**
 * Records a provider's events and lets a test wait for the ones a background refresh emits, so
 * no test polls or sleeps. Providers built with it send one request per refresh (`retry: false`).
 */
function recorder() {
  const events: AuthEvent[] = [];
  const waiters: { types: AuthEvent['type'][]; resolve: (event: AuthEvent) => void }[] = [];
  const count = (...types: AuthEvent['type'][]) =>
    events.filter((e) => types.includes(e.type)).length;
  const next = (...types: AuthEvent['type'][]) =>
    new Promise<AuthEvent>((resolve) => waiters.push({ types, resolve }));
  return {
    events,
    options: {
      retry: false,
      onEvent: (event: AuthEvent) => {
        events.push(event);
        for (const waiter of [...waiters]) {
          if (!waiter.types.includes(event.type)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      },
    } satisfies Partial<TokenProviderOptions>,
    /** Resolves once every token request started so far has ended in a token or a failure. */
    async idle() {
      while (count('token_acquired', 'refresh_failed') < count('token_request')) {
        await next('token_acquired', 'refresh_failed');
      }
    },
  };
}

const tokenHostDown = () => {
  emulator().faults.random = (target) => (target === 'token' ? { status: 503 } : undefined);
};

describe('createTokenProvider', () => {
  it('caches the token: a second call sends no request', async () => {
    const tokens = provider();
    const first = await tokens.getToken();
    const second = await tokens.getToken();
    expect(second).toBe(first);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('1,000 concurrent calls at a cold start cause exactly one token request', async () => {
    const tokens = provider();
    const results = await Promise.all(Array.from({ length: 1000 }, () => tokens.getToken()));
    expect(new Set(results.map((t) => t.accessToken)).size).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('1,000 concurrent calls after expiry cause exactly one more token request', async () => {
    const tokens = provider();
    const old = await tokens.getToken();
    clock = old.expiresAt + 1;
    const results = await Promise.all(Array.from({ length: 1000 }, () => tokens.getToken()));
    expect(new Set(results.map((t) => t.accessToken))).toEqual(new Set([results[0]?.accessToken]));
    expect(results[0]?.accessToken).not.toBe(old.accessToken);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('inside the refresh margin it serves the cached token and refreshes in the background', async () => {
    const log = recorder();
    const tokens = provider(log.options);
    const old = await tokens.getToken();
    // Lifetime 1000 s: the margin is min(300 s, 100 s) = 100 s, the final window 30 s.
    clock = old.expiresAt - 101_000;
    expect(await tokens.getToken()).toBe(old);
    expect(emulator().stats.tokenRequests).toBe(1);

    clock = old.expiresAt - 99_000;
    expect((await tokens.getToken()).accessToken).toBe(old.accessToken);
    await log.idle();
    const fresh = await tokens.getToken();
    expect(fresh.accessToken).not.toBe(old.accessToken);
    expect(fresh.expiresAt).toBe(clock + LIFETIME_MS);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('at 99.9% of the lifetime it waits for a new token instead of handing out one about to expire', async () => {
    const tokens = provider();
    const old = await tokens.getToken();
    clock = old.expiresAt - 1_000;
    const token = await tokens.getToken();
    expect(token.accessToken).not.toBe(old.accessToken);
    expect(token.expiresAt - clock).toBe(LIFETIME_MS);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it.each([
    // [margin option, seconds before expiry, waits for the new token]
    [undefined, 31, false],
    [undefined, 29, true],
    [20, 11, false],
    [20, 9, true],
  ] as const)(
    'the final window is the smaller of 30 s and half the margin (margin %s s, %i s left: waits %s)',
    async (refreshMarginS, secondsLeft, waits) => {
      const log = recorder();
      const tokens = provider({ ...log.options, refreshMarginS });
      const old = await tokens.getToken();
      clock = old.expiresAt - secondsLeft * 1000;
      const token = await tokens.getToken();
      expect(token.accessToken !== old.accessToken).toBe(waits);
      await log.idle();
      expect(emulator().stats.tokenRequests).toBe(2);
    },
  );

  it('uses a configured refresh margin', async () => {
    const log = recorder();
    const tokens = provider({ ...log.options, refreshMarginS: 200 });
    const old = await tokens.getToken();
    clock = old.expiresAt - 199_000;
    await tokens.getToken();
    await log.idle();
    expect(emulator().stats.tokensIssued).toBe(2);
  });

  it('a refresh margin at or above the lifetime is capped at half of it, so early calls send no request', async () => {
    const log = recorder();
    const tokens = provider({ ...log.options, refreshMarginS: 5_000 });
    const first = await tokens.getToken();
    for (let i = 0; i < 10; i++) {
      clock += 10_000;
      await tokens.getToken();
      await log.idle();
    }
    expect(emulator().stats.tokenRequests).toBe(1);
    clock = first.expiresAt - LIFETIME_MS / 2 + 1;
    await tokens.getToken();
    await log.idle();
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('a failed background refresh keeps serving the valid token, reports it, and backs off instead of retrying on every call', async () => {
    const log = recorder();
    const tokens = provider(log.options);
    const old = await tokens.getToken();
    clock = old.expiresAt - 90_000;
    tokenHostDown();
    for (let i = 0; i < 20; i++) {
      expect((await tokens.getToken()).accessToken).toBe(old.accessToken);
      await log.idle();
    }
    expect(emulator().stats.tokenRequests).toBe(2);
    const failed = log.events.filter((e) => e.type === 'refresh_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ servingCachedToken: true, failures: 1 });
    const retryAt = failed[0]?.type === 'refresh_failed' ? failed[0].retryAt : 0;
    expect(retryAt).toBeGreaterThan(clock);

    // Once the backoff has passed, one more attempt; it fails too, and the next wait is longer.
    clock = retryAt;
    await tokens.getToken();
    await log.idle();
    expect(emulator().stats.tokenRequests).toBe(3);
    expect(log.events.at(-1)).toMatchObject({ type: 'refresh_failed', failures: 2 });

    emulator().faults.random = undefined;
    clock = old.expiresAt - 35_000;
    await tokens.getToken();
    await log.idle();
    expect((await tokens.getToken()).accessToken).not.toBe(old.accessToken);
  });

  it('in the final window with the token host down, callers get the still-valid token and attempts back off', async () => {
    const log = recorder();
    const tokens = provider(log.options);
    const old = await tokens.getToken();
    clock = old.expiresAt - 10_000;
    tokenHostDown();
    for (let i = 0; i < 20; i++) {
      expect((await tokens.getToken()).accessToken).toBe(old.accessToken);
    }
    expect(emulator().stats.tokenRequests).toBe(2);
    expect(log.events.filter((e) => e.type === 'refresh_failed')).toHaveLength(1);
  });

  it('a failed fetch rejects every waiter once, is not cached, and the first call after the backoff tries again', async () => {
    const log = recorder();
    const tokens = provider(log.options);
    emulator().faults.token.push({ status: 500 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => tokens.getToken()));
    expect(
      results.every((r) => r.status === 'rejected' && r.reason instanceof TokenRequestError),
    ).toBe(true);
    expect(emulator().stats.tokenRequests).toBe(1);
    const failed = log.events.find((e) => e.type === 'refresh_failed');
    clock = failed?.type === 'refresh_failed' ? failed.retryAt : Number.NaN;
    await expect(tokens.getToken()).resolves.toMatchObject({ tokenType: 'Bearer' });
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('after expiry with the token host down, sequential calls inside the backoff fail fast with the last error instead of each sending a request', async () => {
    const log = recorder();
    const tokens = provider(log.options);
    const old = await tokens.getToken();
    clock = old.expiresAt + 1;
    tokenHostDown();
    const first = await rejection(tokens.getToken());
    expect(first).toBeInstanceOf(TokenRequestError);
    expect(first).toMatchObject({ code: 'HTTP_ERROR', status: 503 });
    expect(emulator().stats.tokenRequests).toBe(2);

    const failed = log.events.find((e) => e.type === 'refresh_failed');
    const retryAt = failed?.type === 'refresh_failed' ? failed.retryAt : Number.NaN;
    expect(failed).toMatchObject({ servingCachedToken: false, failures: 1 });
    for (let i = 0; i < 20; i++) {
      clock = Math.min(clock + 10, retryAt - 1);
      const error = await rejection(tokens.getToken());
      expect(error).toBeInstanceOf(TokenRequestError);
      expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 503, cause: first });
    }
    expect(emulator().stats.tokenRequests).toBe(2);

    // Once the backoff has passed, one more request; it fails too, and the next wait is longer.
    clock = retryAt;
    await rejection(tokens.getToken());
    expect(emulator().stats.tokenRequests).toBe(3);
    expect(log.events.at(-1)).toMatchObject({ type: 'refresh_failed', failures: 2 });
    const second = log.events.at(-1);
    const nextRetryAt = second?.type === 'refresh_failed' ? second.retryAt : Number.NaN;
    expect(nextRetryAt - clock).toBeGreaterThanOrEqual(1_000);

    emulator().faults.random = undefined;
    clock = nextRetryAt;
    expect((await tokens.getToken()).accessToken).not.toBe(old.accessToken);
    expect(emulator().stats.tokenRequests).toBe(4);
  });

  it('invalidate with a stale token does nothing', async () => {
    const tokens = provider();
    const current = await tokens.getToken();
    await tokens.invalidate('some-older-token');
    expect(await tokens.getToken()).toBe(current);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('a burst of invalidations for the same rejected token causes one refresh', async () => {
    const tokens = provider();
    const rejected = await tokens.getToken();
    const fresh = await Promise.all(
      Array.from({ length: 100 }, async () => {
        await tokens.invalidate(rejected.accessToken);
        return tokens.getToken();
      }),
    );
    expect(new Set(fresh.map((t) => t.accessToken)).size).toBe(1);
    expect(fresh[0]?.accessToken).not.toBe(rejected.accessToken);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('invalidate() without a token always forces a new one', async () => {
    const tokens = provider();
    const first = await tokens.getToken();
    await tokens.invalidate();
    expect((await tokens.getToken()).accessToken).not.toBe(first.accessToken);
  });

  it('a caller that aborts stops waiting while the shared request goes on for the others', async () => {
    const tokens = provider();
    emulator().faults.token.push({ delayMs: 200 });
    const controller = new AbortController();
    const aborted = tokens.getToken({ signal: controller.signal });
    const patient = tokens.getToken();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ code: 'ABORTED' });
    await expect(patient).resolves.toMatchObject({ tokenType: 'Bearer' });
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it.each([
    ['a negative refreshMarginS', { refreshMarginS: -1 }, 'refreshMarginS'],
    ['timeoutMs 0', { timeoutMs: 0 }, 'timeoutMs'],
    ['timeoutMs NaN', { timeoutMs: Number.NaN }, 'timeoutMs'],
    ['timeoutMs above the timer maximum', { timeoutMs: 2 ** 31 }, 'timeoutMs'],
    ['negative retries', { retry: { retries: -1 } }, 'retry.retries'],
    ['fractional retries', { retry: { retries: 1.5 } }, 'retry.retries'],
    [
      'an infinite baseDelayMs',
      { retry: { baseDelayMs: Number.POSITIVE_INFINITY } },
      'retry.baseDelayMs',
    ],
    ['an empty authUrl', { authUrl: '' }, 'authUrl'],
  ] as const)('rejects %s at creation, naming the option', (_, bad, name) => {
    let error: unknown;
    try {
      provider(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect((error as Error).message).toContain(`"${name}"`);
    expect(emulator().stats.tokenRequests).toBe(0);
  });
});
