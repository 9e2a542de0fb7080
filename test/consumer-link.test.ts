import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envWithoutCredentials } from './support/env-without-credentials.js';

const exec = promisify(execFile);
const packages = fileURLToPath(new URL('../packages/', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
// The oldest TypeScript the READMEs promise.
const oldestTsc = fileURLToPath(new URL('../node_modules/typescript-5.0/bin/tsc', import.meta.url));
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const ENV = envWithoutCredentials((name) => name.startsWith('npm_') || name === 'NODE_ENV');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-consumer-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (command: string, args: string[]) =>
  exec(command, args, { cwd: dir, env: ENV }).catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout}${error.stderr}`);
  });

describe('a project outside the repo that adds the packages with link:', () => {
  it('installs from the store, generates its SDK, type-checks under the strictest flags, also on TypeScript 5.0 with skipLibCheck off, and calls getMe()', async () => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'consumer',
        private: true,
        type: 'module',
        dependencies: {
          '@admin-api/client': `link:${packages}client`,
          '@admin-api/redis': `link:${packages}redis`,
          graphql: '^16.0.0',
        },
        devDependencies: { '@admin-api/codegen': `link:${packages}codegen` },
      }),
    );
    await run('pnpm', ['install', '--prefer-offline', '--ignore-workspace']);
    const init = await run(join(dir, 'node_modules/.bin/admin-api'), ['init']);
    expect(init.stdout).toContain('created  codegen.ts');
    // The same .env serves codegen and the app.
    writeFileSync(
      join(dir, '.env'),
      Object.entries(emulatorEnv(emulator()))
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    );
    const codegen = await run('pnpm', ['run', '--silent', 'codegen']);
    expect(`${codegen.stdout}${codegen.stderr}`).toContain(
      '✔ src/generated/admin-api.ts: 1 operation',
    );
    expect(readFileSync(join(dir, 'admin-api.schema.graphql'), 'utf8')).toContain(
      'type MeResponse',
    );

    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(
      join(dir, 'src/main.ts'),
      `import { createAdminClientFromEnv } from '@admin-api/client';
import { getSdk } from './generated/admin-api.js';

const { me } = await getSdk(createAdminClientFromEnv()).getMe();
// \`me\` and each of its fields may be null: the compiler insists on the checks.
const name: string = me?.name ?? 'no name';
const firstScope: string = me?.scopes?.[0] ?? 'no scope';
console.log(\`\${name}: \${firstScope}\`);
`,
    );
    // Fleet mode's types, checked with the rest (the app below runs without it).
    writeFileSync(
      join(dir, 'src/fleet.ts'),
      `import { createRedisFleet, type RedisFleet } from '@admin-api/redis';
export const fleetFor = (url: string): RedisFleet => createRedisFleet({ url }, { share: 0.5 });
`,
    );
    // Inferred exported types that name the kit's, which `declaration: true` must write out.
    writeFileSync(
      join(dir, 'src/inferred.ts'),
      `import { type AdminClient, type GraphQLResponseError, paginate } from '@admin-api/client';
import { getSdk } from './generated/admin-api.js';

export const errorsOf = (error: GraphQLResponseError) => error.errors;
export const providerOf = (client: AdminClient) => client.tokenProvider;
export const requestOf = (client: AdminClient) => client.request;
export const sdkOf = (client: AdminClient) => getSdk(client);
export const pagesOf = paginate;
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          skipLibCheck: true,
          types: [],
          declaration: true,
          outDir: 'dist',
        },
        include: ['src'],
      }),
    );
    await run(process.execPath, [tsc, '-p', '.']);
    // One more program: our .d.ts files checked too, by the oldest TypeScript we support, with the
    // flags a generated file must not trip.
    writeFileSync(
      join(dir, 'tsconfig.oldest.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: {
          skipLibCheck: false,
          noEmit: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          noPropertyAccessFromIndexSignature: true,
          verbatimModuleSyntax: true,
        },
      }),
    );
    await run(process.execPath, [oldestTsc, '-p', 'tsconfig.oldest.json']);
    const app = await run(process.execPath, ['dist/main.js']);
    expect(app.stdout).toBe('Emulator Private App: READ_CAMPAIGNS\n');
  }, 180_000);
});
