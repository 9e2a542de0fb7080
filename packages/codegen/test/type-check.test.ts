import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorCredentials, runCodegen, useProject } from './codegen-harness.js';
import { typeCheckGenerated } from './type-check-project.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();

const DOCUMENTS = {
  'src/me.graphql': 'query GetMe { me { id name email scopes createdAt } }\n',
  'src/products.graphql': `fragment Card on Product { id name type metaData }
query ListProducts($pagination: PaginationInput, $type: [ProductType!]) { listProduct(pagination: $pagination, type: $type) { hasNext data { ...Card } } }
mutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { id } }
`,
};

// Each @ts-expect-error must be an error, or tsc fails with "Unused '@ts-expect-error' directive".
const USAGE = `import { createAdminClient, paginate } from '@admin-api/client';
import { getSdk, ListProductsDocument, type AuthorizedAppScope, type GetMeQuery } from './generated/admin-api.js';

const client = createAdminClient({ baseUrl: 'https://api.example.com', authUrl: 'https://shop.example.com', clientId: 'id', clientSecret: 'secret' });
const sdk = getSdk(client);

export async function usage(): Promise<void> {
  const { me } = await sdk.getMe();
  const id: string = me.id;
  const created: number = me.createdAt;
  const email: string | null = me.email;
  // @ts-expect-error a nullable field is not a string
  const notNull: string = me.email;
  const scope: AuthorizedAppScope | undefined = me.scopes[0];
  // @ts-expect-error noUncheckedIndexedAccess: an element may be missing
  const first: AuthorizedAppScope = me.scopes[0];
  const literal: AuthorizedAppScope = 'READ_PRODUCTS';
  // @ts-expect-error not one of the enum's values
  const wrong: AuthorizedAppScope = 'READ_EVERYTHING';

  await sdk.saveProduct({ input: { name: 'Mug', type: 'PHYSICAL', variants: [{ prices: [{ sellPrice: 1, currency: 'TRY' }] }] } });
  // @ts-expect-error required variables are required
  await sdk.saveProduct();
  // @ts-expect-error a required input field is missing
  await sdk.saveProduct({ input: { type: 'PHYSICAL', variants: [] } });
  await sdk.listProducts();
  await sdk.listProducts({ type: 'DIGITAL', pagination: { limit: 10 } }, { signal: AbortSignal.timeout(1000) });
  // @ts-expect-error an enum value outside the schema's
  await sdk.listProducts({ type: ['SOFTWARE'] });
  // @ts-expect-error an unknown variable
  await sdk.listProducts({ nope: 1 });
  // @ts-expect-error an unknown per-call option
  await sdk.getMe(undefined, { retries: 3 });

  for await (const product of paginate(client, ListProductsDocument, {}, { select: (r) => r.listProduct })) {
    const name: string = product.name;
    const meta: unknown = product.metaData;
    void name;
    void meta;
  }
  const typed: GetMeQuery = await client.request((await import('./generated/admin-api.js')).GetMeDocument);
  void [id, created, email, notNull, scope, first, literal, wrong, typed];
}
`;

describe('generated code', () => {
  it('type-checks under strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes, with a usage snippet', async () => {
    const dir = project({ ...DOCUMENTS, 'src/usage.ts': USAGE });
    const { content } = await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    expect(await typeCheckGenerated(dir, content)).toBe('');
  }, 60_000);
});
