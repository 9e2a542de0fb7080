import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AuthEvent,
  createTokenProvider,
  type TokenProviderOptions,
  TokenRequestError,
} from '../src/index.js';
import { FAST_RETRY } from './fixtures.js';

// One clock shared by the emulator and the providers, so expiry can be reached without waiting.
let clock = Date.UTC(2026, 10, 22);
const now = () => clock;
const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { now, tokenLifetimeS: 1000, rateLimit: false },
);

const provider = (extra: Partial<TokenProviderOptions> = {}) =>
  createTokenProvider({ ...emulatorCredentials(emulator()), now, retry: FAST_RETRY, ...extra });

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

  it('refreshes inside the default margin (10% of a short lifetime) before the token expires', async () => {
    const tokens = provider();
    const old = await tokens.getToken();
    // Lifetime 1000 s: the margin is min(300 s, 100 s) = 100 s.
    clock = old.expiresAt - 101_000;
    expect(await tokens.getToken()).toBe(old);
    expect(emulator().stats.tokenRequests).toBe(1);

    clock = old.expiresAt - 99_000;
    // Still valid, so it is served at once while the refresh runs in the background.
    expect((await tokens.getToken()).accessToken).toBe(old.accessToken);
    await vi.waitFor(() => expect(emulator().stats.tokensIssued).toBe(2));
    const fresh = await tokens.getToken();
    expect(fresh.accessToken).not.toBe(old.accessToken);
    expect(fresh.expiresAt).toBe(clock + 1_000_000);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('uses a configured refresh margin', async () => {
    const tokens = provider({ refreshMarginS: 500 });
    const old = await tokens.getToken();
    clock = old.expiresAt - 499_000;
    await tokens.getToken();
    await vi.waitFor(() => expect(emulator().stats.tokensIssued).toBe(2));
  });

  it('a failed early refresh keeps serving the still-valid token and reports it', async () => {
    const events: AuthEvent[] = [];
    const tokens = provider({ onEvent: (e) => events.push(e), retry: false });
    const old = await tokens.getToken();
    clock = old.expiresAt - 10_000;
    emulator().faults.token.push({ status: 503 });
    expect((await tokens.getToken()).accessToken).toBe(old.accessToken);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'refresh_failed')).toBe(true));
    expect((await tokens.getToken()).accessToken).toBe(old.accessToken);
    await vi.waitFor(() => expect(emulator().stats.tokensIssued).toBe(2));
  });

  it('a failed fetch rejects every waiter once, is not cached, and the next call tries again', async () => {
    const tokens = provider({ retry: false });
    emulator().faults.token.push({ status: 500 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => tokens.getToken()));
    expect(
      results.every((r) => r.status === 'rejected' && r.reason instanceof TokenRequestError),
    ).toBe(true);
    expect(emulator().stats.tokenRequests).toBe(1);
    await expect(tokens.getToken()).resolves.toMatchObject({ tokenType: 'Bearer' });
    expect(emulator().stats.tokenRequests).toBe(2);
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

  it('rejects a negative refresh margin at creation', () => {
    expect(() => provider({ refreshMarginS: -1 })).toThrowError(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});
