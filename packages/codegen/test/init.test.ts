import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiSchema, adminApiSchemaSdl } from '@admin-api/emulator';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import { parse, validate } from 'graphql';
import { loadConfig } from 'graphql-config';
import { describe, expect, it } from 'vitest';
import { ENV_WITHOUT_CREDENTIALS, runAdminApi } from './codegen-cli.js';
import { useProject } from './codegen-harness.js';

const project = useProject();
const init = (cwd: string, args: string[] = []) => runAdminApi(cwd, ['init', ...args]);

const readJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const NOTHING_WRITTEN =
  'Nothing was written. Run `pnpm exec admin-api init` again once that is fixed.\n';

describe('admin-api init writes a project that codegen and editors can use', () => {
  it('writes codegen.ts, .graphqlrc.yml, .env.example, a sample document valid against the Admin API, a codegen script and "type": "module"', async () => {
    const dir = project({
      'package.json': '{\n  "name": "shop",\n  "scripts": { "build": "tsc" }\n}\n',
    });
    const { code, stdout } = await init(dir);
    expect(code).toBe(0);
    expect(readFileSync(join(dir, 'codegen.ts'), 'utf8')).toContain(
      "documents: ['src/**/*.graphql', 'src/**/*.{ts,tsx}']",
    );
    expect(readFileSync(join(dir, '.graphqlrc.yml'), 'utf8')).toContain(
      'schema: admin-api.schema.graphql\n',
    );
    expect(readFileSync(join(dir, '.env.example'), 'utf8')).toContain('ADMIN_API_CLIENT_SECRET=\n');
    const sample = readFileSync(join(dir, 'src/me.graphql'), 'utf8');
    expect(validate(adminApiSchema(), parse(sample))).toEqual([]);
    expect(readJson(dir)).toEqual({
      name: 'shop',
      scripts: { build: 'tsc', codegen: 'admin-api codegen' },
      type: 'module',
    });
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('.env\n');
    expect(stdout).toContain('pnpm codegen');
    // The same bytes for every package manager, and no command that is on no PATH (a bare
    // `admin-api …` runs only through one): they point at the project's codegen script.
    for (const file of ['codegen.ts', '.graphqlrc.yml', '.env.example', 'src/me.graphql']) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/\b(pnpm|npm|npx|yarn|bun|deno)\b|`admin-api /);
    }
    expect(readFileSync(join(dir, '.graphqlrc.yml'), 'utf8')).toContain(
      'run your codegen script with ADMIN_API_SCHEMA_REFRESH=1 set',
    );
  });

  it('writes an editor config through which graphql-config validates .graphql and .ts documents against the cached schema', async () => {
    const dir = project({ 'package.json': '{"name":"shop"}' });
    expect((await init(dir)).code).toBe(0);
    // What `pnpm codegen` (or `admin-api schema pull`) caches: the Admin API schema.
    writeFileSync(join(dir, 'admin-api.schema.graphql'), adminApiSchemaSdl());
    writeFileSync(
      join(dir, 'src/orders.ts'),
      'export const LIST_ORDERS = /* GraphQL */ `query ListOrders { listOrder { count data { id orderNumber } } }`;\n',
    );
    writeFileSync(join(dir, 'src/typo.graphql'), 'query Typo {\n  me {\n    nmae\n  }\n}\n');

    // As the editors' language server does: graphql-config says which files belong to the project
    // and gives the schema; .ts files have their embedded documents plucked.
    const config = await loadConfig({ rootDir: dir, throwOnMissing: true });
    const editorProject = config?.getDefault();
    if (!editorProject) throw new Error('graphql-config found no project');
    const schema = await editorProject.getSchema();
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) =>
          /\.(graphql|ts)$/.test(file) &&
          file !== editorProject.schema &&
          editorProject.match(join(dir, file)),
      )
      .sort();
    const errors = Object.fromEntries(
      files.map((file) => {
        const text = readFileSync(join(dir, file), 'utf8');
        const sources = file.endsWith('.ts')
          ? gqlPluckFromCodeStringSync(file, text).map((source) => source.body)
          : [text];
        return [
          file,
          sources.flatMap((body) => validate(schema, parse(body)).map((error) => error.message)),
        ];
      }),
    );
    expect(errors).toEqual({
      'src/me.graphql': [],
      'src/orders.ts': [],
      'src/typo.graphql': ['Cannot query field "nmae" on type "MeResponse". Did you mean "name"?'],
    });
  });

  it('never overwrites a changed file without --force', async () => {
    const dir = project({ 'package.json': '{}', 'codegen.ts': '// mine\n' });
    const refused = await init(dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not overwriting codegen.ts');
    expect(readFileSync(join(dir, 'codegen.ts'), 'utf8')).toBe('// mine\n');
    expect(existsSync(join(dir, '.env.example'))).toBe(false);

    const forced = await init(dir, ['--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'codegen.ts'), 'utf8')).toContain('defineConfig');
  });

  it('suggests installing only the packages the project lacks', async () => {
    const dir = project({
      'package.json': '{"dependencies":{"graphql":"^16.0.0","@admin-api/client":"^0.1.0"}}',
    });
    const { stdout } = await init(dir);
    expect(stdout).toContain('  pnpm add -D @admin-api/codegen\n');
    expect(stdout).not.toContain('  pnpm add @');
    expect(stdout).not.toContain('graphql@16');
  });

  it.each([
    ['npm/10.9.2 node/v20.20.2 linux x64 workspaces/false', 'npm install', 'npm run codegen'],
    ['yarn/1.22.22 npm/? node/v20.20.2 linux x64', 'yarn add', 'yarn codegen'],
    ['pnpm/10.34.9 npm/? node/v20.20.2 linux x64', 'pnpm add', 'pnpm codegen'],
  ])('speaks the package manager that ran it (%s)', async (agent, add, codegen) => {
    const dir = project({ 'package.json': '{"name":"shop"}' });
    const { stdout } = await runAdminApi(dir, ['init'], {
      ...ENV_WITHOUT_CREDENTIALS,
      npm_config_user_agent: agent,
    });
    expect(stdout).toContain(`  ${add} @admin-api/client graphql@16\n`);
    expect(stdout).toContain(`  ${add} -D @admin-api/codegen\n`);
    expect(stdout).toContain(`  ${codegen.padEnd(22)} # writes admin-api.schema.graphql`);
  });

  it('suggests copying .env.example only to a project without a .env', async () => {
    const fresh = await init(project({ 'package.json': '{}' }));
    expect(fresh.stdout).toContain('  cp .env.example .env');
    const withEnv = await init(
      project({ 'package.json': '{}', '.env': 'ADMIN_API_CLIENT_ID=x\n' }),
    );
    expect(withEnv.code).toBe(0);
    expect(withEnv.stdout).not.toContain('cp .env.example');
  });

  it('is idempotent', async () => {
    const dir = project({ 'package.json': '{}' });
    await init(dir);
    const before = readFileSync(join(dir, 'package.json'), 'utf8');
    const again = await init(dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('kept     codegen.ts');
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(before);
  });

  it('accepts a package.json that starts with a UTF-8 byte order mark, and keeps the mark', async () => {
    const dir = project({ 'package.json': '\uFEFF{"name":"shop"}' });
    const { code } = await init(dir);
    expect(code).toBe(0);
    const text = readFileSync(join(dir, 'package.json'), 'utf8');
    expect(text.startsWith('\uFEFF{\n')).toBe(true);
    expect(JSON.parse(text.slice(1)).scripts).toEqual({ codegen: 'admin-api codegen' });
  });
});

describe('admin-api init checks everything before writing anything', () => {
  it('refuses when src is a file', async () => {
    const dir = project({ 'package.json': '{"name":"shop"}\n', src: 'not a folder\n' });
    const { code, stderr } = await init(dir);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `✘ src is a file, but src/me.graphql goes in a folder of that name: rename or move src.\n${NOTHING_WRITTEN}`,
    );
    expect(readdirSync(dir).sort()).toEqual(['package.json', 'src']);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"shop"}\n');
  });

  it('refuses when package.json is not valid JSON', async () => {
    const dir = project({ 'package.json': '{ "name": "shop", }\n' });
    const { code, stderr } = await init(dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^✘ package\.json is not valid JSON \(.+\): fix it, or move it aside\.\n/,
    );
    expect(readdirSync(dir)).toEqual(['package.json']);
  });

  it.each([
    ['a string', '"build"'],
    ['an array', '["a"]'],
    ['null', 'null'],
  ])('refuses, naming package.json, when its "scripts" is %s', async (kind, scripts) => {
    const original = `{"name":"x","scripts":${scripts}}\n`;
    const dir = project({ 'package.json': original });
    const { code, stderr } = await init(dir);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `✘ package.json: "scripts" is ${kind}, where an object of named commands goes: fix it.\n${NOTHING_WRITTEN}`,
    );
    expect(readdirSync(dir)).toEqual(['package.json']);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(original);
  });

  it.each([
    ['.gitignore', 'missing-dir/gitignore'],
    ['src', '/nonexistent/src'],
  ])('refuses when %s is a symbolic link to nothing', async (link, target) => {
    const dir = project({ 'package.json': '{"name":"x"}\n' });
    symlinkSync(target, join(dir, link));
    const { code, stderr } = await init(dir);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `✘ ${link} is a symbolic link to ${target}, which does not exist: create the target, or remove the link.\n${NOTHING_WRITTEN}`,
    );
    expect(readdirSync(dir).sort()).toEqual([link, 'package.json'].sort());
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"x"}\n');
  });
});

describe('admin-api init and "type": "module" (the kit is ESM-only)', () => {
  it('leaves "type" unset where .js files are CommonJS, and names them with the way to switch', async () => {
    const dir = project({
      'package.json': '{"name":"shop"}',
      'server.js': "const http = require('node:http');\n",
      'lib/util.js': 'module.exports = {};\n',
      'lib/esm.js': 'export const x = 1;\n',
      'node_modules/dep/index.js': 'module.exports = 1;\n',
    });
    const { code, stdout } = await init(dir);
    expect(code).toBe(0);
    expect(readJson(dir)).toEqual({ name: 'shop', scripts: { codegen: 'admin-api codegen' } });
    expect(stdout).toContain(
      '! package.json has no "type", and these are CommonJS: lib/util.js, server.js. "type" was left unset',
    );
    expect(stdout).toContain('Node >= 20.19 or >= 22.12 can require() it');
    expect(stdout).toContain('then run `pnpm exec admin-api init --esm`');
  });

  it('leaves "type" unset where tsconfig.json compiles to CommonJS', async () => {
    const dir = project({
      'package.json': '{"name":"shop"}',
      'tsconfig.json': '{ "compilerOptions": { "module": "CommonJS" } }',
    });
    const { stdout } = await init(dir);
    expect(readJson(dir).type).toBeUndefined();
    expect(stdout).toContain('these are CommonJS: tsconfig.json ("module": "commonjs")');
  });

  it('switches "type": "commonjs" (npm init writes it) where nothing is CommonJS, and says so', async () => {
    const dir = project({ 'package.json': '{"name":"shop","type":"commonjs"}' });
    const { code, stdout } = await init(dir);
    expect(code).toBe(0);
    expect(readJson(dir).type).toBe('module');
    expect(stdout).toContain('"type": "module", was "commonjs" (npm init\'s default;');
  });

  it('keeps "type": "commonjs" where .js files are CommonJS, and says how to switch', async () => {
    const dir = project({
      'package.json': '{"name":"shop","type":"commonjs"}',
      'server.js': "const http = require('node:http');\n",
    });
    const { code, stdout } = await init(dir);
    expect(code).toBe(0);
    expect(readJson(dir).type).toBe('commonjs');
    expect(stdout).toContain(
      '! package.json says "type": "commonjs", and these are CommonJS: server.js. "type" was left as it is',
    );
    expect(stdout).toContain('then run `pnpm exec admin-api init --esm`');
  });

  it('keeps "type": "commonjs" where tsconfig.json compiles .ts sources by "type" (nodenext)', async () => {
    const dir = project({
      'package.json': '{"name":"shop","type":"commonjs"}',
      'tsconfig.json': '{ "compilerOptions": { "module": "NodeNext" } }',
      'src/index.ts': "import { a } from './a';\n",
    });
    const { stdout } = await init(dir);
    expect(readJson(dir).type).toBe('commonjs');
    expect(stdout).toContain(
      'tsconfig.json ("module": "NodeNext" compiles these .ts files to CommonJS)',
    );
  });

  it('switches a fresh npm init + tsc --init project (nodenext, no sources yet) to "module"', async () => {
    const dir = project({
      'package.json': '{"name":"shop","type":"commonjs"}',
      'tsconfig.json':
        '{ "compilerOptions": { "module": "nodenext", "verbatimModuleSyntax": true } }',
    });
    await init(dir);
    expect(readJson(dir).type).toBe('module');
  });

  it('keeps any other "type" and says how to switch', async () => {
    const dir = project({ 'package.json': '{"name":"shop","type":"cjs"}' });
    const { code, stdout } = await init(dir);
    expect(code).toBe(0);
    expect(readJson(dir).type).toBe('cjs');
    expect(stdout).toContain('package.json says "type": "cjs"; left as it is.');
  });

  it('with --esm sets "type": "module" anyway and names the files to rename to .cjs', async () => {
    const dir = project({ 'package.json': '{"name":"shop"}', 'server.js': 'require("x");\n' });
    const { code, stdout } = await init(dir, ['--esm']);
    expect(code).toBe(0);
    expect(readJson(dir).type).toBe('module');
    expect(stdout).toContain('rename these CommonJS files to .cjs, or convert them: server.js');
  });
});
