import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { CodegenError } from '../src/index.js';
import type { ProjectBuild } from '../src/runner/codegen-project.js';
import { runCodegen, startProject } from '../src/runner/run-codegen.js';
import { captureIo, inDirectory, useRunnerProject } from './runner-harness.js';

const project = useRunnerProject();

const GET_ME = 'query GetMe {\n  me {\n    id\n    name\n    scopes\n  }\n}\n';
const LIST_PRODUCTS = `query ListProducts {
  listProduct(pagination: { page: 1, limit: 10 }) {
    count
    hasNext
    data {
      id
      name
    }
  }
}
`;
const OUTPUT = 'src/generated/admin-api.ts';

/** Runs `admin-api codegen` in `dir`: exit code, what it printed, and the module if written. */
async function codegen(dir: string) {
  const io = captureIo();
  const code = await inDirectory(dir, () => runCodegen({}, io));
  const module = join(dir, OUTPUT);
  return { code, io, module: existsSync(module) ? readFileSync(module, 'utf8') : undefined };
}

/**
 * Loads and checks the project in `dir`, as `admin-api codegen` does (or, `incremental`, as the
 * watcher does), without writing.
 */
async function build(dir: string, incremental = false): Promise<ProjectBuild> {
  return inDirectory(dir, async () =>
    (await startProject({}, captureIo(), incremental)).project.build(),
  );
}

const codes = (result: ProjectBuild) => result.diagnostics.map((d) => `${d.severity} ${d.code}`);

describe('admin-api codegen reports like a compiler', () => {
  it('on success, writes the module and prints one line: operations, size and time', async () => {
    const dir = project({ 'src/me.graphql': GET_ME, 'src/products.graphql': LIST_PRODUCTS });
    const { code, io, module } = await codegen(dir);
    expect(code).toBe(0);
    expect(io.stderr).toEqual([]);
    expect(io.stdout).toHaveLength(1);
    expect(io.stdout[0]).toMatch(
      /^✔ src\/generated\/admin-api\.ts: 2 operations, \d+\.\d KB, \d+ ms$/,
    );
    // The generator's compact SDK: one typed `call` per operation.
    expect(module).toContain('getMe: call(GetMeDocument)');
    expect(module).toContain('listProducts: call(ListProductsDocument)');
  });

  it('says when a second run leaves the module as it was', async () => {
    const dir = project({ 'src/me.graphql': GET_ME });
    await codegen(dir);
    const second = await codegen(dir);
    expect(second.io.stdout[0]).toMatch(/ \(unchanged\)$/);
  });

  it('stops a syntax error in a .graphql file at its file, line and column, with the line shown', async () => {
    const dir = project({
      'src/me.graphql': GET_ME,
      'src/broken.graphql': 'query Broken {\n  me {\n    id\n',
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error DOCUMENT_ERROR']);
    const { code, io, module } = await codegen(dir);
    expect(code).toBe(1);
    expect(io.stderr).toEqual([
      'src/broken.graphql:4:1: error: Syntax Error: Expected Name, found <EOF>. [DOCUMENT_ERROR]\n  4 | \n    | ^',
      `✘ 1 error in 1 file; ${OUTPUT} not written`,
    ]);
    expect(io.stdout).toEqual([]);
    expect(module).toBeUndefined();
  });

  it('points a validation error inside a .ts file at that file’s own line and column', async () => {
    const dir = project({
      'src/orders.ts': `import { gql } from 'graphql-tag';

/** The latest orders. */
export const RECENT_ORDERS = gql\`
  query RecentOrders {
    listOrder(pagination: { page: 1, limit: 5 }) {
      data {
        id
        totalPrize
      }
    }
  }
\`;
`,
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error DOCUMENT_ERROR']);
    expect(result.diagnostics[0]?.location).toMatchObject({
      file: 'src/orders.ts',
      line: 9,
      column: 9,
    });
    const { io } = await codegen(dir);
    expect(io.stderr[0]).toBe(
      'src/orders.ts:9:9: error: Cannot query field "totalPrize" on type "Order". Did you mean "totalPrice"? [DOCUMENT_ERROR]\n' +
        '  9 |         totalPrize\n' +
        '    |         ^',
    );
  });

  it('names both places of two operations with the same name', async () => {
    const dir = project({
      'src/a.graphql': GET_ME,
      'src/b/more.graphql': '# again\nquery GetMe { me { id } }\n',
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error DUPLICATE_OPERATION']);
    const { io } = await codegen(dir);
    expect(io.stderr[0]?.split('\n')[0]).toBe(
      'src/b/more.graphql:2:7: error: operation "GetMe" is also defined at src/a.graphql:1:7; operation names must be unique across all documents [DUPLICATE_OPERATION]',
    );
  });

  it('names both places of two operations that map to one SDK method', async () => {
    const dir = project({
      'src/a.graphql': GET_ME,
      'src/b.graphql': 'query getMe { me { id } }\n',
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error DUPLICATE_METHOD']);
    expect(result.diagnostics[0]?.message).toBe(
      'operation "getMe" maps to the SDK method getMe(), as "GetMe" at src/a.graphql:1:7 does; rename one of them',
    );
  });

  it('stops an anonymous operation at its place', async () => {
    const dir = project({ 'src/me.graphql': '\n{ me { id } }\n' });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error ANONYMOUS_OPERATION']);
    expect(result.diagnostics[0]?.location).toMatchObject({
      file: 'src/me.graphql',
      line: 2,
      column: 1,
    });
  });

  it('stops an operation whose name has no letter or digit, since it names no SDK method, and writes nothing', async () => {
    const dir = project({ 'src/me.graphql': 'query _ { me { id } }\nquery __ { me { name } }\n' });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error ANONYMOUS_OPERATION', 'error ANONYMOUS_OPERATION']);
    expect(result.diagnostics[0]?.message).toBe(
      'query "_" has no letter or digit, so it names no SDK method: give it a name (e.g. "query GetMe { … }")',
    );
    const { code, module } = await codegen(dir);
    expect(code).toBe(1);
    expect(module).toBeUndefined();
  });

  it('names both places of two fragments that map to one type name', async () => {
    const dir = project({
      'src/a.graphql': 'fragment ab on MeResponse { id }\n',
      'src/b.graphql': 'query GetMe { me { ...ab ...Ab } }\nfragment Ab on MeResponse { name }\n',
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error DOCUMENT_ERROR']);
    expect(result.diagnostics[0]?.message).toBe(
      'fragment "Ab" maps to the type AbFragment, as "ab" at src/a.graphql:1:10 does; rename one of them',
    );
    expect(result.diagnostics[0]?.location).toMatchObject({ file: 'src/b.graphql', line: 2 });
  });

  it('names both places of a fragment defined differently in two files', async () => {
    const dir = project({
      'src/a.graphql': 'fragment Me on MeResponse { id }\n',
      'src/b.graphql': 'fragment Me on MeResponse { name }\n',
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error DOCUMENT_ERROR']);
    expect(result.diagnostics[0]?.message).toContain(
      'is defined differently at src/a.graphql:1:10',
    );
  });

  it('takes a fragment defined alike in two files as one fragment, as the graphql-codegen preset does', async () => {
    const dir = project({
      'src/a.graphql': 'fragment Me on MeResponse { id }\nquery GetMe { me { ...Me } }\n',
      'src/b.graphql': '# the same\nfragment Me on MeResponse {\n  id\n}\n',
    });
    const result = await build(dir);
    expect(codes(result)).toEqual([]);
    expect(result.module?.match(/export type MeFragment = /g)).toHaveLength(1);
  });

  it('refuses an operation that would give getSdk() a then method with RESERVED_METHOD_NAME at its name', async () => {
    const dir = project({ 'src/then.graphql': '\nquery Then { me { id } }\n' });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error RESERVED_METHOD_NAME']);
    expect(result.diagnostics[0]?.location).toMatchObject({
      file: 'src/then.graphql',
      line: 2,
      column: 7,
    });
  });

  it('warns about a deprecated field with file, line, column and the reason, and still generates', async () => {
    const dir = project({
      'src/taxes.graphql': `query OrderTaxes {
  listOrder(pagination: { page: 1, limit: 5 }) {
    data {
      id
      orderLineItems {
        variant {
          taxValue
        }
      }
    }
  }
}
`,
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['warning DEPRECATED']);
    const { code, io, module } = await codegen(dir);
    expect(code).toBe(0);
    expect(io.stderr[0]?.split('\n')[0]).toBe(
      'src/taxes.graphql:7:11: warning: OrderLineVariant.taxValue is deprecated: Will be removed use OrderLineItem.taxValue',
    );
    expect(io.stdout[0]).toMatch(/: 1 operation, \d+\.\d KB, 1 warning, \d+ ms$/);
    expect(module).toContain('orderTaxes: call(OrderTaxesDocument)');
    expect(module).toContain('/** @deprecated Will be removed use OrderLineItem.taxValue */');
  });

  it('reports every problem of every file at once, in file order, and writes nothing', async () => {
    const dir = project({
      'src/z.graphql': 'query Z { me { shoeSize } }\n',
      'src/a.graphql': 'query A { me { id }\n',
      'src/m.ts': 'export const q = /* GraphQL */ `query M { me { idd } }`;\n',
    });
    const { code, io, module } = await codegen(dir);
    expect(code).toBe(1);
    expect(io.stderr.map((entry) => entry.split(':').slice(0, 3).join(':'))).toEqual([
      'src/a.graphql:2:1',
      'src/m.ts:1:48',
      'src/z.graphql:1:16',
      '✘ 3 errors in 3 files; src/generated/admin-api.ts not written',
    ]);
    expect(io.lines.some((line) => line.includes('✔'))).toBe(false);
    expect(module).toBeUndefined();
  });

  it('lets fragments from other files resolve, in .graphql and .ts files alike', async () => {
    const dir = project({
      'src/fragments.graphql': 'fragment MeFields on MeResponse { id name }\n',
      'src/me.ts': 'export const ME = /* GraphQL */ `query GetMe { me { ...MeFields } }`;\n',
    });
    const { code, module } = await codegen(dir);
    expect(code).toBe(0);
    expect(module).toContain('export type MeFieldsFragment');
  });

  it('finds the same problems file by file (as the watcher checks) as all at once (one run)', async () => {
    const dir = project({
      'src/fragments.graphql': `fragment Line on OrderLineItem {
  quantity(unit: $unit)
  variant {
    taxValue
  }
}
fragment Broken on Order {
  nope
}
`,
      'src/orders.graphql':
        'query Orders($x: UnknownInput) {\n  listOrder {\n    data {\n      ...Broken\n      orderLineItems {\n        ...Line\n      }\n    }\n  }\n}\n',
      'src/me.ts': 'export const q = /* GraphQL */ `query Me { me { id ...Missing } }`;\n',
    });
    const once = await build(dir, false);
    expect(codes(once).length).toBeGreaterThanOrEqual(6);
    expect(codes(once)).toContain('warning DEPRECATED');
    // graphql-js's own words, "did you mean" hints and all.
    expect(once.diagnostics.map((d) => d.message)).toContain('Unknown type "UnknownInput".');
    expect((await build(dir, true)).diagnostics).toEqual(once.diagnostics);
  });

  it('follows variables into fragments of other files, undefined or of the wrong type, in one run and in the watcher alike', async () => {
    const dir = project({
      'src/fragments.graphql':
        'fragment Found on Query {\n  listProduct(search: $search) {\n    count\n  }\n}\n',
      'src/products.graphql':
        'query Search($search: Int) {\n  ...Found\n}\nquery Unset {\n  ...Found\n}\n',
    });
    const expected = [
      'src/fragments.graphql:2:23 Variable "$search" is not defined by operation "Unset".',
      'src/products.graphql:1:14 Variable "$search" of type "Int" used in position expecting type "String".',
    ];
    const shown = (result: ProjectBuild) =>
      result.diagnostics.map(
        (d) => `${d.location?.file}:${d.location?.line}:${d.location?.column} ${d.message}`,
      );
    expect(shown(await build(dir, false))).toEqual(expected);
    expect(shown(await build(dir, true))).toEqual(expected);
  });

  it('honours skipDocumentsValidation, as graphql-codegen does, but still checks names', async () => {
    const dir = project(
      { 'src/me.graphql': 'query GetMe { me(shoeSize: 42) { id } }\n' },
      "documents: 'src/**/*.graphql', config: { skipDocumentsValidation: true }",
    );
    expect(codes(await build(dir))).toEqual([]);
    const anonymous = project(
      { 'src/me.graphql': '{ me { id } }\n' },
      "documents: 'src/**/*.graphql', config: { skipDocumentsValidation: true }",
    );
    expect(codes(await build(anonymous))).toEqual(['error ANONYMOUS_OPERATION']);
  });

  it('never reads the schema cache as a document, and skips documents of only type definitions (server typeDefs), as graphql-codegen does', async () => {
    const dir = project(
      {
        'src/me.graphql': GET_ME,
        'src/schema-extension.graphql': 'extend type Query { local: Int }\n',
        'src/server.ts':
          "import gql from 'graphql-tag';\nexport const typeDefs = gql`\n  type Query { hello: String }\n  scalar Date\n`;\n",
      },
      "documents: ['**/*.graphql', 'src/**/*.ts']",
    );
    const result = await build(dir);
    expect(result.diagnostics).toEqual([]);
    expect(result.operations).toBe(1);
    expect(result.module).toContain('getMe: call(GetMeDocument),');
  });

  it('shows control characters from a document as escapes, never raw, in messages and code frames', async () => {
    const dir = project({
      'src/me.graphql': 'query Y { me { \u001b[2K\u001b[1A\u009b31m all good\u0007 } }\n',
    });
    const { code, io } = await codegen(dir);
    expect(code).toBe(1);
    const printed = io.stderr.join('\n');
    expect(printed).toContain('Unexpected character: U+001B.');
    expect(printed).toContain('  1 | query Y { me { \\x1b[2K\\x1b[1A\\x9b31m all good\\x07 } }');
    // Only newlines between lines: no other C0 or C1 control, nor DEL.
    const controls = [...printed].filter((char) => {
      const at = char.charCodeAt(0);
      return (at < 0x20 && char !== '\n' && char !== '\t') || (at >= 0x7f && at <= 0x9f);
    });
    expect(controls).toEqual([]);
  });

  it('counts no column for a byte order mark at the start of a file', async () => {
    const dir = project({ 'src/me.graphql': '\ufeffquery GetMe { me { nope } }\n' });
    const result = await build(dir);
    expect(result.diagnostics[0]?.location).toMatchObject({ line: 1, column: 20 });
    expect(result.diagnostics[0]?.location?.lineText).toBe('query GetMe { me { nope } }');
  });

  it('blanks a whole interpolation in a .ts template, braces and all, keeping the columns after it', async () => {
    const interpolation = ['$', '{{ a: "}" }.a}'].join('');
    const dir = project({
      'src/me.ts': `export const q = /* GraphQL */ \`query GetMe { me { id ${interpolation} nope } }\`;\n`,
    });
    const result = await build(dir);
    expect(codes(result)).toEqual(['error DOCUMENT_ERROR']);
    expect(result.diagnostics[0]?.message).toContain(
      'Cannot query field "nope" on type "MeResponse".',
    );
    expect(result.diagnostics[0]?.location).toMatchObject({
      file: 'src/me.ts',
      line: 1,
      column: 71,
    });
  });

  it('stops with NO_DOCUMENTS when the globs match no file', async () => {
    const dir = project({}, "documents: 'src/**/*.graphql'");
    const result = await build(dir);
    expect(codes(result)).toEqual(['error NO_DOCUMENTS']);
    const { io } = await codegen(dir);
    expect(io.stderr[0]).toBe(
      'error: no file matches the documents "src/**/*.graphql" (from codegen.ts) [NO_DOCUMENTS]',
    );
  });

  it('names the config file --config chose, not codegen.ts, in NO_DOCUMENTS', async () => {
    const dir = project({}, "documents: 'src/**/*.graphql'");
    renameSync(join(dir, 'codegen.ts'), join(dir, 'codegen.other.ts'));
    const io = captureIo();
    const code = await inDirectory(dir, () => runCodegen({ config: 'codegen.other.ts' }, io));
    expect(code).toBe(1);
    expect(io.stderr[0]).toBe(
      'error: no file matches the documents "src/**/*.graphql" (from codegen.other.ts) [NO_DOCUMENTS]',
    );
  });

  it('refuses, with INVALID_OPTION naming both, an output that is the config, the schema cache, the env file or a document, and overwrites nothing', async () => {
    const dist = JSON.stringify(fileURLToPath(new URL('../dist/index.js', import.meta.url)));
    const cases = [
      ['codegen.ts', 'the config file itself'],
      ['admin-api.schema.graphql', 'the schema cache'],
      ['.env', 'the env file'],
      ['src/me.graphql', 'a GraphQL document (as the documents "src/**/*.graphql" read)'],
    ] as const;
    for (const [output, what] of cases) {
      const config = `import { defineConfig } from ${dist};
export default defineConfig({ documents: 'src/**/*.graphql', output: ${JSON.stringify(output)} });
`;
      const dir = project({ 'src/me.graphql': GET_ME, '.env': '# empty\n', 'codegen.ts': config });
      const before = readFileSync(join(dir, output), 'utf8');
      const error: unknown = await codegen(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CodegenError);
      expect((error as CodegenError).code).toBe('INVALID_OPTION');
      expect((error as CodegenError).message).toContain(
        `"output" in codegen.ts is ${output}, ${what}`,
      );
      expect(readFileSync(join(dir, output), 'utf8')).toBe(before);
    }
  });

  it('refuses an output that is a .ts document holding the user’s code, and leaves that file as it was', async () => {
    const dist = JSON.stringify(fileURLToPath(new URL('../dist/index.js', import.meta.url)));
    const userCode =
      'export const Q = /* GraphQL */ `query ListP { listProduct { count } }`;\nexport const important = () => 42;\n';
    const dir = project({
      'src/me.graphql': GET_ME,
      'src/products.ts': userCode,
      'codegen.ts': `import { defineConfig } from ${dist};
export default defineConfig({ documents: ['src/**/*.graphql', 'src/**/*.ts'], output: 'src/products.ts' });
`,
    });
    const error: unknown = await codegen(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('INVALID_OPTION');
    expect((error as CodegenError).message).toContain(
      '"output" in codegen.ts is src/products.ts, one of your documents (the documents "src/**/*.graphql", "src/**/*.ts" match it), not a module admin-api codegen wrote',
    );
    expect(readFileSync(join(dir, 'src/products.ts'), 'utf8')).toBe(userCode);
  });

  it('refuses an output that is a file codegen did not write, but writes over an empty file and over its own module', async () => {
    const dist = JSON.stringify(fileURLToPath(new URL('../dist/index.js', import.meta.url)));
    const config = `import { defineConfig } from ${dist};
export default defineConfig({ documents: 'src/**/*.graphql', output: 'src/index.ts' });
`;
    const dir = project({
      'src/me.graphql': GET_ME,
      'src/index.ts': 'export {};\n',
      'codegen.ts': config,
    });
    const error: unknown = await codegen(dir).catch((e: unknown) => e);
    expect((error as CodegenError).code).toBe('INVALID_OPTION');
    expect((error as CodegenError).message).toContain(
      '"output" in codegen.ts is src/index.ts, a file admin-api codegen did not write',
    );
    expect(readFileSync(join(dir, 'src/index.ts'), 'utf8')).toBe('export {};\n');

    writeFileSync(join(dir, 'src/index.ts'), '');
    expect((await codegen(dir)).code).toBe(0);
    const module = readFileSync(join(dir, 'src/index.ts'), 'utf8');
    expect(module).toContain('getMe: call(GetMeDocument)');
    writeFileSync(join(dir, 'src/me.graphql'), 'query GetMe { me { id name } }\n');
    expect((await codegen(dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'src/index.ts'), 'utf8')).not.toBe(module);
  });

  it('refuses a YAML config with INVALID_CONFIG, saying graphql-codegen runs it and which configs it reads', async () => {
    const dir = project({
      'src/me.graphql': GET_ME,
      'codegen.yml':
        "schema: x.graphql\ndocuments: src/**/*.graphql\ngenerates:\n  out.ts:\n    plugins: ['@admin-api/codegen']\n",
    });
    // The message names the package manager that runs the process, here vitest's.
    vi.stubEnv('npm_config_user_agent', 'npm/10.9.2 node/v20.20.2 linux x64 workspaces/false');
    const error = await inDirectory(dir, () =>
      runCodegen({ config: 'codegen.yml' }, captureIo()).catch((e: unknown) => e),
    ).finally(() => vi.unstubAllEnvs());
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('INVALID_CONFIG');
    expect((error as CodegenError).message).toBe(
      '[INVALID_CONFIG] codegen.yml is a YAML config: YAML configs run with `graphql-codegen --config codegen.yml`. `admin-api codegen` reads a config written with `defineConfig` in codegen.ts, .mts, .js, .mjs or .cts (`npx -p @admin-api/codegen admin-api init` writes one).',
    );
  });

  it('refuses a config that does not come from defineConfig with INVALID_CONFIG', async () => {
    const dir = project({ 'src/me.graphql': GET_ME });
    const error = await inDirectory(dir, () =>
      runCodegen({ config: 'missing.ts' }, captureIo()).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('INVALID_CONFIG');
  });

  it('refuses a documentMode the generator does not know with INVALID_OPTION, as the graphql-codegen path does, before the schema step', async () => {
    // No schema cache and no credentials: a check after the schema step would fail MISSING_ENV.
    const dir = project(
      { 'src/me.graphql': GET_ME },
      "documents: 'src/**/*.graphql', schemaCache: false, config: { documentMode: 'documentNode' }",
    );
    const error = await inDirectory(dir, () =>
      runCodegen({}, captureIo()).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('INVALID_OPTION');
    expect(existsSync(join(dir, OUTPUT))).toBe(false);
  });

  it('warns once about config keys only graphql-codegen reads', async () => {
    const dir = project(
      { 'src/me.graphql': GET_ME },
      "documents: 'src/**/*.graphql', config: { avoidOptionals: true }",
    );
    const { code, io } = await codegen(dir);
    expect(code).toBe(0);
    expect(io.stderr).toEqual([
      "warning: config.avoidOptionals in codegen.ts is read only by graphql-codegen's plugins; admin-api codegen ignores it.",
    ]);
  });
});
