import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorCredentials, runCodegen, useProject } from './codegen-harness.js';
import { typeCheckGenerated } from './type-check-project.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();

const DOCUMENTS = {
  'src/me.graphql': 'query GetMe { me { id name email scopes addedDate } }\n',
  'src/products.graphql': `fragment Card on Product { id name type totalStock variants { id sku prices { sellPrice currency } } }
query ListProducts($pagination: PaginationInput, $search: String, $sku: StringFilterInput) { listProduct(pagination: $pagination, search: $search, sku: $sku) { hasNext data { ...Card } } }
mutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { id } }
`,
  'src/orders.graphql': `query ListOrders($pagination: PaginationInput, $statuses: [OrderStatusEnum!]!) {
  listOrder(pagination: $pagination, status: { in: $statuses }) { count hasNext data { id orderNumber invoices { invoiceData } } }
}
`,
};

// Each @ts-expect-error must be an error, or tsc fails with "Unused '@ts-expect-error' directive".
const USAGE = `import { createAdminClient, paginate } from '@admin-api/client';
import { getSdk, ListOrdersDocument, ListProductsDocument, type AppScopeEnum, type GetMeQuery } from './generated/admin-api.js';

const client = createAdminClient({ baseUrl: 'https://api.example.com', authUrl: 'https://shop.example.com', clientId: 'id', clientSecret: 'secret' });
const sdk = getSdk(client);

export async function usage(): Promise<void> {
  const { me } = await sdk.getMe();
  // @ts-expect-error me itself may be null
  const unchecked: string | null = me.id;
  if (!me) return;
  const id: string | null = me.id;
  const added: number | null = me.addedDate;
  const email: string | null = me.email;
  // @ts-expect-error a nullable field is not a string
  const notNull: string = me.email;
  const scope: AppScopeEnum | undefined = me.scopes?.[0];
  // @ts-expect-error noUncheckedIndexedAccess: an element may be missing
  const first: AppScopeEnum = (me.scopes ?? [])[0];
  const literal: AppScopeEnum = 'READ_PRODUCTS';
  // @ts-expect-error not one of the enum's values
  const wrong: AppScopeEnum = 'READ_EVERYTHING';

  await sdk.saveProduct({ input: { name: 'Kupa', type: 'PHYSICAL', variants: [{ prices: [{ sellPrice: 149.9 }] }] } });
  // @ts-expect-error required variables are required
  await sdk.saveProduct();
  // @ts-expect-error a required input field is missing
  await sdk.saveProduct({ input: { type: 'PHYSICAL', variants: [] } });
  // @ts-expect-error exactOptionalPropertyTypes: a non-null field with a default (isActive) is absent or a boolean, never undefined
  await sdk.saveProduct({ input: { name: 'Kupa', type: 'PHYSICAL', variants: [{ isActive: undefined, prices: [] }] } });
  await sdk.listProducts();
  await sdk.listProducts({ search: 'kupa', sku: { in: ['EMU-0001-1'] }, pagination: { limit: 10 } }, { signal: AbortSignal.timeout(1000) });
  await sdk.listOrders({ statuses: 'CREATED' });
  await sdk.listOrders({ statuses: ['CREATED', 'REFUNDED'] });
  // @ts-expect-error an enum value outside the schema's
  await sdk.listOrders({ statuses: ['SHIPPED'] });
  // @ts-expect-error a required variable is required
  await sdk.listOrders();
  // @ts-expect-error an unknown variable
  await sdk.listProducts({ nope: 1 });
  // @ts-expect-error an unknown per-call option
  await sdk.getMe(undefined, { retries: 3 });

  for await (const product of paginate(client, ListProductsDocument, { search: 'kupa' }, { select: (r) => r.listProduct })) {
    const name: string = product.name;
    const stock: number | null = product.totalStock;
    const price: number | undefined = product.variants[0]?.prices[0]?.sellPrice;
    void [name, stock, price];
  }
  for await (const order of paginate(client, ListOrdersDocument, { statuses: ['CREATED'] }, { select: (r) => r.listOrder })) {
    const number: string | null = order.orderNumber;
    const invoice: unknown = order.invoices?.[0]?.invoiceData;
    void [number, invoice];
  }
  const typed: GetMeQuery = await client.request((await import('./generated/admin-api.js')).GetMeDocument);
  void [unchecked, id, added, email, notNull, scope, first, literal, wrong, typed];
}
`;

describe('generated code', () => {
  it('type-checks under strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes, with a usage snippet', async () => {
    const dir = project({ ...DOCUMENTS, 'src/usage.ts': USAGE });
    const { content } = await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    expect(await typeCheckGenerated(dir, content)).toBe('');
  });
});
