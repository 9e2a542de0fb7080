import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { installApp } from '../src/testing.js';
import { token } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({
    stores: ['acme', { name: 'globex', fixtures: { products: 5 } }],
    rateLimit: { limit: 2, windowMs: 60_000 },
  });
});
afterAll(() => emulator.close());

async function graphql<T = unknown>(
  accessToken: string,
  query: string,
  variables?: Record<string, unknown>,
) {
  const response = await fetch(`${emulator.baseUrl}/api/v2/admin/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data: T } };
}

interface ProductPage {
  listProduct: { count: number; data: { id: string }[] };
}

const FIRST_PRODUCTS = '{ listProduct(pagination: { limit: 3 }) { count data { id name } } }';

describe('stores on the one GraphQL host', () => {
  it('answer each token from its own store, seeded apart, with the rate limit per store', async () => {
    const acme = await installApp(emulator, 'acme');
    const globex = await installApp(emulator, 'globex');
    const privateToken = await token(emulator);

    const fromAcme = await graphql<ProductPage>(acme.accessToken, FIRST_PRODUCTS);
    const fromGlobex = await graphql<ProductPage>(globex.accessToken, FIRST_PRODUCTS);
    const fromPrivate = await graphql<ProductPage>(privateToken, FIRST_PRODUCTS);
    expect(fromAcme.body.data.listProduct.count).toBe(120);
    expect(fromGlobex.body.data.listProduct.count).toBe(5);
    const ids = (answer: typeof fromAcme) =>
      answer.body.data.listProduct.data.map((product) => product.id);
    expect(ids(fromAcme)).not.toEqual(ids(fromGlobex));
    expect(ids(fromAcme)).not.toEqual(ids(fromPrivate));
    for (const id of ids(fromAcme)) expect(emulator.store('acme').data.products.has(id)).toBe(true);
    // Two requests per (client, store) in the window: each store still has its own budget.
    expect((await graphql(acme.accessToken, '{ me { id } }')).status).toBe(200);
    expect((await graphql(acme.accessToken, '{ me { id } }')).status).toBe(429);
    expect((await graphql(globex.accessToken, '{ me { id } }')).status).toBe(200);
  });

  it('change only the store of the token', async () => {
    emulator.reset();
    const acme = await installApp(emulator, 'acme');
    const before = emulator.store('globex').data.products.size;
    const saved = await graphql<{ saveProduct: { id: string } }>(
      acme.accessToken,
      'mutation ($input: ProductInput!) { saveProduct(input: $input) { id } }',
      {
        input: {
          name: 'Acme Kupa',
          type: 'PHYSICAL',
          variants: [{ prices: [{ sellPrice: 10 }] }],
        },
      },
    );
    const { id } = saved.body.data.saveProduct;
    expect(emulator.store('acme').data.products.has(id)).toBe(true);
    expect(emulator.store('acme').stats.mutations).toHaveLength(1);
    expect(emulator.store('globex').data.products.size).toBe(before);
    expect(emulator.data.products.has(id)).toBe(false);
    expect(emulator.stats.mutations).toHaveLength(0);
  });

  it('answer me with the app as installed on that store', async () => {
    emulator.reset();
    const acme = await installApp(emulator, 'acme', { scope: 'read_products,write_inventories' });
    const { body } = await graphql<{ me: unknown }>(acme.accessToken, '{ me { id scopes scope } }');
    expect(body.data.me).toEqual({
      id: emulator.store('acme').authorizedAppId,
      scopes: ['READ_PRODUCTS', 'WRITE_INVENTORIES'],
      scope: 'read_products,write_inventories',
    });
  });
});
