import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApiSchemaSdl, type Emulator, startEmulator } from '@admin-api/emulator';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENV_WITHOUT_CREDENTIALS, runAdminApi } from './codegen-cli.js';
import { useProject } from './codegen-harness.js';
import { SECRET_FORMS, useFakeAdminApi } from './fake-admin-api.js';

const codegenDist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const api = useFakeAdminApi({ afterAll, beforeAll, beforeEach });
const project = useProject();

const envFor = (emu: Emulator) => ({ ...ENV_WITHOUT_CREDENTIALS, ...emulatorEnv(emu) });

describe('admin-api schema pull', () => {
  it('writes the cache named in codegen.ts, with progress, and no secret', async () => {
    const dir = project({
      'codegen.ts': `import { defineConfig } from ${JSON.stringify(codegenDist)};
export default defineConfig({ documents: 'src/**/*.graphql', output: 'src/generated/admin-api.ts', schemaCache: 'schema/admin.graphql' });
`,
    });
    const { code, stdout, stderr } = await runAdminApi(dir, ['schema', 'pull'], envFor(emulator()));
    expect(code).toBe(0);
    expect(stderr).toContain(`… introspecting ${emulator().baseUrl}/api/v2/admin/graphql`);
    expect(stdout).toMatch(/✔ schema cache .*schema\/admin\.graphql written/);
    const cache = readFileSync(join(dir, 'schema/admin.graphql'), 'utf8');
    expect(cache).toContain('type MeResponse');
    expect(cache).not.toContain(emulator().clientSecret);
    expect((await runAdminApi(dir, ['schema', 'pull'], envFor(emulator()))).stdout).toContain(
      'unchanged',
    );
  });

  it('without credentials, exits 1 naming exactly the missing variables and where to set them', async () => {
    const { code, stderr } = await runAdminApi(project({}), ['schema', 'pull']);
    expect(code).toBe(1);
    expect(stderr).toBe(
      '✘ [MISSING_ENV] admin-api schema pull needs the live schema. Missing environment variables ' +
        'ADMIN_API_BASE_URL, ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_ID, ADMIN_API_CLIENT_SECRET. ' +
        'Set them in the environment or a .env file (see .env.example); keep the secret in a secret manager, not in code.\n',
    );
  });

  it('names only the variables that are missing or empty, whether from the environment or .env', async () => {
    const dir = project({
      '.env': `ADMIN_API_AUTH_URL=${api().authUrl}\nADMIN_API_CLIENT_ID=  \n`,
    });
    const { code, stderr } = await runAdminApi(dir, ['schema', 'pull'], {
      ...ENV_WITHOUT_CREDENTIALS,
      ADMIN_API_BASE_URL: api().baseUrl,
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Missing environment variables ADMIN_API_CLIENT_ID, ADMIN_API_CLIENT_SECRET. Set them',
    );
  });

  it('never prints the token or the secret that a server echoes in an error', async () => {
    api().answer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          errors: [
            { message: `token ${api().token} rejected` },
            { message: `body was client_secret=${SECRET_FORMS[1]}, i.e. ${SECRET_FORMS[0]}` },
          ],
        }),
      );
    });
    const { code, stdout, stderr } = await runAdminApi(project({}), ['schema', 'pull'], {
      ...ENV_WITHOUT_CREDENTIALS,
      ADMIN_API_AUTH_URL: api().authUrl,
      ADMIN_API_BASE_URL: api().baseUrl,
      ADMIN_API_CLIENT_ID: api().credentials.clientId,
      ADMIN_API_CLIENT_SECRET: api().credentials.clientSecret,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('✘ [GRAPHQL_ERROR] Introspection of ');
    expect(stderr).toContain('token [redacted] rejected');
    for (const secret of [api().token, ...SECRET_FORMS]) {
      expect(`${stdout}${stderr}`).not.toContain(secret);
    }
  });

  it('replaces a cache that cannot be used', async () => {
    const dir = project({ 'admin-api.schema.graphql': '' });
    const { code, stdout } = await runAdminApi(dir, ['schema', 'pull'], envFor(emulator()));
    expect(code).toBe(0);
    expect(stdout).toContain('replaced (the old one could not be used)');
  });

  it('refuses an unknown command with usage and exit code 2', async () => {
    const { code, stderr } = await runAdminApi(project({}), ['schema', 'push']);
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown command "schema push"');
  });

  it('refuses a mistyped option with the nearest one, usage and exit code 2', async () => {
    const typo = await runAdminApi(project({}), ['codegen', '--wacth']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Unknown option "--wacth" (did you mean --watch?).');
    expect(typo.stderr).toContain('Usage: admin-api <command> [options]');
    const unlike = await runAdminApi(project({}), ['codegen', '--zzzzzz']);
    expect(unlike.code).toBe(2);
    expect(unlike.stderr).toContain('Unknown option "--zzzzzz".\n');
  });

  it('refuses an option meant for another command with exit code 2, naming the commands that take it', async () => {
    const dir = project({});
    const cases = [
      [
        ['codegen', '--documents', 'x/**'],
        '"codegen" does not take --documents: it is an option of "schema check".',
      ],
      [
        ['codegen', '--cache', 'x.graphql'],
        '"codegen" does not take --cache: it is an option of "schema pull" and "schema check".',
      ],
      [['codegen', '--force'], '"codegen" does not take --force: it is an option of "init".'],
      [
        ['schema', 'pull', '--watch'],
        '"schema pull" does not take --watch: it is an option of "codegen".',
      ],
      [['init', '-w'], '"init" does not take --watch: it is an option of "codegen".'],
    ] as const;
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await runAdminApi(dir, [...args]);
      expect(code).toBe(2);
      expect(stderr).toContain(`${message}\n\nUsage: admin-api <command> [options]`);
      expect(stdout).toBe('');
    }
    expect(existsSync(join(dir, 'codegen.ts'))).toBe(false);
  });
});

describe('admin-api schema check', () => {
  let changed: Emulator;
  beforeAll(async () => {
    // The live service, one release later: a field removed (breaking), an enum value added (dangerous).
    const sdl = adminApiSchemaSdl()
      .replace(/(\ntype MeResponse \{\n(?: .*\n)*?) {2}"""[^\n]*"""\n {2}email: String\n/, '$1')
      .replace('enum OrderStatusEnum {\n', 'enum OrderStatusEnum {\n  RETURNED\n');
    changed = await startEmulator({
      schema: buildSchema(sdl),
      clientId: emulator().clientId,
      clientSecret: emulator().clientSecret,
    });
  });
  afterAll(() => changed.close());

  const DOCUMENTS = {
    'src/me.graphql': 'query GetMe {\n  me {\n    id\n    email\n  }\n}\n',
    'src/me-id.graphql': 'query GetMeId { me { id } }\n',
    'src/orders.graphql':
      'query Orders($statuses: [OrderStatusEnum!]) { listOrder(status: { in: $statuses }) { data { id status } } }\n',
    'src/products.graphql': 'query Products { listProduct { count } }\n',
  };

  it('lists breaking and dangerous changes with the documents they affect, and exits 1', async () => {
    const dir = project(DOCUMENTS);
    await runAdminApi(dir, ['schema', 'pull'], envFor(emulator()));
    const { code, stdout } = await runAdminApi(
      dir,
      ['schema', 'check', '--documents', 'src/**/*.graphql'],
      envFor(changed),
    );
    expect(code).toBe(1);
    expect(stdout).toContain(
      'Breaking changes (1):\n  ✘ FIELD_REMOVED  MeResponse.email was removed.\n      affects ',
    );
    expect(stdout).toMatch(/affects .*src\/me\.graphql \(GetMe\)/);
    // It selects from MeResponse, but not the removed field.
    expect(stdout).not.toMatch(/affects .*me-id\.graphql/);
    expect(stdout).toContain(
      'Dangerous changes (1):\n  ! VALUE_ADDED_TO_ENUM  RETURNED was added to enum type OrderStatusEnum.',
    );
    expect(stdout).toMatch(/affects .*src\/orders\.graphql \(Orders\)/);
    expect(stdout).not.toMatch(/affects .*products\.graphql/);
    expect(stdout).toMatch(
      /Documents that no longer validate against the live schema \(1\):\n {2}✘ .*src\/me\.graphql:4:5 {2}Cannot query field "email" on type "MeResponse"\./,
    );
  });

  it('exits 0 when the cache matches the live schema', async () => {
    const dir = project(DOCUMENTS);
    await runAdminApi(dir, ['schema', 'pull'], envFor(emulator()));
    const { code, stdout } = await runAdminApi(
      dir,
      ['schema', 'check', '--documents', 'src/**/*.graphql'],
      envFor(emulator()),
    );
    expect(code).toBe(0);
    expect(stdout).toContain('✔ The cache matches the live schema.');
  });

  it('with a cache cut short, exits 1 with INVALID_CACHE naming the file', async () => {
    const dir = project({ 'admin-api.schema.graphql': '# sha256: 0\n\ntype Query {\n  me: Me' });
    const { code, stderr } = await runAdminApi(dir, ['schema', 'check'], envFor(emulator()));
    expect(code).toBe(1);
    expect(stderr).toContain(`✘ [INVALID_CACHE] The schema cache ${dir}/admin-api.schema.graphql`);
  });

  it('without a cache, exits 1 and says to pull first', async () => {
    const { code, stderr } = await runAdminApi(
      project({}),
      ['schema', 'check'],
      envFor(emulator()),
    );
    expect(code).toBe(1);
    expect(stderr).toContain('run `pnpm exec admin-api schema pull` first');
  });

  it.each([
    [
      'npm/10.9.2 node/v20.20.2 linux x64 workspaces/false',
      'npx -p @admin-api/codegen admin-api',
      'npm run codegen',
    ],
    ['yarn/1.22.22 npm/? node/v20.20.2 linux x64', 'yarn admin-api', 'yarn codegen'],
    [
      'bun/1.1.0 npm/? node/v20.20.2 linux x64',
      'bunx -p @admin-api/codegen admin-api',
      'bun run codegen',
    ],
  ])('names commands the package manager that ran it can run (%s)', async (agent, bin, codegen) => {
    const env = (emu: Emulator) => ({ ...envFor(emu), npm_config_user_agent: agent });
    const missing = await runAdminApi(project({}), ['schema', 'check'], env(emulator()));
    expect(missing.stderr).toContain(`run \`${bin} schema pull\` first`);

    const dir = project(DOCUMENTS);
    await runAdminApi(dir, ['schema', 'pull'], env(emulator()));
    const check = await runAdminApi(dir, ['schema', 'check'], env(changed));
    expect(check.stdout).toContain(
      `Run \`${bin} schema pull\` to update the cache, then \`${codegen}\`, and fix`,
    );
    const pulled = await runAdminApi(dir, ['schema', 'pull'], env(changed));
    expect(pulled.stdout).toContain(
      `run \`${bin} schema check\` before a pull to see what changed, and \`${codegen}\` now`,
    );
  });
});
