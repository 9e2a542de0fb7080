import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicExampleModule } from './basic-example-module.js';
import { envWithoutCredentials } from './support/env-without-credentials.js';

const exec = promisify(execFile);
const repo = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(repo, 'node_modules/typescript/bin/tsc');
const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

/** What an app runs in production, and what it runs only while building. */
const RUNTIME = ['auth', 'client', 'app', 'redis', 'postgres'] as const;
const TOOLING = ['codegen', 'emulator'] as const;
type KitPackage = (typeof RUNTIME)[number] | (typeof TOOLING)[number];

function manifest(name: KitPackage): { version: string; engines: { node: string } } {
  return JSON.parse(readFileSync(join(repo, 'packages', name, 'package.json'), 'utf8'));
}

/** The oldest Node a package claims, from its `engines` (`>=MAJOR.MINOR`). */
function nodeFloor(name: KitPackage): string {
  const match = /^>=(\d+)\.(\d+)$/.exec(manifest(name).engines.node);
  if (!match)
    throw new Error(`packages/${name}/package.json: engines.node must read >=MAJOR.MINOR`);
  return `${match[1]}.${match[2]}.0`;
}

const RUNTIME_FLOOR = nodeFloor('client');
const TOOLING_FLOOR = nodeFloor('codegen');
/** The even majors after the floors', each at its latest; a new one joins when Node ships it. */
const NEWER_MAJORS = ['24', '26'] as const;

/** What npm, pnpm, yarn classic and yarn berry print when an engine or a peer does not fit. */
const ENGINE_OR_PEER_WARNING = /engine|peer|YN0002|YN0060/i;

const MANAGERS = ['npm', 'pnpm', 'yarn classic', 'yarn berry'] as const;
type ManagerName = (typeof MANAGERS)[number];
type Command = readonly [string, ...string[]];
interface PackageManager {
  install: Command;
  run(script: string): Command;
  /** Files the project needs besides package.json. */
  files?: Readonly<Record<string, string>>;
}

let dir = '';
/** This run's downloads, so that no earlier run's cache decides what gets installed. */
const cache = (name: string) => join(dir, 'cache', name);
const tool = (path: string) => join(dir, 'tools/managers/node_modules', path);
/** Node's binary by version or major, once downloaded. */
const nodes = new Map<string, Promise<string>>();
const nodeBinary = (spec: string) =>
  nodes.get(spec) ?? Promise.reject(new Error(`no Node ${spec}`));
const tarball = (name: KitPackage) =>
  `file:${join(dir, 'tarballs', `admin-api-${name}-${manifest(name).version}.tgz`)}`;

function packageManager(name: ManagerName, node: string): PackageManager {
  const yarnClassic = tool('yarn/bin/yarn.js');
  const yarnBerry = tool('@yarnpkg/cli-dist/bin/yarn.js');
  switch (name) {
    case 'npm':
      return {
        install: ['npm', 'install', '--prefer-offline', '--no-audit', '--no-fund'],
        run: (script) => ['npm', 'run', script],
      };
    case 'pnpm':
      return {
        // CI=true makes a lockfile mandatory; a new project has none.
        install: [
          'pnpm',
          'install',
          '--no-frozen-lockfile',
          `--store-dir=${cache('pnpm-store')}`,
          `--cache-dir=${cache('pnpm')}`,
        ],
        run: (script) => ['pnpm', 'run', script],
      };
    case 'yarn classic':
      return {
        install: [
          node,
          yarnClassic,
          'install',
          '--non-interactive',
          `--cache-folder=${cache('yarn')}`,
        ],
        run: (script) => [node, yarnClassic, 'run', script],
      };
    case 'yarn berry':
      return {
        install: [node, yarnBerry, 'install'],
        run: (script) => [node, yarnBerry, 'run', script],
        files: {
          // An empty lockfile makes the folder a project of its own.
          'yarn.lock': '',
          // CI=true turns immutable installs on; a new project's lockfile must change.
          '.yarnrc.yml': `nodeLinker: node-modules
enableGlobalCache: false
cacheFolder: ${cache('berry')}
globalFolder: ${cache('berry-global')}
enableTelemetry: false
enableImmutableInstalls: false
`,
        },
      };
  }
}

/** A user's shell with `node` first on PATH: no ADMIN_API_*, no npm_* of the pnpm running vitest. */
function shell(node: string): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.startsWith(repo));
  return {
    ...envWithoutCredentials((name) => name.startsWith('npm_') || name === 'NODE_ENV'),
    PATH: [dirname(node), ...path].join(delimiter),
    npm_config_cache: cache('npm'),
  };
}

async function run([command, ...args]: Command, cwd: string, env: NodeJS.ProcessEnv) {
  try {
    return await exec(command, args, { cwd, env, maxBuffer: 32 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${[command, ...args].join(' ')} failed in ${cwd}:\n${stdout}${stderr}`);
  }
}

/**
 * A project with `runtime` and `tooling` (dev) installed as the README's pre-publish section
 * says: each from its tarball, and every kit package in `overrides` (npm) and `resolutions` (pnpm,
 * yarn), so that the packages' dependencies on each other find the tarballs too. Its `.env`
 * points at the emulator.
 */
function createProject(
  name: string,
  runtime: readonly KitPackage[],
  tooling: readonly KitPackage[],
  graphql = '^16.15.0',
) {
  const project = join(dir, name);
  mkdirSync(project);
  const spec = (names: readonly KitPackage[]) =>
    Object.fromEntries(names.map((kit) => [`@admin-api/${kit}`, tarball(kit)]));
  const everyPackage = spec([...RUNTIME, ...TOOLING]);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { ...spec(runtime), graphql },
      devDependencies: spec(tooling),
      overrides: everyPackage,
      resolutions: everyPackage,
    }),
  );
  writeFileSync(
    join(project, '.env'),
    Object.entries(emulatorEnv(emulator()))
      .map(([variable, value]) => `${variable}=${value}\n`)
      .join(''),
  );
  return project;
}

/**
 * Compiles the project's `src` as a NodeNext app (`strict`, and `options` over the rest) with
 * the repo's TypeScript, then runs `dist/main.js` on `node`.
 */
async function compileAndRun(
  project: string,
  node: string,
  env: NodeJS.ProcessEnv,
  options: Record<string, unknown> = {},
) {
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        types: [],
        outDir: 'dist',
        ...options,
      },
      include: ['src'],
    }),
  );
  await run([process.execPath, tsc, '-p', '.'], project, env);
  return run([node, 'dist/main.js'], project, env);
}

/** Installs the whole kit with `managerName` on `nodeSpec`, then the README's flow end to end. */
async function expectKitWorks(managerName: ManagerName, nodeSpec: string): Promise<void> {
  const node = await nodeBinary(nodeSpec);
  const env = shell(node);
  const manager = packageManager(managerName, node);
  const project = createProject(
    `${managerName.replace(' ', '-')}-node-${nodeSpec}`,
    ['client', 'app', 'redis', 'postgres'],
    TOOLING,
  );
  for (const [path, content] of Object.entries(manager.files ?? {})) {
    writeFileSync(join(project, path), content);
  }

  const install = await run(manager.install, project, env);
  expect(`${install.stdout}${install.stderr}`).not.toMatch(ENGINE_OR_PEER_WARNING);

  await run([join(project, 'node_modules/.bin/admin-api'), 'init'], project, env);
  const codegen = await run(manager.run('codegen'), project, env);
  expect(`${codegen.stdout}${codegen.stderr}`).toContain(
    '✔ src/generated/admin-api.ts: 1 operation',
  );

  writeFileSync(
    join(project, 'src/main.ts'),
    `import { createAdminClientFromEnv } from '@admin-api/client';
import { getSdk } from './generated/admin-api.js';

// The other runtime packages load on this Node too.
for (const entry of ['@admin-api/app', '@admin-api/app/node', '@admin-api/postgres', '@admin-api/redis']) {
  await import(entry);
}
const { me } = await getSdk(createAdminClientFromEnv()).getMe();
const name: string = me?.name ?? 'no name';
console.log(\`\${name}: \${me?.scopes?.[0] ?? 'no scope'}\`);
`,
  );
  const app = await compileAndRun(project, node, env);
  expect(app.stdout).toBe('Emulator Private App: READ_CAMPAIGNS\n');

  const emulatorBin = await run(
    [join(project, 'node_modules/.bin/admin-api-emulator'), '--version'],
    project,
    env,
  );
  expect(emulatorBin.stdout).toBe(`${manifest('emulator').version}\n`);
}

/** npm-installs `specs` into `tools/<folder>`, with this run's cache. */
async function installTools(folder: string, specs: readonly string[]): Promise<void> {
  const target = join(dir, 'tools', folder);
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, 'package.json'), '{"private":true}');
  await run(
    ['npm', 'install', '--no-audit', '--no-fund', ...specs],
    target,
    shell(process.execPath),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-api-consumers-'));
  // Node binaries one after another, in the order the tests use them, so that the first arrives
  // soon and the others download while the first tests run. `node@X` carries Node X's binary
  // (its install script adds the platform's package).
  let previous: Promise<unknown> = Promise.resolve();
  for (const spec of [TOOLING_FLOOR, ...NEWER_MAJORS, RUNTIME_FLOOR]) {
    const binary = previous
      .then(() => installTools(`node-${spec}`, [`node@${spec}`]))
      .then(() => join(dir, 'tools', `node-${spec}`, 'node_modules/node/bin/node'));
    nodes.set(spec, binary);
    // Its test awaits it; this only keeps a failure from going unhandled until then.
    previous = binary.catch(() => undefined);
  }
  await Promise.all([
    // pnpm pack writes the real versions where the manifests say workspace:^.
    run(
      [
        'pnpm',
        '-r',
        '--filter',
        './packages/*',
        'pack',
        '--pack-destination',
        join(dir, 'tarballs'),
      ],
      repo,
      shell(process.execPath),
    ),
    // npm 10 is the npm of Node 20's line: the machine's npm 11 does not support 20.12.
    installTools('managers', ['npm-10@npm:npm@10', 'yarn@1', '@yarnpkg/cli-dist@4']),
  ]);
}, 600_000);
afterAll(async () => {
  await Promise.allSettled(nodes.values());
  rmSync(dir, { recursive: true, force: true });
}, 600_000);

describe('a project that installs the packed packages', () => {
  it('finds one Node floor in the runtime packages and one in the tooling packages', () => {
    expect(RUNTIME.map(nodeFloor)).toEqual(RUNTIME.map(() => RUNTIME_FLOOR));
    expect(TOOLING.map(nodeFloor)).toEqual(TOOLING.map(() => TOOLING_FLOOR));
  });

  it.each(MANAGERS)(
    `with %s on Node ${TOOLING_FLOOR} installs every package without an engine or peer warning, generates its SDK and calls getMe()`,
    (manager) => expectKitWorks(manager, TOOLING_FLOOR),
    300_000,
  );

  it.each(NEWER_MAJORS)(
    'with npm on the latest Node %s installs every package without an engine or peer warning, generates its SDK and calls getMe()',
    (major) => expectKitWorks('npm', major),
    300_000,
  );

  it(`with npm 10 on Node ${RUNTIME_FLOOR} installs the runtime packages without an engine or peer warning, loads each and calls getMe()`, async () => {
    const node = await nodeBinary(RUNTIME_FLOOR);
    const env = shell(node);
    const project = createProject(`npm-node-${RUNTIME_FLOOR}`, RUNTIME, []);
    const install = await run(
      [
        node,
        tool('npm-10/bin/npm-cli.js'),
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
      ],
      project,
      env,
    );
    expect(`${install.stdout}${install.stderr}`).not.toMatch(ENGINE_OR_PEER_WARNING);
    writeFileSync(
      join(project, 'main.js'),
      `import { createAdminClientFromEnv } from '@admin-api/client';
import '@admin-api/app';
import '@admin-api/app/node';
import '@admin-api/postgres';
import '@admin-api/redis';

const { me } = await createAdminClientFromEnv().request('query GetMe { me { name scopes } }');
console.log(\`\${me.name}: \${me.scopes[0]}\`);
`,
    );
    const app = await run([node, 'main.js'], project, env);
    expect(app.stdout).toBe('Emulator Private App: READ_CAMPAIGNS\n');
  }, 300_000);

  it(`with npm on Node ${TOOLING_FLOOR} runs the runtime packages on graphql 17 (npm's latest): no engine or peer warning, strict types, typed and DocumentNode calls`, async () => {
    const node = await nodeBinary(TOOLING_FLOOR);
    const env = shell(node);
    const project = createProject('npm-graphql-17', RUNTIME, [], '^17.0.0');
    const install = await run(packageManager('npm', node).install, project, env);
    expect(`${install.stdout}${install.stderr}`).not.toMatch(ENGINE_OR_PEER_WARNING);
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src/admin-api.ts'), await basicExampleModule());
    writeFileSync(
      join(project, 'src/main.ts'),
      `import { createAdminClientFromEnv, type GraphQLFormattedError } from '@admin-api/client';
import { parse, version } from 'graphql';
import { getSdk } from './admin-api.js';

const client = createAdminClientFromEnv();
const { me } = await getSdk(client).getMe();
const named = await client.request<{ me: { name: string } | null }>(parse('query Named { me { name } }'));
const first = (errors: readonly GraphQLFormattedError[]) => errors[0]?.message;
console.log(\`\${version.split('.')[0]} \${me?.name} \${named.me?.name} \${first([{ message: 'ok' }])}\`);
`,
    );
    const app = await compileAndRun(project, node, env, {
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      // graphql 17's declarations and ours, checked too.
      skipLibCheck: false,
    });
    expect(app.stdout).toBe('17 Emulator Private App Emulator Private App ok\n');
  }, 300_000);
});
