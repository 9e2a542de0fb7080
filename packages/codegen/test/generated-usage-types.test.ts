import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiSchema } from '@admin-api/emulator';
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateModule } from '../src/generator/index.js';
import { useProject } from './codegen-harness.js';
import { typeCheckDirectory } from './type-check-project.js';

const project = useProject();

const DOCUMENTS = `query GetMe { me { id name email scopes addedDate } }
fragment Card on Product { id name type metaData { slug } }
query ListProducts($pagination: PaginationInput, $search: String, $ids: [String!]) {
  listProduct(pagination: $pagination, search: $search, id: { in: $ids }) { hasNext page data { ...Card } }
}
mutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { id } }
mutation DeleteProducts($idList: [String!]!) { deleteProductList(idList: $idList) }
query OrderLines { listOrder { data { orderLineItems { variant { taxValue } } } } }
query OrdersByStatus($status: OrderStatusEnumInputFilter) { listOrder(status: $status) { count } }
`;

// Each @ts-expect-error must be an error, or tsc fails with "Unused '@ts-expect-error' directive".
const usage = (module: string) => `import { createAdminClient, paginate } from '@admin-api/client';
import { type AppScopeEnum, type GetMeQuery, GetMeDocument, getSdk, ListProductsDocument, type Sdk } from './${module}.js';

const client = createAdminClient({ baseUrl: 'https://api.example.com', authUrl: 'https://shop.example.com', clientId: 'id', clientSecret: 'secret' });
const sdk: Sdk = getSdk(client);

export async function usage(): Promise<void> {
  const { me } = await sdk.getMe();
  // @ts-expect-error me is nullable, and so is every field of it
  void me.id;
  if (me) {
    const id: string | null = me.id;
    // @ts-expect-error a nullable field is not a string
    const name: string = me.name;
    const added: number | null = me.addedDate;
    const scope: AppScopeEnum | undefined = me.scopes?.[0];
    // @ts-expect-error noUncheckedIndexedAccess: an element may be missing
    const first: AppScopeEnum = (me.scopes ?? [])[0];
    // @ts-expect-error not one of the enum's values
    const wrong: AppScopeEnum = 'READ_EVERYTHING';
    void [id, name, added, scope, first, wrong];
  }

  await sdk.saveProduct({ input: { name: 'Mug', type: 'PHYSICAL', variants: [{ prices: [{ sellPrice: 1 }] }] } });
  // exactOptionalPropertyTypes: a nullable input field takes undefined as well as null.
  await sdk.saveProduct({ input: { name: 'Mug', type: 'PHYSICAL', description: undefined, brandId: null, variants: [] } });
  // @ts-expect-error required variables are required
  await sdk.saveProduct();
  // @ts-expect-error a required input field is missing
  await sdk.saveProduct({ input: { type: 'PHYSICAL', variants: [] } });
  // @ts-expect-error an enum value outside the schema's
  await sdk.saveProduct({ input: { name: 'Mug', type: 'SOFTWARE', variants: [] } });
  await sdk.deleteProducts({ idList: 'p1' });
  await sdk.deleteProducts({ idList: ['p1', 'p2'] });
  // @ts-expect-error a variable of the wrong type
  await sdk.deleteProducts({ idList: [1] });
  await sdk.listProducts();
  await sdk.listProducts({ search: 'mug', ids: ['p1'], pagination: { limit: 10 } }, { signal: AbortSignal.timeout(1000) });
  // @ts-expect-error an unknown variable
  await sdk.listProducts({ nope: 1 });
  // @ts-expect-error an unknown per-call option
  await sdk.getMe(undefined, { retries: 3 });
  await sdk.ordersByStatus({ status: { in: ['CREATED', null], ne: undefined } });
  // @ts-expect-error a list item may be null but not undefined: JSON has no undefined in a list
  await sdk.ordersByStatus({ status: { in: ['CREATED', undefined] } });

  for await (const product of paginate(client, ListProductsDocument, { search: 'mug' }, { select: (r) => r.listProduct })) {
    const name: string = product.name;
    // @ts-expect-error metaData is nullable
    void product.metaData.slug;
    void name;
  }
  const typed: GetMeQuery = await client.request(GetMeDocument);
  const taxValue: number | null | undefined = (await sdk.orderLines()).listOrder.data[0]?.orderLineItems[0]?.variant.taxValue;
  void [typed, taxValue];
}
`;

describe('the generated module', () => {
  it("type-checks in both document modes under strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, noUnused*, declaration and the other strict flags consumers use, with a usage snippet and an augmentation of graphql's error extensions", async () => {
    const sources = [{ location: 'src/documents.graphql', documents: [parse(DOCUMENTS)] }];
    const dir = project({
      'src/usage.ts': usage('admin-api'),
      'src/usage-node.ts': usage('admin-api-node'),
      // A project's augmentation of graphql's error extensions still types the client's errors.
      // As the client README shows it, with the codes the vendor's client knows.
      'src/extensions.ts': `import { GraphQLResponseError, type ServiceErrorCode } from '@admin-api/client';
import type {} from 'graphql';

declare module 'graphql' {
  interface GraphQLFormattedErrorExtensions {
    code?: ServiceErrorCode | (string & {});
  }
}
export const codeOf = (error: unknown): ServiceErrorCode | (string & {}) | undefined =>
  error instanceof GraphQLResponseError ? error.errors[0]?.extensions?.code : undefined;
export const refusedOrder = (error: unknown): boolean =>
  codeOf(error) === 'ORDER_NOT_ELIGIBLE_FOR_UPDATE';
// @ts-expect-error not a code the vendor's client knows
export const unknownCode: ServiceErrorCode = 'ORDER_NOT_FOUND';
`,
    });
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src/admin-api.ts'), generateModule(adminApiSchema(), sources));
    writeFileSync(
      join(dir, 'src/admin-api-node.ts'),
      generateModule(adminApiSchema(), sources, { documentMode: 'node' }),
    );
    writeFileSync(join(dir, 'src/empty.ts'), generateModule(adminApiSchema(), []));
    // One tsc run for the flags consumers add: each one only adds checks.
    expect(
      await typeCheckDirectory(dir, ['src'], {
        noUnusedLocals: true,
        noUnusedParameters: true,
        declaration: true,
        noPropertyAccessFromIndexSignature: true,
        noImplicitOverride: true,
        noImplicitReturns: true,
        allowUnreachableCode: false,
      }),
    ).toBe('');
  });

  it("in string mode, type-checks with its usage reading only graphql's error type, not graphql's index or @graphql-typed-document-node/core", async () => {
    const sources = [{ location: 'src/documents.graphql', documents: [parse(DOCUMENTS)] }];
    const dir = project({ 'src/usage.ts': usage('admin-api') });
    writeFileSync(join(dir, 'src/admin-api.ts'), generateModule(adminApiSchema(), sources));
    const files = (await typeCheckDirectory(dir, ['src'], { listFiles: true })).split('\n');
    expect(files.filter((line) => line.includes('error TS'))).toEqual([]);
    expect(files.some((file) => file.endsWith('/packages/client/src/index.ts'))).toBe(true);
    // graphql's GraphQLError.d.ts and the six files it imports, instead of about a hundred.
    const graphql = files.filter((file) => /\/graphql\//.test(file));
    expect(graphql.some((file) => file.endsWith('/graphql/error/GraphQLError.d.ts'))).toBe(true);
    expect(graphql.length).toBeLessThanOrEqual(7);
    expect(files.filter((file) => file.includes('/@graphql-typed-document-node/'))).toEqual([]);
  });

  it('type-checks when schema types are named like what the module declares, imports or uses globally, or like each other', async () => {
    const schema = buildSchema(`
      enum orderStatus { LOWER }
      enum OrderStatus { UPPER }
      enum Sdk { A }
      enum Sdk2 { B }
      enum AdminClient { C }
      input RequestArgs { v: Int }
      enum Record { D }
      enum Promise { E }
      enum Array { F }
      type Holder { id: ID! list: [Record] }
      type Query { a(s: Sdk, t: Sdk2, c: AdminClient, r: RequestArgs, p: Promise): Promise! h: Holder! k: Holder! arr: Array o(lower: orderStatus, upper: OrderStatus): Int }
    `);
    const documents = `query Q($s: Sdk, $t: Sdk2, $c: AdminClient, $r: RequestArgs, $p: Promise) { a(s: $s, t: $t, c: $c, r: $r, p: $p) arr }
query O($lower: orderStatus, $upper: OrderStatus) { o(lower: $lower, upper: $upper) }
query Shared { h { id list } k { id list } }
query Nothing { arr }`;
    const module = generateModule(schema, [
      { location: 'src/q.graphql', documents: [parse(documents)] },
    ]);
    // The schema's types give way, to the first free number; the module's own names stay.
    expect(module).toContain("export type Sdk2 = 'B';\nexport type Sdk3 = 'A';\n");
    expect(module).toContain('  r?: RequestArgs2 | null | undefined;\n');
    expect(module).toContain('export type Sdk = ReturnType<typeof getSdk>;');
    // Two types with one TypeScript name: the first in code-unit order keeps it.
    expect(module).toContain(
      "export type OrderStatus = 'UPPER';\nexport type OrderStatus2 = 'LOWER';\n",
    );
    const dir = project({
      'src/usage.ts': `import { createAdminClient } from '@admin-api/client';
import { getSdk, type Promise2, type Sdk } from './admin-api.js';
const sdk: Sdk = getSdk(createAdminClient({ baseUrl: 'https://api.example.com', authUrl: 'https://shop.example.com', clientId: 'id', clientSecret: 'secret' }));
export async function usage(): Promise<Promise2> {
  await sdk.o({ lower: 'LOWER', upper: 'UPPER' });
  // @ts-expect-error each type keeps its own values
  await sdk.o({ lower: 'UPPER' });
  return (await sdk.q({ s: 'A', t: 'B', c: 'C', r: { v: 1 }, p: 'E' })).a;
}
`,
    });
    writeFileSync(join(dir, 'src/admin-api.ts'), module);
    expect(await typeCheckDirectory(dir, ['src'])).toBe('');
  });
});
