import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiSchema, adminApiSchemaSdl } from '@admin-api/emulator';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { defineConfig, toGraphQLCodegenConfig } from '../src/index.js';
import { runCodegen } from '../src/runner/run-codegen.js';
import { useProject } from './codegen-harness.js';
import { captureIo, inDirectory, writeAdminApiCache } from './runner-harness.js';

// A user's own graphql-codegen plugins beside ours, in `generates`: `admin-api codegen` writes
// them through graphql-codegen's engine, never skips them silently, and no door prunes the
// schema they see.

const project = useProject();
const TYPES = Object.keys(adminApiSchema().getTypeMap()).length;

/** A plugin of the user's: how many types its schema has, and the operations it was given. */
const CENSUS_PLUGIN = `exports.plugin = (schema, documents) => {
  const operations = documents
    .flatMap((file) => (file.document ? file.document.definitions : []))
    .flatMap((definition) => (definition.name && definition.kind === 'OperationDefinition' ? [definition.name.value] : []))
    .sort();
  return \`// \${Object.keys(schema.getTypeMap()).length} types; operations: \${operations.join(', ')}\\n\`;
};
`;

const GENERATES = { 'src/gql/census.ts': { plugins: ['./census.cjs'] } };

function census(dir: string): string {
  return readFileSync(join(dir, 'src/gql/census.ts'), 'utf8');
}

function userProject(files: Record<string, string>): string {
  const dir = project({
    ...files,
    'census.cjs': CENSUS_PLUGIN,
    'codegen.ts': `export default ${JSON.stringify({
      documents: ['src/**/*.graphql'],
      output: 'src/generated/admin-api.ts',
      envFile: false,
      generates: GENERATES,
    })};\n`,
  });
  writeAdminApiCache(join(dir, 'admin-api.schema.graphql'), adminApiSchemaSdl());
  return dir;
}

describe('outputs of other graphql-codegen plugins, in generates', () => {
  it('are written by admin-api codegen through graphql-codegen, from the full schema and the same documents', async () => {
    const dir = userProject({ 'src/me.graphql': 'query GetMe { me { id } }\n' });
    const io = captureIo();
    expect(await inDirectory(dir, () => runCodegen({}, io))).toBe(0);
    expect(readFileSync(join(dir, 'src/generated/admin-api.ts'), 'utf8')).toContain(
      'getMe: call(GetMeDocument)',
    );
    expect(census(dir)).toBe(`// ${TYPES} types; operations: GetMe\n`);
    expect(io.stdout).toEqual([
      expect.stringMatching(/^✔ src\/generated\/admin-api\.ts: 1 operation, /),
      '✔ src/gql/census.ts: graphql-codegen (./census.cjs)',
    ]);
  });

  it('are not written, and say so, when the documents have errors: no silent skip', async () => {
    const dir = userProject({ 'src/me.graphql': 'query GetMe { me { shoeSize } }\n' });
    const io = captureIo();
    expect(await inDirectory(dir, () => runCodegen({}, io))).toBe(1);
    expect(io.stderr).toContain(
      '✘ src/gql/census.ts (graphql-codegen: ./census.cjs) not written: the documents have errors',
    );
    expect(existsSync(join(dir, 'src/gql/census.ts'))).toBe(false);
  });

  it('fail admin-api codegen, exit 1, when their plugin fails', async () => {
    const dir = userProject({ 'src/me.graphql': 'query GetMe { me { id } }\n' });
    const io = captureIo();
    const broken = 'exports.plugin = () => { throw new Error("the census plugin broke"); };\n';
    writeFileSync(join(dir, 'census.cjs'), broken);
    expect(await inDirectory(dir, () => runCodegen({}, io))).toBe(1);
    expect(io.stderr.join('\n')).toContain('the census plugin broke');
    // The module itself was written: it does not depend on them.
    expect(existsSync(join(dir, 'src/generated/admin-api.ts'))).toBe(true);
  });

  it('see the full schema through graphql-codegen too (pruning is for the module’s output alone), beside the same module', async () => {
    const dir = userProject({ 'src/me.graphql': 'query GetMe { me { id } }\n' });
    const config = toGraphQLCodegenConfig(
      defineConfig({
        documents: 'src/**/*.graphql',
        output: 'src/generated/admin-api.ts',
        envFile: false,
        generates: GENERATES,
      }),
    );
    const outputs = (await inDirectory(dir, () =>
      generate({ ...config, cwd: dir, silent: true }, false),
    )) as { filename: string; content: string }[];
    const byName = Object.fromEntries(outputs.map((output) => [output.filename, output.content]));
    expect(byName['src/gql/census.ts']).toBe(`// ${TYPES} types; operations: GetMe\n`);
    expect(byName['src/generated/admin-api.ts']).toBe(
      await inDirectory(dir, async () => {
        await runCodegen({}, captureIo());
        return readFileSync(join(dir, 'src/generated/admin-api.ts'), 'utf8');
      }),
    );
  });
});
