import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppSessionStore, createMemorySessionStore, type SessionStore } from '../src/index.js';
import { appFor, install, startStores, testClock } from './support/app-fixture.js';

const ME = '{ getMerchant { id } }';
const LIFETIME_MS = 14_400_000;

/** The memory store with its lock lifetime and its behaviour under the lock replaced. */
function storeWith(
  lockLifetimeMs: number,
  change: (inner: AppSessionStore) => Partial<AppSessionStore>,
): SessionStore {
  const memory = createMemorySessionStore();
  return {
    open(app) {
      const inner = memory.open(app);
      return {
        ...inner,
        saveState: (state) => inner.saveState(state),
        consumeState: (state) => inner.consumeState(state),
        get: (storeName) => inner.get(storeName),
        set: (session, options) => inner.set(session, options),
        markNeedsReinstall: (...args) => inner.markNeedsReinstall(...args),
        delete: (storeName) => inner.delete(storeName),
        withRefreshLock: (storeName, task, options) =>
          inner.withRefreshLock(storeName, task, options),
        ...change(inner),
        lockLifetimeMs,
      };
    },
  };
}

describe('a refresh stays inside its lock’s lifetime', () => {
  const clock = testClock();
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startStores(clock, { rateLimit: false });
  });
  afterAll(() => emulator.close());

  it('a refresh whose re-read under the lock used up half the lock’s lifetime is not sent', async () => {
    let locked = false;
    const sessions = storeWith(400, (inner) => ({
      async get(storeName) {
        // Under the lock the store answers slowly, as a Redis latency spike would.
        if (locked) await new Promise((resolve) => setTimeout(resolve, 250));
        return inner.get(storeName);
      },
      withRefreshLock: (storeName, task, options) =>
        inner.withRefreshLock(
          storeName,
          async () => {
            locked = true;
            try {
              return await task();
            } finally {
              locked = false;
            }
          },
          options,
        ),
    }));
    const { app, events } = appFor(emulator, clock, { sessions });
    await install(app, 'acme');
    const before = emulator.store('acme').stats.tokenRequests;
    clock.advance(LIFETIME_MS + 1);
    await expect(app.client('acme').request(ME)).rejects.toMatchObject({
      code: 'TOKEN_REQUEST_FAILED',
      cause: expect.objectContaining({ code: 'TIMEOUT' }),
    });
    expect(emulator.store('acme').stats.tokenRequests).toBe(before);
    expect(events.some((e) => e.type === 'app_refresh_failed')).toBe(true);
  });

  it('a session store whose lock never answers fails the call after twice the lock’s lifetime, never hangs it', async () => {
    const sessions = storeWith(50, () => ({
      withRefreshLock: () => new Promise<never>(() => {}),
    }));
    const { app } = appFor(emulator, clock, { sessions });
    await install(app, 'globex');
    clock.advance(LIFETIME_MS + 1);
    await expect(app.client('globex').request(ME)).rejects.toMatchObject({
      code: 'TOKEN_REQUEST_FAILED',
      cause: expect.objectContaining({ code: 'TIMEOUT' }),
    });
  });

  it('a session store whose reads never answer fails the call after the lock’s lifetime, never hangs it', async () => {
    let hung = false;
    const sessions = storeWith(50, (inner) => ({
      get: (storeName) => (hung ? new Promise<never>(() => {}) : inner.get(storeName)),
    }));
    const { app } = appFor(emulator, clock, { sessions });
    await install(app, 'acme');
    hung = true;
    await expect(app.client('acme').request(ME)).rejects.toMatchObject({
      code: 'TOKEN_REQUEST_FAILED',
      cause: expect.objectContaining({ code: 'TIMEOUT' }),
    });
  });
});
