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

const ME = '{ me { id scopes } }';

describe('emulator GraphQL endpoint', () => {
  it('answers me for a valid token', async () => {
    const response = await graphql(emulator, await token(emulator), ME);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        me: { id: 'app_emulator-client', scopes: expect.arrayContaining(['READ_PRODUCTS']) },
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

  it('pages lists with { data, count, hasNext, page, limit }', async () => {
    const accessToken = await token(emulator);
    const query =
      'query($p: PaginationInput) { listProduct(pagination: $p) { count hasNext page limit data { id } } }';
    const last = (await (
      await graphql(emulator, accessToken, query, { p: { page: 3, limit: 50 } })
    ).json()) as {
      data: { listProduct: { count: number; hasNext: boolean; data: unknown[] } };
    };
    expect(last.data.listProduct).toMatchObject({ count: 120, hasNext: false, page: 3, limit: 50 });
    expect(last.data.listProduct.data).toHaveLength(20);
    const tooBig = (await (
      await graphql(emulator, accessToken, query, { p: { limit: 201 } })
    ).json()) as {
      errors: { extensions: { code: string } }[];
    };
    expect(tooBig.errors[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('serves the same seeded data after every reset', async () => {
    const query =
      '{ listOrder(pagination: { limit: 3 }) { data { id status totalFinalPrice customer { firstName } } } }';
    const first = await (await graphql(emulator, await token(emulator), query)).text();
    emulator.reset();
    const second = await (await graphql(emulator, await token(emulator), query)).text();
    expect(second).toBe(first);
  });

  it('applies mutations to the store and records each in the ledger', async () => {
    const accessToken = await token(emulator);
    const save = `mutation($input: ProductInput!) { saveProduct(input: $input) { id name type } }`;
    const input = {
      name: 'Ledger Lamp',
      type: 'PHYSICAL',
      variants: [{ prices: [{ sellPrice: 10, currency: 'TRY' }] }],
    };
    const created = (await (await graphql(emulator, accessToken, save, { input })).json()) as {
      data: { saveProduct: { id: string } };
    };
    const id = created.data.saveProduct.id;
    await graphql(emulator, accessToken, save, { input: { ...input, id, name: 'Renamed Lamp' } });
    await graphql(
      emulator,
      accessToken,
      'mutation($ids: [ID!]!) { deleteProductList(idList: $ids) }',
      { ids: [id] },
    );
    expect(emulator.stats.mutations.map((m) => [m.field, m.resultId])).toEqual([
      ['saveProduct', id],
      ['saveProduct', id],
      ['deleteProductList', null],
    ]);
    expect(emulator.data.products.has(id)).toBe(false);
  });

  it('counts a request that carries the client secret as a leak', async () => {
    const accessToken = await token(emulator);
    await graphql(emulator, accessToken, ME, { oops: emulator.clientSecret });
    expect(emulator.stats.secretLeaks).toBe(1);
  });
});
