import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApiSchema } from '@admin-api/emulator';
import { generate } from '@graphql-codegen/cli';
import { type GraphQLSchema, printSchema } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CodegenError,
  defineConfig,
  type GraphQLCodegenConfig,
  plugin,
  preset,
  toGraphQLCodegenConfig,
  writeSchemaCache,
} from '../src/index.js';
import { runCodegen } from '../src/runner/run-codegen.js';
import { codegenFailure, useProject } from './codegen-harness.js';
import { ADMIN_API_EDGE_CASES, type Corpus, corpora } from './generator-corpus.js';
import { captureIo, inDirectory } from './runner-harness.js';

// One core, two doors: the same documents through `admin-api codegen` and through graphql-codegen
// (toGraphQLCodegenConfig, and a hand-written config with the preset) give the same bytes and
// the same diagnostics: codes, file:line:column and messages, errors and warnings alike.

const project = useProject();
const OUTPUT = 'src/generated/admin-api.ts';
const CACHE = 'admin-api.schema.graphql';
const DOCUMENTS = ['src/**/*.graphql', 'src/**/*.ts'];

afterEach(() => vi.restoreAllMocks());

const QUIET = { info: () => {}, warn: () => {} };

/** What a door made of the documents: the module, or none, and its diagnostics as heads. */
interface DoorResult {
  readonly module: string | undefined;
  /** `file:line:column: error: message [CODE]`, in the order reported. */
  readonly errors: readonly string[];
  /** `file:line:column: warning: message`. */
  readonly warnings: readonly string[];
}

/** A project of the corpus's files, its schema cached, and a codegen.ts that imports nothing. */
function corpusProject(schema: GraphQLSchema, files: Readonly<Record<string, string>>): string {
  const dir = project({
    ...files,
    'codegen.ts': `export default ${JSON.stringify({ documents: DOCUMENTS, output: OUTPUT, envFile: false })};\n`,
  });
  writeSchemaCache(join(dir, CACHE), printSchema(schema), 'https://api.example.com/graphql');
  return dir;
}

const HEAD = /^(\S.*?:\d+:\d+: )(error|warning): /;

/** `admin-api codegen`, in `dir`. */
async function throughCli(dir: string): Promise<DoorResult> {
  const io = captureIo();
  const code = await inDirectory(dir, () => runCodegen({}, io));
  const heads = io.stderr.flatMap((entry) => {
    const head = entry.split('\n')[0] ?? '';
    return HEAD.test(head) ? [head] : [];
  });
  const module = join(dir, OUTPUT);
  return {
    module: code === 0 ? readFileSync(module, 'utf8') : undefined,
    errors: heads.filter((head) => HEAD.exec(head)?.[2] === 'error'),
    warnings: heads.filter((head) => HEAD.exec(head)?.[2] === 'warning'),
  };
}

/** `file:line:column: message`, as the door's logger gets a warning, as the CLI heads it. */
const asWarningHead = (line: string) => line.replace(/^(\S.*?:\d+:\d+: )/, '$1warning: ');

/** graphql-codegen's `generate()` on `config` in `dir`; warnings from `warnings` once it ends. */
async function throughGraphqlCodegen(
  dir: string,
  config: GraphQLCodegenConfig,
  warnings: string[],
): Promise<DoorResult> {
  return inDirectory(dir, async () => {
    try {
      const outputs = (await generate({ ...config, cwd: dir, silent: true }, false)) as {
        content: string;
      }[];
      return { module: outputs[0]?.content, errors: [], warnings: warnings.map(asWarningHead) };
    } catch (error) {
      const cause = error instanceof AggregateError ? error.errors[0] : error;
      expect(cause, (cause as Error).message).toBeInstanceOf(CodegenError);
      const errors = (cause as CodegenError).message
        .split('\n')
        .flatMap((line) => (/^ {2}\S/.test(line) ? [line.slice(2)] : []));
      return { module: undefined, errors, warnings: warnings.map(asWarningHead) };
    }
  });
}

/** graphql-codegen on `toGraphQLCodegenConfig(defineConfig(…))`, as its CLI runs such a file. */
function throughToGraphqlCodegenConfig(dir: string): Promise<DoorResult> {
  const warnings: string[] = [];
  const config = toGraphQLCodegenConfig(
    defineConfig({
      documents: DOCUMENTS,
      output: OUTPUT,
      envFile: false,
      logger: { info: () => {}, warn: (line) => warnings.push(line) },
    }),
  );
  return throughGraphqlCodegen(dir, config, warnings);
}

/**
 * graphql-codegen on a hand-written config with the preset: its warnings go to stderr. With
 * `sort: false`: by default graphql-codegen sorts the schema it loads, and the module lists enum
 * values and input fields in the schema's order (GitHub's schema is not sorted).
 */
async function throughPreset(dir: string, alone = false): Promise<DoorResult> {
  const stderr: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    const match = /^\[admin-api\] warning: (.*)\n$/s.exec(String(chunk));
    if (match?.[1]) stderr.push(match[1]);
    return true;
  });
  const config: GraphQLCodegenConfig = {
    schema: CACHE,
    documents: DOCUMENTS,
    config: { sort: false },
    generates: { [OUTPUT]: alone ? { plugins: ['admin-api'] } : { preset } },
    ...(alone ? { pluginLoader: async () => ({ plugin }) } : {}),
  };
  const result = await throughGraphqlCodegen(dir, config, stderr);
  vi.restoreAllMocks();
  return result;
}

/**
 * Every door over one corpus: each result must equal the CLI's. The plugin alone too, with
 * `alone` (valid documents only: graphql-codegen checks them itself, with its own messages,
 * before any plugin runs; and that check makes it the slowest door).
 */
async function expectSameThroughEveryDoor(
  schema: GraphQLSchema,
  files: Readonly<Record<string, string>>,
  alone = false,
): Promise<DoorResult> {
  const dir = corpusProject(schema, files);
  const cli = await throughCli(dir);
  expect(await throughToGraphqlCodegenConfig(dir)).toEqual(cli);
  expect(await throughPreset(dir)).toEqual(cli);
  if (alone) expect(await throughPreset(dir, true)).toEqual(cli);
  return cli;
}

const REPO_EXAMPLE = fileURLToPath(
  new URL('../../../examples/basic/src/graphql/', import.meta.url),
);

/** The example's documents, as the repo's `pnpm codegen` reads them. */
function exampleDocuments(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(REPO_EXAMPLE)
      .filter((name) => name.endsWith('.graphql'))
      .map((name) => [`src/graphql/${name}`, readFileSync(join(REPO_EXAMPLE, name), 'utf8')]),
  );
}

/** The edge cases again, some of them inline in `.ts` files, in marks both doors pluck. */
const INLINE: Readonly<Record<string, string>> = {
  'src/fragments/brand.graphql': ADMIN_API_EDGE_CASES['src/fragments/brand.graphql'] ?? '',
  'src/fragments/product.ts': `export const PRODUCT_BASICS = /* GraphQL */ \`
${ADMIN_API_EDGE_CASES['src/fragments/product.graphql']}\`;
`,
  'src/products.ts': `import { gql } from './tags.js';

// Products with their basics.
export const PRODUCTS = gql\`
${ADMIN_API_EDGE_CASES['src/products.graphql']}\`;
`,
  'src/orders.ts': `declare const graphql: (strings: TemplateStringsArray) => string;
export const ORDERS = graphql\`
${ADMIN_API_EDGE_CASES['src/orders.graphql']}\`;
`,
  'src/me.graphql': ADMIN_API_EDGE_CASES['src/me.graphql'] ?? '',
};

/** Documents that break every rule of the rulebook, and one that warns. */
const BROKEN: Readonly<Record<string, string>> = {
  'src/a.graphql': 'query GetMe { me { id } }\n\nfragment Card on Product { id }\n',
  'src/b.graphql':
    '# the same name\nquery GetMe { me { name } }\nfragment Card on Product { name }\n',
  'src/c.graphql': 'query getMe { me { scopes } }\n\n{ me { id } }\nquery Then { me { id } }\n',
  'src/orders.ts': `export const ORDERS = /* GraphQL */ \`
  query Orders {
    listOrder(pagination: { page: 1, limit: 5 }) {
      data {
        id
        totalPrize
        orderLineItems { variant { taxValue } }
      }
    }
  }
\`;
`,
  'src/products.graphql':
    'query Products {\n  listProduct(pagination: { limit: "ten" }) { count }\n}\n',
};

/**
 * A `.ts` file whose only operation is a `#graphql` template, which graphql-codegen's own loader
 * does not pluck, beside one it does.
 */
const HASH_GRAPHQL_ONLY: Readonly<Record<string, string>> = {
  'src/a.ts': 'export const A = `#graphql\n  query GetMe { me { id } }\n`;\n',
  'src/b.ts': 'export const B = /* GraphQL */ `query GetName { me { name } }`;\n',
};

describe('the two doors, admin-api codegen and graphql-codegen with the preset', () => {
  it.each(corpora().map((corpus): [string, Corpus] => [corpus.name, corpus]))(
    'give the same bytes for the %s corpus (the plugin alone too, on the Admin API edge cases)',
    async (_, corpus) => {
      const alone = corpus.name === 'adminApiEdgeCases';
      const cli = await expectSameThroughEveryDoor(corpus.schema, corpus.files, alone);
      expect(cli.module).toContain('export function getSdk(');
      expect(cli.errors).toEqual([]);
    },
  );

  it("give the same bytes for the repo's example documents", async () => {
    const cli = await expectSameThroughEveryDoor(adminApiSchema(), exampleDocuments());
    const committed = fileURLToPath(
      new URL('../../../examples/basic/src/generated/admin-api.ts', import.meta.url),
    );
    // The module the repo's own `pnpm codegen` writes from them (when it has been run).
    if (existsSync(committed)) expect(cli.module).toBe(readFileSync(committed, 'utf8'));
  });

  it('give the same bytes and warnings for operations inline in .ts files', async () => {
    const cli = await expectSameThroughEveryDoor(adminApiSchema(), INLINE, true);
    expect(cli.warnings).toContain(
      'src/orders.ts:9:42: warning: OrderLineVariant.taxValue is deprecated: Will be removed use OrderLineItem.taxValue',
    );
  });

  it('give the same bytes for a .ts file whose only operation is a #graphql template, through toGraphQLCodegenConfig', async () => {
    const dir = corpusProject(adminApiSchema(), HASH_GRAPHQL_ONLY);
    const cli = await throughCli(dir);
    expect(cli.module).toContain('getMe: call(GetMeDocument)');
    expect(cli.module).toContain('getName: call(GetNameDocument)');
    expect(await throughToGraphqlCodegenConfig(dir)).toEqual(cli);
  });

  it('give the same bytes for a project whose only operations are #graphql templates, through toGraphQLCodegenConfig', async () => {
    const dir = corpusProject(adminApiSchema(), {
      'src/a.ts': HASH_GRAPHQL_ONLY['src/a.ts'] ?? '',
    });
    const cli = await throughCli(dir);
    expect(cli.module).toContain('getMe: call(GetMeDocument)');
    expect(await throughToGraphqlCodegenConfig(dir)).toEqual(cli);
  });

  it('stop with NO_DOCUMENTS through toGraphQLCodegenConfig when no file matches the documents', async () => {
    const dir = corpusProject(adminApiSchema(), { 'src/readme.md': '# no documents here\n' });
    const cli = await throughCli(dir);
    expect(cli.module).toBeUndefined();
    const config = toGraphQLCodegenConfig(
      defineConfig({ documents: DOCUMENTS, output: OUTPUT, envFile: false, logger: QUIET }),
    );
    const error = await inDirectory(dir, () =>
      codegenFailure(generate({ ...config, cwd: dir, silent: true }, false)),
    );
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('NO_DOCUMENTS');
  });

  it('give the same diagnostics, codes and places, for documents that break every rule', async () => {
    const cli = await expectSameThroughEveryDoor(adminApiSchema(), BROKEN);
    expect(cli.module).toBeUndefined();
    expect(cli.errors).toEqual([
      'src/b.graphql:2:7: error: operation "GetMe" is also defined at src/a.graphql:1:7; operation names must be unique across all documents [DUPLICATE_OPERATION]',
      'src/b.graphql:3:10: error: fragment "Card" is defined differently at src/a.graphql:3:10; a fragment name may be defined in several files only alike: rename one of them [DOCUMENT_ERROR]',
      'src/c.graphql:1:7: error: operation "getMe" maps to the SDK method getMe(), as "GetMe" at src/a.graphql:1:7 does; rename one of them [DUPLICATE_METHOD]',
      'src/c.graphql:3:1: error: anonymous query: give it a name (e.g. "query GetMe { … }"); the name becomes the SDK method [ANONYMOUS_OPERATION]',
      'src/c.graphql:4:7: error: query "Then" maps to the SDK method then(), which would make the object getSdk() returns a thenable: awaiting it would send "Then"; rename the operation (e.g. "query GetThen") [RESERVED_METHOD_NAME]',
      'src/orders.ts:6:9: error: Cannot query field "totalPrize" on type "Order". Did you mean "totalPrice"? [DOCUMENT_ERROR]',
      'src/products.graphql:2:36: error: Int cannot represent non-integer value: "ten" [DOCUMENT_ERROR]',
    ]);
    expect(cli.warnings).toEqual([
      'src/orders.ts:7:36: warning: OrderLineVariant.taxValue is deprecated: Will be removed use OrderLineItem.taxValue',
    ]);
  });
});
