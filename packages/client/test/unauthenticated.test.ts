import { createTokenProvider } from '@admin-api/auth';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthError, createAdminClient, REFUSED_REPLACEMENT_HOLD_MS } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';

// The emulator and the clients share one clock, wall and monotonic, so the hold after a refused
// token can pass at once.
let clock = Date.UTC(2026, 10, 22);
const now = () => clock;
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false, now });
const UNAUTHENTICATED_BODY = JSON.stringify({
  errors: [{ message: 'nope', extensions: { code: 'UNAUTHENTICATED' } }],
});

describe('401 handling', () => {
  it('a 401 invalidates the token, fetches a new one and retries once', async () => {
    const client = clientFor(emulator());
    await client.request(GetMe);
    emulator().revokeTokens();
    await expect(client.request(GetMe)).resolves.toBeDefined();
    expect(emulator().stats).toMatchObject({
      tokenRequests: 2,
      unauthorized: 1,
      graphqlRequests: 3,
    });
  });

  it('a hundred concurrent calls that all hit 401 with the same old token cause one token request', async () => {
    const client = clientFor(emulator());
    await client.request(GetMe);
    emulator().revokeTokens();
    const results = await Promise.all(Array.from({ length: 100 }, () => client.request(GetMe)));
    expect(results).toHaveLength(100);
    expect(emulator().stats.tokenRequests).toBe(2);
    expect(emulator().stats.unauthorized).toBe(100);
  });

  it('a mutation refused with 401 is retried after the refresh and applied exactly once', async () => {
    const client = clientFor(emulator());
    await client.request(GetMe);
    emulator().revokeTokens();
    await client.request(SaveProduct, productInput('After Refresh'));
    expect(
      emulator().stats.mutations.filter((m) => JSON.stringify(m.args).includes('After Refresh')),
    ).toHaveLength(1);
  });

  it('a 200 carrying an UNAUTHENTICATED error is treated like a 401', async () => {
    emulator().faults.graphql.push({
      status: 200,
      body: UNAUTHENTICATED_BODY,
      headers: { 'content-type': 'application/json' },
    });
    await expect(clientFor(emulator()).request(GetMe)).resolves.toBeDefined();
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('a second 401 after the refresh is an AuthError, with no further requests', async () => {
    const unauthorized = {
      status: 401,
      body: UNAUTHENTICATED_BODY,
      headers: { 'content-type': 'application/json' },
    };
    emulator().faults.graphql.push(unauthorized, unauthorized);
    const error = await rejection(clientFor(emulator()).request(GetMe));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
      operationName: 'GetMe',
      attempts: 2,
    });
    expect(emulator().stats.graphqlRequests).toBe(2);
    expect(emulator().stats.tokenRequests).toBe(2);
  });

  it('a token that cannot be had is an AuthError whose cause is the TokenRequestError', async () => {
    const client = createAdminClient({
      ...emulatorCredentials(emulator()),
      clientSecret: 'wrong',
      baseUrl: emulator().baseUrl,
    });
    const error = await rejection(client.request(GetMe));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'TOKEN_REQUEST_FAILED',
      status: 401,
      cause: { error: 'invalid_client' },
    });
    expect(emulator().stats.graphqlRequests).toBe(0);
  });

  it('accepts a ready token provider shared between clients', async () => {
    const tokenProvider = createTokenProvider(emulatorCredentials(emulator()));
    const a = createAdminClient({ baseUrl: emulator().baseUrl, tokenProvider });
    const b = createAdminClient({ baseUrl: emulator().baseUrl, tokenProvider });
    await Promise.all([a.request(GetMe), b.request(GetMe)]);
    expect(emulator().stats.tokenRequests).toBe(1);
  });

  it('120 concurrent calls refused whatever the token cause one refresh, then fail fast with UNAUTHENTICATED', async () => {
    const emu = emulator();
    const client = clientFor(emu, { now, monotonicNow: now });
    emu.faults.random = (target) =>
      target === 'graphql'
        ? {
            status: 401,
            body: UNAUTHENTICATED_BODY,
            headers: { 'content-type': 'application/json' },
          }
        : undefined;
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, () => client.request(GetMe)),
    );
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = result.status === 'rejected' ? result.reason : undefined;
      expect(reason).toBeInstanceOf(AuthError);
      expect(reason).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(emu.stats.tokenRequests).toBe(2);

    // A call that starts with the refused replacement token fails fast, with no token request.
    const graphqlBefore = emu.stats.graphqlRequests;
    const late = await rejection(client.request(GetMe));
    expect(late).toMatchObject({ code: 'UNAUTHENTICATED', attempts: 1 });
    expect(emu.stats.graphqlRequests).toBe(graphqlBefore + 1);
    expect(emu.stats.tokenRequests).toBe(2);

    // Once the hold has passed, one 401 may try one more token.
    clock += REFUSED_REPLACEMENT_HOLD_MS;
    await rejection(client.request(GetMe));
    expect(emu.stats.tokenRequests).toBe(3);
  });

  it('a replacement token that was accepted is refreshed as usual when it is revoked in turn', async () => {
    const client = clientFor(emulator(), { now, monotonicNow: now });
    await client.request(GetMe);
    emulator().revokeTokens();
    await client.request(GetMe);
    emulator().revokeTokens();
    await expect(client.request(GetMe)).resolves.toBeDefined();
    expect(emulator().stats.tokenRequests).toBe(3);
  });
});
