import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type AdminClient,
  createAdminClient,
  paginate,
  type TypedDocumentString,
} from '@admin-api/client';
import { adminApiSchema } from '@admin-api/emulator';
import { emulatorCredentials, useEmulator } from '@admin-api/emulator/testing';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GeneratorConfig, generateModule } from '../src/generator/index.js';
import { useProject } from './codegen-harness.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();

const DOCUMENTS = `query GetMe { me { id name scopes } }
fragment Card on Product { id name type }
query ListProducts($pagination: PaginationInput, $search: String) {
  listProduct(pagination: $pagination, search: $search) { hasNext page data { ...Card } }
}
mutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { ...Card } }
mutation DeleteProducts($idList: [String!]!) { deleteProductList(idList: $idList) }
`;

interface ProductCard {
  id: string;
  name: string;
  type: string;
}
type ListProducts = { listProduct: { hasNext: boolean; page: number; data: ProductCard[] } };
type ListProductsVariables = { pagination?: { page?: number; limit?: number } | null };
/** A document of either mode: these tests import the module at runtime, in both. */
type Typed<R, V> = TypedDocumentString<R, V> & TypedDocumentNode<R, V>;
/** The part of the generated module the tests call. */
interface GeneratedModule {
  GetMeDocument: Typed<unknown, Record<string, never>>;
  ListProductsDocument: Typed<ListProducts, ListProductsVariables & { search?: string | null }>;
  getSdk(client: AdminClient): {
    getMe(): Promise<{ me: { id: string | null; name: string | null } | null }>;
    saveProduct(variables: unknown): Promise<{ saveProduct: ProductCard }>;
    deleteProducts(variables: { idList: string[] | string }): Promise<unknown>;
  };
}

/** Generates the module for DOCUMENTS, writes it to a temporary folder and imports it. */
async function generatedModule(config?: GeneratorConfig): Promise<GeneratedModule> {
  const module = generateModule(
    adminApiSchema(),
    [{ location: 'src/documents.graphql', documents: [parse(DOCUMENTS)] }],
    config,
  );
  const file = join(project({}), 'admin-api.ts');
  writeFileSync(file, module);
  return (await import(pathToFileURL(file).href)) as GeneratedModule;
}

/** A client on the emulator that records every GraphQL body it sends. */
function recordingClient() {
  const bodies: { query: string; operationName?: string }[] = [];
  const client = createAdminClient({
    ...emulatorCredentials(emulator()),
    rateLimit: false,
    fetch: async (input, init) => {
      if (String(input).endsWith('/graphql') && typeof init?.body === 'string') {
        bodies.push(JSON.parse(init.body));
      }
      return fetch(input, init);
    },
  });
  return { client, bodies };
}

describe('generated string documents', () => {
  it('are plain strings that the client sends as they are, and the emulator answers', async () => {
    const generated = await generatedModule();
    expect(typeof generated.GetMeDocument).toBe('string');
    const { client, bodies } = recordingClient();
    const sdk = generated.getSdk(client);

    const { me } = await sdk.getMe();
    expect(me).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      scopes: expect.any(Array),
    });
    expect(await client.request(generated.GetMeDocument)).toEqual({ me });
    expect(bodies[0]).toEqual({ query: 'query GetMe{me{id name scopes}}', operationName: 'GetMe' });
  });

  it('carry their fragments, and a save, a paginated search and a delete go through', async () => {
    const generated = await generatedModule();
    const { client, bodies } = recordingClient();
    const sdk = generated.getSdk(client);
    const input = {
      name: 'Generated mug',
      type: 'PHYSICAL',
      variants: [{ prices: [{ sellPrice: 12.5, currency: 'TRY' }] }],
    };
    const { saveProduct } = await sdk.saveProduct({ input });
    expect(saveProduct).toEqual({
      id: expect.any(String),
      name: 'Generated mug',
      type: 'PHYSICAL',
    });
    expect(bodies[0]?.query).toBe(
      'mutation SaveProduct($input:ProductInput!){saveProduct(input:$input){...Card}}fragment Card on Product{id name type}',
    );

    const found: ProductCard[] = [];
    for await (const product of paginate(
      client,
      generated.ListProductsDocument,
      { search: 'Generated mug' },
      { select: (result) => result.listProduct, limit: 10 },
    )) {
      found.push(product);
    }
    expect(found.map((product) => product.id)).toContain(saveProduct.id);

    await sdk.deleteProducts({ idList: saveProduct.id });
    expect(emulator().stats.mutations.map((mutation) => mutation.field)).toEqual([
      'saveProduct',
      'deleteProductList',
    ]);
  });
});

describe("'node' mode documents", () => {
  it('are TypedDocumentNodes that the client and paginate accept', async () => {
    const generated = await generatedModule({ documentMode: 'node' });
    expect(generated.GetMeDocument).toMatchObject({ kind: 'Document' });
    const { client, bodies } = recordingClient();
    const { me } = await generated.getSdk(client).getMe();
    expect(me).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      scopes: expect.any(Array),
    });

    let count = 0;
    for await (const _ of paginate(
      client,
      generated.ListProductsDocument,
      {},
      { select: (result) => result.listProduct, limit: 50 },
    ))
      count++;
    expect(count).toBe(120);
    expect(bodies.at(-1)?.operationName).toBe('ListProducts');
  });
});
