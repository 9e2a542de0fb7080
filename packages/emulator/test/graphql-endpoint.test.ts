import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { graphql, token } from './helpers.js';

let clock = Date.UTC(2026, 10, 22);
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({
    now: () => clock,
    tokenLifetimeS: 60,
    rateLimit: { limit: 5, windowMs: 10_000 },
  });
});
beforeEach(() => {
  emulator.reset();
  clock += 60_000;
});
afterAll(() => emulator.close());

const ME = '{ me { id name scopes } }';

describe('emulator GraphQL endpoint', () => {
  it('answers me for a valid token', async () => {
    const response = await graphql(emulator, await token(emulator), ME);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        me: {
          id: emulator.data.app.id,
          name: 'Emulator Private App',
          scopes: expect.arrayContaining(['READ_PRODUCTS', 'WRITE_ORDERS']),
        },
      },
    });
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'not-a-token'],
  ])('answers %s with 401 and UNAUTHENTICATED', async (_, accessToken) => {
    const response = await graphql(emulator, accessToken, ME);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(emulator.stats.unauthorized).toBe(1);
  });

  it('rejects a token once its lifetime has passed', async () => {
    const accessToken = await token(emulator);
    clock += 59_000;
    expect((await graphql(emulator, accessToken, ME)).status).toBe(200);
    clock += 1_000;
    const response = await graphql(emulator, accessToken, ME);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('expired');
  });

  it('answers 429 with Retry-After in seconds beyond the per-client budget', async () => {
    const accessToken = await token(emulator);
    for (let i = 0; i < 5; i++) expect((await graphql(emulator, accessToken, ME)).status).toBe(200);
    clock += 3_000;
    const limited = await graphql(emulator, accessToken, ME);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(emulator.stats.rateLimited).toBe(1);
    clock += 7_000;
    expect((await graphql(emulator, accessToken, ME)).status).toBe(200);
  });

  it('serves the same seeded data after every reset', async () => {
    const query =
      '{ listOrder(pagination: { limit: 3 }) { data { id orderNumber status totalFinalPrice customer { firstName } } } }';
    const first = await (await graphql(emulator, await token(emulator), query)).text();
    emulator.reset();
    const second = await (await graphql(emulator, await token(emulator), query)).text();
    expect(second).toBe(first);
    expect(first).toContain('"orderNumber":"1001"');
  });

  it('counts a request that carries the client secret as a leak', async () => {
    const accessToken = await token(emulator);
    await graphql(emulator, accessToken, ME, { oops: emulator.clientSecret });
    expect(emulator.stats.secretLeaks).toBe(1);
  });
});
