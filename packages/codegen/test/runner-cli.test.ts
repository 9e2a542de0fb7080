import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertGraphqlCodegenCanWatch } from '../src/graphql-codegen-watch.js';
import { ADMIN_API_BIN, ENV_WITHOUT_CREDENTIALS, runAdminApi, runNode } from './codegen-cli.js';
import { thrown } from './codegen-harness.js';
import { useRunnerProject } from './runner-harness.js';

const require = createRequire(import.meta.url);
const codegenDist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const project = useRunnerProject();

const GET_ME = 'query GetMe {\n  me {\n    id\n    name\n    scopes\n  }\n}\n';

describe('the admin-api codegen command', () => {
  it('exits 0 with one summary line on stdout and writes the module', async () => {
    const dir = project({ 'src/me.graphql': GET_ME });
    const { code, stdout, stderr } = await runAdminApi(dir, ['codegen']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^✔ src\/generated\/admin-api\.ts: 1 operation, \d+\.\d KB, \d+ ms\n$/);
    expect(readFileSync(join(dir, 'src/generated/admin-api.ts'), 'utf8')).toContain(
      'getMe: call(GetMeDocument)',
    );
  });

  it('exits 1 on an error, prints no success line and writes nothing', async () => {
    const dir = project({ 'src/me.graphql': 'query GetMe { me { shoeSize } }\n' });
    const { code, stdout, stderr } = await runAdminApi(dir, ['codegen']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      'src/me.graphql:1:20: error: Cannot query field "shoeSize" on type "MeResponse". [DOCUMENT_ERROR]',
    );
    expect(stderr).toMatch(/✘ 1 error in 1 file; src\/generated\/admin-api\.ts not written\n$/);
    expect(`${stdout}${stderr}`).not.toContain('✔');
    expect(existsSync(join(dir, 'src/generated'))).toBe(false);
  });

  it('exits 1 with INVALID_OPTION on an output or documents of the wrong type in a JavaScript config', async () => {
    const cases = [
      [
        "documents: 'src/**/*.graphql', output: 42",
        `"output" must be the path of the module to write (a string), e.g. 'src/generated/admin-api.ts', not a number`,
      ],
      [
        "documents: ['src/**/*.graphql', 7], output: 'out.ts'",
        `"documents" must be a glob or a list of globs (strings), e.g. 'src/**/*.graphql', not a list holding something else`,
      ],
    ] as const;
    for (const [options, message] of cases) {
      const dir = project({
        'src/me.graphql': 'query GetMe { me { id } }\n',
        'codegen.mjs': `import { defineConfig } from ${JSON.stringify(codegenDist)};\nexport default defineConfig({ ${options} });\n`,
      });
      const { code, stderr } = await runAdminApi(dir, ['codegen', '--config', 'codegen.mjs']);
      expect(code).toBe(1);
      expect(stderr).toContain(`✘ [INVALID_OPTION] defineConfig's ${message}`);
    }
  });

  it('exits 1 with the code when codegen.ts is missing', async () => {
    const dir = project({ 'src/me.graphql': GET_ME });
    const { code, stderr } = await runAdminApi(dir, ['codegen', '--config', 'nope.ts']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^✘ \[INVALID_CONFIG\] There is no nope\.ts/);
  });

  it('with --watch, stops cleanly with exit code 0 on Ctrl+C (SIGINT)', async () => {
    const dir = project({ 'src/me.graphql': GET_ME });
    const child = spawn(process.execPath, [ADMIN_API_BIN, 'codegen', '--watch'], {
      cwd: dir,
      env: ENV_WITHOUT_CREDENTIALS,
    });
    let output = '';
    const watching = new Promise<void>((resolve) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('watching ')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await watching;
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped watching');
    expect(readdirSync(join(dir, 'src/generated'))).toEqual(['admin-api.ts']);
  });
});

/**
 * A graphql-codegen installation without @parcel/watcher, as a project that never installed it
 * has: a copy of @graphql-codegen/cli whose dependencies are links to the real ones, all but
 * the watcher. Returns the path of its bin.
 */
function graphqlCodegenWithoutWatcher(root: string): string {
  const cli = dirname(realpathSync(require.resolve('@graphql-codegen/cli/package.json')));
  const siblings = dirname(dirname(cli));
  const modules = join(root, 'node_modules');
  cpSync(cli, join(modules, '@graphql-codegen/cli'), { recursive: true });
  for (const entry of readdirSync(siblings)) {
    if (entry === '@parcel' || entry === '.bin') continue;
    const names = entry.startsWith('@')
      ? readdirSync(join(siblings, entry)).map((name) => `${entry}/${name}`)
      : [entry];
    for (const name of names) {
      if (name === '@graphql-codegen/cli') continue;
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(realpathSync(join(siblings, name)), join(modules, name));
    }
  }
  return join(modules, '@graphql-codegen/cli/cjs/bin.js');
}

describe('graphql-codegen --watch with toGraphQLCodegenConfig', () => {
  it('exits non-zero with the install command when @parcel/watcher is not installed', async () => {
    const dir = project({
      'src/me.graphql': GET_ME,
      'codegen.ts': `import { defineConfig, toGraphQLCodegenConfig } from ${JSON.stringify(codegenDist)};
export default toGraphQLCodegenConfig(defineConfig({ documents: 'src/**/*.graphql', output: 'src/generated/admin-api.ts', envFile: false }));
`,
    });
    const bin = graphqlCodegenWithoutWatcher(dir);
    const { code, stdout, stderr } = await runNode(
      dir,
      [bin, '--config', 'codegen.ts', '--watch'],
      {
        ...ENV_WITHOUT_CREDENTIALS,
        npm_config_user_agent: 'npm/10.9.2 node/v20.20.2 linux x64 workspaces/false',
      },
    );
    expect(code).not.toBe(0);
    const output = `${stdout}${stderr}`;
    expect(output).toContain('[MISSING_DEPENDENCY] graphql-codegen --watch needs @parcel/watcher');
    expect(output).toContain(
      'run `npm install -D @parcel/watcher`, or use `npx -p @admin-api/codegen admin-api codegen --watch`',
    );
    expect(output).not.toContain('Failed to import');
  });

  it('is let through when graphql-codegen can load the watcher, and when it does not watch', () => {
    const installed = join(
      dirname(realpathSync(require.resolve('@graphql-codegen/cli/package.json'))),
      'cjs/bin.js',
    );
    expect(() => assertGraphqlCodegenCanWatch(['node', installed, '--watch'])).not.toThrow();
    const dir = project({});
    const bin = graphqlCodegenWithoutWatcher(dir);
    expect(() =>
      assertGraphqlCodegenCanWatch(['node', bin, '--config', 'codegen.ts']),
    ).not.toThrow();
    expect(() =>
      assertGraphqlCodegenCanWatch(['node', ADMIN_API_BIN, 'codegen', '--watch']),
    ).not.toThrow();
    const error = thrown(() => assertGraphqlCodegenCanWatch(['node', bin, '-w']));
    expect(error.code).toBe('MISSING_DEPENDENCY');
  });
});
