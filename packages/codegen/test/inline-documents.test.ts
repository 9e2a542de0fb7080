import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCodegen } from '../src/runner/run-codegen.js';
import { captureIo, inDirectory, useRunnerProject } from './runner-harness.js';
import { typeCheckGenerated } from './type-check-project.js';

const project = useRunnerProject();

/** The same four operations, one per way of writing GraphQL in code. */
const OPERATIONS = [
  '# Who the token belongs to.\nquery GetMe {\n  me {\n    id\n    name\n    scopes\n  }\n}',
  'query ListProducts($pagination: PaginationInput) {\n  listProduct(pagination: $pagination) {\n    count\n    hasNext\n    data {\n      ...ProductCard\n    }\n  }\n}',
  'fragment ProductCard on Product {\n  id\n  name\n}',
  'mutation DeleteProducts($idList: [String!]!) {\n  deleteProductList(idList: $idList)\n}',
];

const AS_GRAPHQL = { 'src/operations.graphql': `${OPERATIONS.join('\n\n')}\n` };

const AS_CODE = {
  'src/operations.ts': `import { gql, graphql } from './tags.js';

export const GET_ME = gql\`
${OPERATIONS[0]}
\`;

export const LIST_PRODUCTS = graphql(\`
${OPERATIONS[1]}
\`);

export const PRODUCT_CARD = /* GraphQL */ \`
${OPERATIONS[2]}
\`;

export const DELETE_PRODUCTS = \`#graphql
${OPERATIONS[3]}
\`;

// Not GraphQL: an ordinary template string is left alone.
export const greeting = \`query me, maybe\`;
`,
};

async function generated(dir: string): Promise<string> {
  const code = await inDirectory(dir, () => runCodegen({}, captureIo()));
  expect(code).toBe(0);
  return readFileSync(join(dir, 'src/generated/admin-api.ts'), 'utf8');
}

describe('operations written inline in .ts files', () => {
  it('are found in gql tags, graphql() calls, /* GraphQL */ and #graphql templates', async () => {
    const module = await generated(project(AS_CODE));
    for (const name of [
      'GetMeQuery',
      'ListProductsQuery',
      'ProductCardFragment',
      'DeleteProductsMutation',
    ]) {
      expect(module).toContain(`export type ${name} =`);
    }
  });

  it('generate the same module, byte for byte, as the same operations in a .graphql file', async () => {
    // One after the other: the runner works in the current directory.
    const fromCode = await generated(project(AS_CODE));
    const fromGraphql = await generated(project(AS_GRAPHQL));
    expect(fromCode).toBe(fromGraphql);
    // The leading # comment becomes the method's TSDoc in both.
    expect(fromCode).toContain(
      '    /** Who the token belongs to. */\n    getMe: call(GetMeDocument),',
    );
  });

  it('generate a module that type-checks with a usage snippet under the strictest settings', async () => {
    const dir = project({
      ...AS_CODE,
      'src/tags.ts':
        'export const gql = (strings: TemplateStringsArray) => strings.join("");\nexport const graphql = (source: string) => source;\n',
      'src/usage.ts': `import type { AdminClient } from '@admin-api/client';
import { getSdk } from './generated/admin-api.js';

export async function names(client: AdminClient): Promise<string[]> {
  const sdk = getSdk(client);
  const { listProduct } = await sdk.listProducts({ pagination: { page: 1, limit: 10 } });
  await sdk.deleteProducts({ idList: ['p1'] });
  return listProduct.data.map((product) => product.name);
}
`,
    });
    const module = await generated(dir);
    expect(await typeCheckGenerated(dir, module)).toBe('');
  });
});
