import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AccessToken,
  createTokenProvider,
  type RefreshTurn,
  type RefreshTurnRequest,
  type TokenProviderOptions,
  TokenRequestError,
  type TokenStore,
} from '../src/index.js';
import { sleep } from '../src/internal.js';
import { FAST_RETRY, rejection } from './fixtures.js';

let clock = Date.UTC(2026, 10, 22);
const now = () => clock;
const LIFETIME_MS = 1_000_000;
const emulator = useEmulator(
  { afterAll, beforeAll, beforeEach },
  { now, tokenLifetimeS: LIFETIME_MS / 1000, rateLimit: false },
);

/**
 * A live holder always releases its lease: a lifetime this long never lapses under it, however
 * slow a loaded machine makes its token request (at 200 ms, a slow one let a second fetch in).
 */
const LIVE_LEASE_MS = 60_000;

/**
 * The smallest shared store the seam allows, standing in for Redis: one token and one lease
 * that several providers ("processes") see, with the lease's lifetime counted in real time.
 */
function createSharedStore() {
  let token: AccessToken | undefined;
  let lease: { owner: symbol; expiresAt: number } | undefined;
  const leaseFree = () => !lease || Date.now() >= lease.expiresAt;
  const shared = {
    turns: 0,
    /** A holder that took the lease and died without releasing it: it lapses after `lapseMs`. */
    holdLeaseAsDeadProcess(lapseMs: number) {
      lease = { owner: Symbol('dead'), expiresAt: Date.now() + lapseMs };
    },
    store(): TokenStore {
      return {
        get: () => token,
        set: (value) => {
          token = value;
        },
        compareAndDelete(rejected) {
          if (token?.accessToken !== rejected) return false;
          token = undefined;
          return true;
        },
        async refreshTurn({ isFresh, signal }: RefreshTurnRequest): Promise<RefreshTurn> {
          shared.turns++;
          for (;;) {
            signal.throwIfAborted();
            if (token && isFresh(token)) return { kind: 'ready', token };
            if (leaseFree()) {
              const owner = Symbol('owner');
              lease = { owner, expiresAt: Date.now() + LIVE_LEASE_MS };
              return {
                kind: 'lease',
                release: () => {
                  if (lease?.owner === owner) lease = undefined;
                },
              };
            }
            await sleep(5, signal);
          }
        },
      };
    },
  };
  return shared;
}

const provider = (store: TokenStore, extra: Partial<TokenProviderOptions> = {}) =>
  createTokenProvider({
    ...emulatorCredentials(emulator()),
    now,
    retry: FAST_RETRY,
    store,
    ...extra,
  });

describe('a shared TokenStore (compareAndDelete and refreshTurn)', () => {
  it('ten providers starting at once make one token request', async () => {
    const shared = createSharedStore();
    const providers = Array.from({ length: 10 }, () => provider(shared.store()));
    const tokens = await Promise.all(providers.map((p) => p.getToken()));
    expect(new Set(tokens.map((t) => t.accessToken)).size).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('at expiry they make one more, and a provider handed a fresh token reports no token_acquired', async () => {
    const shared = createSharedStore();
    const acquired: string[] = [];
    const providers = Array.from({ length: 10 }, (_, i) =>
      provider(shared.store(), {
        onEvent: (event) => {
          if (event.type === 'token_acquired') acquired.push(String(i));
        },
      }),
    );
    const old = await providers[0]?.getToken();
    clock = (old?.expiresAt ?? 0) + 1;
    const fresh = await Promise.all(providers.map((p) => p.getToken()));
    expect(new Set(fresh.map((t) => t.accessToken)).size).toBe(1);
    expect(fresh[0]?.accessToken).not.toBe(old?.accessToken);
    expect(emulator().stats.tokenRequests).toBe(2);
    expect(acquired).toHaveLength(2);
  });

  it('a burst of invalidations of one stale token across providers clears it once and refreshes once', async () => {
    const shared = createSharedStore();
    const invalidated: string[] = [];
    const providers = Array.from({ length: 10 }, () =>
      provider(shared.store(), {
        onEvent: (event) => {
          if (event.type === 'token_invalidated') invalidated.push(event.tokenFingerprint);
        },
      }),
    );
    const stale = await providers[0]?.getToken();
    const fresh = await Promise.all(
      providers.map(async (p) => {
        await p.invalidate(stale?.accessToken);
        return p.getToken();
      }),
    );
    expect(new Set(fresh.map((t) => t.accessToken)).size).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(2);
    expect(invalidated).toHaveLength(1);
  });

  it('a lease held by a dead process delays the others until it lapses, then one of them fetches', async () => {
    const shared = createSharedStore();
    shared.holdLeaseAsDeadProcess(150);
    const providers = Array.from({ length: 5 }, () => provider(shared.store()));
    const tokens = await Promise.all(providers.map((p) => p.getToken()));
    expect(new Set(tokens.map((t) => t.accessToken)).size).toBe(1);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('a turn that never comes fails as TIMEOUT after timeoutMs, typed, without a token request', async () => {
    const store: TokenStore = {
      get: () => undefined,
      set: () => {},
      refreshTurn: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    };
    const error = await rejection(provider(store, { timeoutMs: 50 }).getToken());
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(emulator().stats.tokenRequests).toBe(0);
  });
});
