import { adminApiSchema } from '@admin-api/emulator';
import { useEmulator } from '@admin-api/emulator/testing';
import {
  concatAST,
  type FieldNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  validate,
} from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApiOperationFiles } from './admin-api-operations.js';
import { emulatorCredentials, runCodegen, useProject } from './codegen-harness.js';
import { typeCheckGenerated } from './type-check-project.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();
const FILES = adminApiOperationFiles();
const documents = Object.values(FILES).map((source) => parse(source));
const operations = documents
  .flatMap((document) => document.definitions)
  .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
const projectFiles = () =>
  Object.fromEntries(Object.entries(FILES).map(([name, source]) => [`src/${name}`, source]));

// Each @ts-expect-error must be an error, or tsc fails with "Unused '@ts-expect-error' directive".
const USAGE = `import { createAdminClient, paginate } from '@admin-api/client';
import { getSdk, ListOrderDocument, type AppScopeEnum, type OrderStatusEnum } from './generated/admin-api.js';

const client = createAdminClient({ baseUrl: 'https://api.example.com', authUrl: 'https://shop.example.com', clientId: 'id', clientSecret: 'secret' });
const sdk = getSdk(client);

export async function usage(): Promise<void> {
  const { me } = await sdk.me();
  const scopes: AppScopeEnum[] | null | undefined = me?.scopes;
  const { getMerchant } = await sdk.getMerchant();
  const store: string | null = getMerchant.storeName;

  const statuses: OrderStatusEnum[] = ['CREATED', 'REFUNDED'];
  for await (const order of paginate(client, ListOrderDocument, { status: statuses, search: '1001' }, { select: (r) => r.listOrder })) {
    const sku: string | null | undefined = order.orderLineItems[0]?.variant.sku;
    const city: string | null | undefined = order.shippingAddress?.city?.name;
    void [sku, city];
  }
  // @ts-expect-error an enum value outside the schema's
  await sdk.listOrder({ status: ['SHIPPED'] });

  const { saveProduct } = await sdk.saveProduct({ input: { name: 'Kupa', type: 'PHYSICAL', variants: [{ prices: [{ sellPrice: 149.9 }] }] } });
  const price: number | undefined = saveProduct.variants[0]?.prices[0]?.sellPrice;
  // @ts-expect-error a required input field is missing
  await sdk.saveProduct({ input: { name: 'Kupa', variants: [] } });
  const deleted: boolean = (await sdk.deleteProductList({ idList: [saveProduct.id] })).deleteProductList;
  void [scopes, store, price, deleted];
}
`;

describe('codegen on the whole Admin API', () => {
  it('has an operation for each of the 132 root fields, with fragments, input-type variables and list-of-enum filters', () => {
    const schema = adminApiSchema();
    const roots = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}),
    ].sort();
    expect(roots).toHaveLength(132);
    const fields = operations.map((op) => (op.selectionSet.selections[0] as FieldNode).name.value);
    expect(fields.sort()).toEqual(roots);
    expect(validate(schema, concatAST(documents))).toEqual([]);

    const fragments = documents
      .flatMap((document) => document.definitions)
      .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    expect(fragments.length).toBeGreaterThan(100);
    const variableTypes = operations.flatMap(
      (op) => op.variableDefinitions?.map((v) => print(v.type)) ?? [],
    );
    expect(variableTypes).toEqual(expect.arrayContaining(['ProductInput!', 'StringFilterInput']));
    expect(variableTypes).toContain('[OrderStatusEnum!]');
    expect(FILES['listOrder.graphql']).toContain('status: {in: $status}');
  });

  it('generates one module that compiles under strict, noUncheckedIndexedAccess and exactOptionalPropertyTypes, with a usage snippet', async () => {
    const dir = project({ ...projectFiles(), 'src/usage.ts': USAGE });
    const { content } = await runCodegen(dir, { credentials: emulatorCredentials(emulator()) });
    const methods = [...content.matchAll(/^ {4}(\w+): call\(\w+Document\),$/gm)].map((m) => m[1]);
    expect(methods).toHaveLength(132);
    const declared = [...content.matchAll(/^export (?:type|const|function) (\w+)/gm)].map(
      (m) => m[1],
    );
    expect(declared.filter((name, i) => declared.indexOf(name) !== i)).toEqual([]);
    expect(content).toContain('status?: OrderStatusEnum[] | OrderStatusEnum | null | undefined;');
    expect(await typeCheckGenerated(dir, content)).toBe('');
  });

  it('is byte-identical when run again, and pruning the schema changes nothing', async () => {
    const dir = project(projectFiles());
    const credentials = emulatorCredentials(emulator());
    const first = await runCodegen(dir, { credentials });
    const again = await runCodegen(dir, { credentials });
    const unpruned = await runCodegen(dir, { credentials, pruneSchema: false });
    expect(again.content).toBe(first.content);
    expect(unpruned.content).toBe(first.content);
  });
});
