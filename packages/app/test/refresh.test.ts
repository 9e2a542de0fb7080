import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent, StoreClientEvent } from '../src/app-events.js';
import {
  createMemorySessionStore,
  MIN_REFRESH_AGE_RATIO,
  type SessionStore,
  StoreNeedsReinstallError,
  StoreTokenRejectedError,
} from '../src/index.js';
import { appFor, install, startStores, testClock } from './support/app-fixture.js';

const ME = '{ getMerchant { id } }';
const LIFETIME_MS = 14_400_000;

describe('a store’s tokens are refreshed with its rotating refresh token', () => {
  const clock = testClock();
  let emulator: Emulator;
  let sessions: SessionStore;
  const acme = () => {
    const store = emulator.stores.acme;
    if (!store) throw new Error('the emulator has no acme');
    return store;
  };
  beforeAll(async () => {
    emulator = await startStores(clock, { rateLimit: false });
  });
  beforeEach(() => {
    sessions = createMemorySessionStore();
  });
  afterAll(() => emulator.close());

  /** Two apps on one session store: two processes of one app. */
  const twoProcesses = () => ({
    one: appFor(emulator, clock, { sessions }),
    two: appFor(emulator, clock, { sessions }),
  });

  it('calls through an expiry make one refresh, however many ask at once and in how many processes', async () => {
    const { one, two } = twoProcesses();
    const installed = await install(one.app, 'acme');
    const before = acme().stats.refreshes;
    clock.advance(LIFETIME_MS + 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).app.client('acme').request(ME)),
    );
    expect(results).toHaveLength(20);
    expect(acme().stats.refreshes - before).toBe(1);
    expect(acme().stats.spentRefreshTokenPresented).toBe(0);
    const stored = await sessions
      .open({ clientId: emulator.clientId, clientSecret: '', now: clock.now })
      .get('acme');
    expect(stored?.status).toBe('installed');
    if (stored?.status !== 'installed') return;
    expect(stored.session.refreshToken).not.toBe(installed.refreshToken);
    expect(stored.session.expiresAt).toBe(clock.now() + LIFETIME_MS);
    expect(
      [...one.events, ...two.events].filter((e) => e.type === 'app_token_refreshed'),
    ).toHaveLength(1);
  });

  it('inside the refresh margin the valid token is served while one refresh runs in the background', async () => {
    const { app } = appFor(emulator, clock, { sessions });
    await install(app, 'acme');
    const before = acme().stats.refreshes;
    clock.advance(LIFETIME_MS - 120_000);
    await Promise.all([app.client('acme').request(ME), app.client('acme').request(ME)]);
    await expect.poll(() => acme().stats.refreshes - before).toBe(1);
    await app.client('acme').request(ME);
    expect(acme().stats.refreshes - before).toBe(1);
  });

  it('a revoked store is marked for reinstall once: every process then stops asking, and an install restores it', async () => {
    const { one, two } = twoProcesses();
    await install(one.app, 'acme');
    acme().revoke();
    clock.advance(LIFETIME_MS + 1);
    const error = await one.app
      .client('acme')
      .request(ME)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreNeedsReinstallError);
    expect(error).toMatchObject({ code: 'STORE_NEEDS_REINSTALL', storeName: 'acme' });
    expect(one.events).toContainEqual({ type: 'app_store_needs_reinstall', storeName: 'acme' });
    const requests = acme().stats.tokenRequests;
    await expect(two.app.client('acme').request(ME)).rejects.toMatchObject({
      code: 'STORE_NEEDS_REINSTALL',
    });
    await expect(one.app.client('acme').request(ME)).rejects.toMatchObject({
      code: 'STORE_NEEDS_REINSTALL',
    });
    expect(acme().stats.tokenRequests).toBe(requests);
    await install(two.app, 'acme');
    await expect(one.app.client('acme').request(ME)).resolves.toBeDefined();
  });

  it('a 401 on a token younger than a quarter of its lifetime refreshes nothing; an older one refreshes once', async () => {
    const { app } = appFor(emulator, clock, { sessions });
    await install(app, 'acme');
    const before = acme().stats.refreshes;
    emulator.revokeTokens();
    const graphqlBefore = emulator.stats.graphqlRequests;
    const error = await app
      .client('acme')
      .request(ME)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreTokenRejectedError);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401, storeName: 'acme' });
    expect((error as Error).message).toMatch(/uninstalled/);
    expect(emulator.stats.graphqlRequests - graphqlBefore).toBe(1);
    expect(acme().stats.refreshes).toBe(before);
    clock.advance(LIFETIME_MS * MIN_REFRESH_AGE_RATIO);
    await expect(app.client('acme').request(ME)).resolves.toBeDefined();
    expect(acme().stats.refreshes - before).toBe(1);
  });

  it('a refresh that fails for a passing reason keeps the valid token, backs off, and succeeds later', async () => {
    const { app, events } = appFor(emulator, clock, { sessions });
    await install(app, 'acme');
    const before = acme().stats.tokenRequests;
    clock.advance(LIFETIME_MS - 120_000);
    emulator.faults.token.push({ status: 503 });
    await app.client('acme').request(ME);
    await expect.poll(() => events.some((e) => e.type === 'app_refresh_failed')).toBe(true);
    await app.client('acme').request(ME);
    expect(acme().stats.tokenRequests - before).toBe(1);
    clock.advance(60_000);
    await app.client('acme').request(ME);
    await expect.poll(() => events.some((e) => e.type === 'app_token_refreshed')).toBe(true);
    expect(acme().stats.tokenRequests - before).toBe(2);
  });

  it('no event or error carries a token, a refresh token, a code or the secret', async () => {
    const seen: (AppEvent | StoreClientEvent)[] = [];
    const { app } = appFor(emulator, clock, { sessions, onEvent: (e) => seen.push(e) });
    const first = await install(app, 'acme');
    clock.advance(LIFETIME_MS + 1);
    await app.client('acme').request(ME);
    const stored = await sessions
      .open({ clientId: emulator.clientId, clientSecret: '', now: clock.now })
      .get('acme');
    if (stored?.status !== 'installed') throw new Error('acme is not installed');
    // A token host that quotes what it was sent: the refresh token and the secret.
    emulator.faults.token.push({
      status: 400,
      body: JSON.stringify({
        error: 'invalid_request',
        error_description: `bad ${stored.session.refreshToken} for ${emulator.clientSecret}`,
      }),
      headers: { 'content-type': 'application/json' },
    });
    clock.advance(LIFETIME_MS + 1);
    const failure = await app
      .client('acme')
      .request(ME)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'TOKEN_REQUEST_FAILED' });
    const secrets = [
      first.accessToken,
      first.refreshToken,
      emulator.clientSecret,
      stored.session.accessToken,
      stored.session.refreshToken,
    ];
    const text = JSON.stringify([seen, failure, String(failure), (failure as Error).stack]);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
