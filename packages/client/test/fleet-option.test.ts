import { createMemoryTokenStore, type TokenStore } from '@admin-api/auth';
import { emulatorCredentials, emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminApiEvent,
  ConfigurationError,
  createAdminClient,
  createAdminClientFromEnv,
  createPacer,
  type Fleet,
  type FleetEvent,
  type FleetMember,
  type FleetMembership,
} from '../src/index.js';
import { thrown } from './client-fixture.js';
import { GetMe } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

/** A fleet of one process: records who joined, hands out a store and a pacer it can inspect. */
function fakeFleet() {
  const members: FleetMember[] = [];
  const store: TokenStore = createMemoryTokenStore();
  const fleet: Fleet = {
    join(member): FleetMembership {
      members.push(member);
      return { tokenStore: store, rateLimiter: createPacer({ limit: 5, windowMs: 1_000 }) };
    },
  };
  return { fleet, members, store };
}

const credentials = () => emulatorCredentials(emulator());

describe('the fleet option', () => {
  it('the client joins the fleet once, with its credentials, budget, listener and clock, and uses its store', async () => {
    const { fleet, members, store } = fakeFleet();
    const onEvent = (_event: AdminApiEvent) => {};
    const now = () => Date.now();
    const client = createAdminClient({
      ...credentials(),
      fleet,
      rateLimit: { limit: 20, windowMs: 4_000 },
      onEvent,
      now,
    });
    await client.request(GetMe);
    expect(members).toEqual([
      {
        clientId: emulator().clientId,
        clientSecret: emulator().clientSecret,
        rateLimit: { limit: 20, windowMs: 4_000 },
        onEvent,
        now,
      },
    ]);
    expect((await store.get())?.accessToken).toBe(
      (await client.tokenProvider.getToken()).accessToken,
    );
  });

  it('without a rateLimit option the member defers to the fleet’s budget', () => {
    const { fleet, members } = fakeFleet();
    createAdminClientFromEnv({
      env: emulatorEnv(emulator()),
      fleet,
    });
    expect(members[0]?.rateLimit).toBeUndefined();
  });

  it.each([
    ['a store', { store: createMemoryTokenStore() }, '"store"'],
    ['a rateLimiter', { rateLimiter: createPacer() }, '"rateLimiter"'],
    ['rateLimit: false', { rateLimit: false as const }, '"rateLimit: false"'],
  ])('refuses a fleet together with %s, before joining', (_, extra, named) => {
    const { fleet, members } = fakeFleet();
    const error = thrown(() => createAdminClient({ ...credentials(), fleet, ...extra }));
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect(error.message).toContain(named);
    expect(members).toHaveLength(0);
  });

  it('refuses a fleet with a bad option elsewhere before joining it', () => {
    const { fleet, members } = fakeFleet();
    expect(() => createAdminClient({ ...credentials(), fleet, refreshMarginS: -1 })).toThrow(
      ConfigurationError,
    );
    expect(members).toHaveLength(0);
  });

  it('refuses a fleet with a ready tokenProvider (untyped callers)', () => {
    const { fleet } = fakeFleet();
    const options = {
      baseUrl: emulator().baseUrl,
      tokenProvider: createTokenProviderStub(),
      fleet,
    };
    expect(() => createAdminClient(options as Parameters<typeof createAdminClient>[0])).toThrow(
      ConfigurationError,
    );
  });

  it('refuses rateLimit and rateLimiter together', () => {
    expect(() =>
      createAdminClient({ ...credentials(), rateLimit: { limit: 5 }, rateLimiter: createPacer() }),
    ).toThrow(ConfigurationError);
  });

  it('fleet events are members of the kit’s one event union', () => {
    const degraded: FleetEvent = {
      type: 'fleet_degraded',
      app: '68f878900ad6',
      reason: 'timeout',
      message: 'no answer',
    };
    const event: AdminApiEvent = degraded;
    expect(event.type).toBe('fleet_degraded');
  });
});

function createTokenProviderStub() {
  return {
    getToken: async () => ({
      accessToken: 'x',
      tokenType: 'Bearer' as const,
      expiresIn: 60,
      expiresAt: Date.now() + 60_000,
    }),
    invalidate: async () => {},
  };
}
