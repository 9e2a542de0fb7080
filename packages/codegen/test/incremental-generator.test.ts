import { adminApiSchema } from '@admin-api/emulator';
import fc from 'fast-check';
import { type DocumentNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { resolveGeneratorConfig } from '../src/generator/config.js';
import {
  collectDefinitions,
  createIncrementalGenerator,
  generateModule,
  inspectDefinitions,
  type SourceDocuments,
} from '../src/generator/index.js';
import { CodegenError } from '../src/index.js';
import { ADMIN_API_EDGE_CASES } from './generator-corpus.js';

/**
 * What each file may hold over an editing session: versions that change a selection, a fragment
 * other files use, a variable; that break the module (a duplicate method, a fragment that goes
 * missing); and `undefined`, the file deleted.
 */
const VERSIONS: Readonly<Record<string, readonly (string | undefined)[]>> = {
  'src/fragments/brand.graphql': [
    ADMIN_API_EDGE_CASES['src/fragments/brand.graphql'],
    'fragment BrandFields on SimpleProductBrand { id }',
    'fragment BrandFields on SimpleProductBrand { id name createdAt }',
    undefined,
  ],
  'src/fragments/product.graphql': [
    ADMIN_API_EDGE_CASES['src/fragments/product.graphql'],
    'fragment ProductBasics on Product { id name brand { ...BrandFields } }',
    'fragment ProductBasics on Product { id type metaData { slug pageTitle } }',
  ],
  'src/products.graphql': [
    ADMIN_API_EDGE_CASES['src/products.graphql'],
    'query ListProductsPage($search: String) { listProduct(search: $search) { data { ...ProductBasics } } }',
    '# Saves one.\nmutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { id metaData { slug pageTitle } } }',
    undefined,
  ],
  'src/me.graphql': [
    ADMIN_API_EDGE_CASES['src/me.graphql'],
    'query GetMe { me { id name } }',
    'query getMe { me { id email } }',
    undefined,
  ],
  'src/other-me.graphql': [
    'query GetMe { me { id name } }',
    'query Brands { listProductBrand { id name metaData { slug pageTitle } } }',
    undefined,
  ],
  'src/orders.graphql': [ADMIN_API_EDGE_CASES['src/orders.graphql'], undefined],
};
const LOCATIONS = Object.keys(VERSIONS);
// Parsed once, so an edit back to an earlier version may hand over the very same nodes.
const PARSED = new Map(
  Object.values(VERSIONS)
    .flat()
    .flatMap((text) => (text === undefined ? [] : [[text, parse(text)] as const])),
);

/** What a run gives: the module, or the error's code and message. */
function outcome(run: () => string): string {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

const edit = fc.record({
  location: fc.constantFrom(...LOCATIONS),
  version: fc.nat(),
  // The same text as new nodes, as a watcher that parses the file again hands it over.
  reparse: fc.boolean(),
});

describe('the incremental generator', () => {
  const schema = adminApiSchema();

  it('prints exactly what generateModule prints after any sequence of edits, from definitions gathered or inspected as the runner hands them over', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
        const generator = createIncrementalGenerator(schema);
        const files = new Map<string, readonly DocumentNode[]>();
        for (const { location, version, reparse } of edits) {
          const versions = VERSIONS[location] ?? [];
          const text = versions[version % versions.length];
          if (text === undefined) files.delete(location);
          else files.set(location, [reparse ? parse(text) : (PARSED.get(text) as DocumentNode)]);
          const sources: SourceDocuments[] = [...files].map(([at, docs]) => ({
            location: at,
            documents: docs,
          }));
          const expected = outcome(() => generateModule(schema, sources));
          expect(outcome(() => generator.print(collectDefinitions(sources)))).toBe(expected);
          const inspected = inspectDefinitions(sources);
          if (inspected.problems.length === 0) {
            expect(outcome(() => generator.print(inspected))).toBe(expected);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("takes the generator's options", () => {
    const generator = createIncrementalGenerator(
      schema,
      resolveGeneratorConfig({ documentMode: 'node' }),
    );
    const sources = [
      { location: 'src/me.graphql', documents: [parse('query GetMe { me { id } }')] },
    ];
    expect(generator.print(collectDefinitions(sources))).toBe(
      generateModule(schema, sources, { documentMode: 'node' }),
    );
  });
});
