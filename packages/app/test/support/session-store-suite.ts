import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSessionStore, SessionStore, StoreSession } from '../../src/session-store.js';

/** One engine's session store under test. */
export interface SessionStoreHarness {
  /**
   * A new, independent handle on the same shared state, as another process would have (its own
   * connection); the suite opens two to check what one process sees of the other's writes.
   */
  connect(): Promise<{ store: SessionStore; close(): Promise<void> }>;
  /**
   * Every byte the engine holds at rest for the app (keys and values, rows), as text: the suite
   * checks that no token, refresh token or secret appears in it. `undefined` for a store that
   * does not rest outside the process.
   */
  dumpAtRest?(): Promise<string>;
  close?(): Promise<void>;
}

const APP = {
  clientId: 'suite-client',
  clientSecret: `suite-secret-${randomBytes(8).toString('hex')}`,
  now: Date.now,
};

let sequence = 0;
/** A session with fresh random tokens for a fresh store name. */
export function sampleSession(overrides: Partial<StoreSession> = {}): StoreSession {
  sequence++;
  return {
    storeName: `store-${sequence}-${randomBytes(3).toString('hex')}`,
    merchantId: `merchant-${sequence}`,
    authorizedAppId: `authorized-${sequence}`,
    scope: 'read_products,read_orders',
    accessToken: `at_${randomBytes(24).toString('base64url')}`,
    refreshToken: `rt_${randomBytes(24).toString('base64url')}`,
    expiresAt: 1_900_000_000_000,
    expiresIn: 14_400,
    ...overrides,
  };
}

/**
 * The behaviour every {@link SessionStore} must have, run against one engine. Each engine's
 * package calls it with its harness; the engine's own tests add what only it can show (a
 * process killed holding the lock, encryption details).
 */
export function describeSessionStore(
  name: string,
  makeHarness: () => Promise<SessionStoreHarness>,
  options: { readonly restsOutsideProcess: boolean },
) {
  describe(`${name}: the SessionStore contract`, () => {
    let harness: SessionStoreHarness;
    let one: AppSessionStore;
    let two: AppSessionStore;
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      harness = await makeHarness();
      const a = await harness.connect();
      const b = await harness.connect();
      closers.push(a.close, b.close);
      one = a.store.open(APP);
      two = b.store.open(APP);
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await harness?.close?.();
    });

    it('a session stored by one process is read back whole by another', async () => {
      const session = sampleSession();
      expect(await one.set(session)).toBe(true);
      expect(await two.get(session.storeName)).toEqual({ status: 'installed', session });
      expect(await two.get('never-installed')).toBeUndefined();
    });

    it('a refresh writes only over the refresh token it replaces', async () => {
      const first = sampleSession();
      await one.set(first);
      const rotated = {
        ...sampleSession({ storeName: first.storeName }),
        merchantId: first.merchantId,
      };
      expect(await two.set(rotated, { replacing: first.refreshToken })).toBe(true);
      const stale = sampleSession({ storeName: first.storeName });
      expect(await one.set(stale, { replacing: first.refreshToken })).toBe(false);
      expect(await one.get(first.storeName)).toEqual({ status: 'installed', session: rotated });
      expect(await one.set(sampleSession(), { replacing: 'rt_none' })).toBe(false);
    });

    it('a store is marked for reinstall only while it holds the refused refresh token, and an install clears the mark', async () => {
      const session = sampleSession();
      await one.set(session);
      expect(await two.markNeedsReinstall(session.storeName, 'rt_other', 5)).toBe(false);
      expect(await two.markNeedsReinstall(session.storeName, session.refreshToken, 5)).toBe(true);
      expect(await one.get(session.storeName)).toEqual({
        status: 'needs_reinstall',
        storeName: session.storeName,
        since: 5,
      });
      expect(
        await one.set(sampleSession({ storeName: session.storeName }), {
          replacing: session.refreshToken,
        }),
      ).toBe(false);
      const reinstalled = sampleSession({ storeName: session.storeName });
      expect(await one.set(reinstalled)).toBe(true);
      expect(await two.get(session.storeName)).toEqual({
        status: 'installed',
        session: reinstalled,
      });
    });

    it('delete forgets a session and a reinstall mark', async () => {
      const session = sampleSession();
      await one.set(session);
      await two.delete(session.storeName);
      expect(await one.get(session.storeName)).toBeUndefined();
      await one.set(session);
      await one.markNeedsReinstall(session.storeName, session.refreshToken, 1);
      await two.delete(session.storeName);
      expect(await one.get(session.storeName)).toBeUndefined();
    });

    it('an install state is consumed once: the second use reads as reused, an unknown one as absent', async () => {
      const state = randomBytes(32).toString('base64url');
      const record = { state, storeName: 'acme', expiresAt: Date.now() + 600_000 };
      await one.saveState(record);
      expect(await two.consumeState(state)).toEqual({ record, alreadyUsed: false });
      expect(await one.consumeState(state)).toEqual({ record, alreadyUsed: true });
      expect(await one.consumeState(randomBytes(32).toString('base64url'))).toBeUndefined();
    });

    it('of many processes consuming one state at once, exactly one gets it first', async () => {
      const state = randomBytes(32).toString('base64url');
      await one.saveState({ state, storeName: 'acme', expiresAt: Date.now() + 600_000 });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).consumeState(state)),
      );
      expect(results.filter((result) => result?.alreadyUsed === false)).toHaveLength(1);
      expect(results.filter((result) => result?.alreadyUsed === true)).toHaveLength(9);
    });

    it('the refresh lock admits one holder per store at a time, across processes, and not across stores', async () => {
      const events: string[] = [];
      let inside = 0;
      let most = 0;
      const task = (label: string) => async () => {
        inside++;
        most = Math.max(most, inside);
        events.push(`in ${label}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`out ${label}`);
        inside--;
        return label;
      };
      const results = await Promise.all([
        one.withRefreshLock('lock-store', task('a')),
        two.withRefreshLock('lock-store', task('b')),
        one.withRefreshLock('lock-store', task('c')),
        two.withRefreshLock('lock-store', task('d')),
      ]);
      expect(results).toEqual(['a', 'b', 'c', 'd']);
      expect(most).toBe(1);
      for (let i = 0; i < events.length; i += 2) {
        expect(events[i + 1]).toBe(events[i]?.replace('in', 'out'));
      }
      let otherStoreRan = false;
      await one.withRefreshLock('lock-store', async () => {
        await two.withRefreshLock('another-store', async () => {
          otherStoreRan = true;
        });
      });
      expect(otherStoreRan).toBe(true);
    });

    it('a task that throws releases the lock and its error reaches the caller', async () => {
      await expect(
        one.withRefreshLock('throwing-store', async () => {
          throw new Error('task failed');
        }),
      ).rejects.toThrow('task failed');
      await expect(two.withRefreshLock('throwing-store', async () => 'next')).resolves.toBe('next');
    });

    it('a waiter whose signal aborts stops waiting; the holder keeps the lock', async () => {
      let releaseHolder: () => void = () => {};
      let holderInside: () => void = () => {};
      const inside = new Promise<void>((resolve) => {
        holderInside = resolve;
      });
      const holding = one.withRefreshLock(
        'abort-store',
        () =>
          new Promise<string>((resolve) => {
            holderInside();
            releaseHolder = () => resolve('holder');
          }),
      );
      await inside;
      const controller = new AbortController();
      const waiting = two.withRefreshLock('abort-store', async () => 'waiter', {
        signal: controller.signal,
      });
      controller.abort(new Error('gave up'));
      await expect(waiting).rejects.toThrow('gave up');
      releaseHolder();
      await expect(holding).resolves.toBe('holder');
      await expect(two.withRefreshLock('abort-store', async () => 'after')).resolves.toBe('after');
    });

    it('apps with other client ids do not see each other', async () => {
      const session = sampleSession();
      await one.set(session);
      const b = await harness.connect();
      closers.push(b.close);
      const otherApp = b.store.open({ ...APP, clientId: 'other-client' });
      expect(await otherApp.get(session.storeName)).toBeUndefined();
    });

    if (options.restsOutsideProcess)
      it('no token, refresh token or client secret rests in plain text', async () => {
        if (!harness.dumpAtRest)
          throw new Error('a store that rests outside the process needs dumpAtRest');
        const session = sampleSession();
        await one.set(session);
        const rotated = sampleSession({ storeName: session.storeName });
        await one.set(rotated, { replacing: session.refreshToken });
        const atRest = await harness.dumpAtRest();
        expect(atRest).toContain(session.storeName);
        for (const secret of [
          session.accessToken,
          session.refreshToken,
          rotated.accessToken,
          rotated.refreshToken,
          APP.clientSecret,
        ]) {
          expect(atRest).not.toContain(secret);
          expect(atRest).not.toContain(secret.slice(3, 20));
        }
      });
  });
}
