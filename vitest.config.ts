import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const packageSource = (name: string, entry = 'index') =>
  fileURLToPath(new URL(`./packages/${name}/src/${entry}.ts`, import.meta.url));

// Node resolves `graphql` to its CJS build for graphql-yoga; our sources must get the same copy,
// or `instanceof GraphQLError` fails between the two and yoga masks the emulator's errors.
const graphqlEntry = createRequire(
  new URL('./packages/emulator/package.json', import.meta.url),
).resolve('graphql');

/** One project each, named after the folder: `vitest run --project codegen`. */
const PACKAGES = ['app', 'auth', 'client', 'codegen', 'emulator', 'postgres', 'redis'];

// Projects only when `--project` picks some: each project transforms and imports the sources in
// workers of its own, and the whole suite took 15% longer as projects (373 s against 325 s, both
// runs passing) than as one flat list, which `vitest run` (`pnpm test`, CI) keeps.
const pickingProjects = process.argv.some(
  (arg) => arg === '--project' || arg.startsWith('--project='),
);

// A package's project runs its tests against its sources, without a build, in 30 s at most on a
// 2-core machine. These files go to the `slow` project instead, with test/ and examples/: they
// run the built packages (`pnpm build` first), check the repo's own scripts, or take tens of
// seconds in real processes (chaos, retained memory, fleet processes and outages, CLI matrices)
// or at scale. A new test whose helper says "Run `pnpm build` first" goes here too.
const SLOW = [
  // Chaos over real sockets, and the heap kept after many calls in a child process.
  'packages/client/test/chaos.test.ts',
  'packages/client/test/retained-memory.test.ts',
  // The bin over the built package; a retry's timer seen from the built package's exit.
  'packages/emulator/test/cli-*.test.ts',
  'packages/emulator/test/webhook-slow-endpoints.test.ts',
  // Fleets of real processes, a process killed while it holds a lock, and Redis stopped mid-run.
  'packages/redis/test/fleet-*.test.ts',
  'packages/redis/test/error-budget-fleet.test.ts',
  'packages/redis/test/session-lock-killed-holder.test.ts',
  // scripts/ensure-test-servers.mjs and test/support's PostgreSQL server, not the packages.
  'packages/redis/test/ensure-redis-server.test.ts',
  'packages/postgres/test/postgres-server-process.test.ts',
  // The built admin-api CLI (codegen-cli.ts), a codegen.ts importing the built package
  // (runner-harness.ts), the built package's declarations (public-types).
  ...[
    'cli',
    'codegen-caches',
    'document-errors',
    'hostile-documents',
    'init',
    'inline-documents',
    'public-types',
    'runner-cli',
    'runner-diagnostics',
    'watch',
    // Both doors over the repo's corpora; the generator in child processes under three locales.
    'two-doors',
    'generator-determinism',
    // Codegen at scale, about 10 s of CPU each: the whole Admin API, GitHub's 1,606 types, and
    // four corpora against typescript-operations in one type-check.
    'admin-api-schema',
    'large-schema',
    'differential-types',
  ].map((file) => `packages/codegen/test/${file}.test.ts`),
];

/** A project with this file's settings (`extends: true`) and its own name and files. */
const project = (
  name: string,
  include: string[],
  exclude: string[] = [],
): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include, exclude: [...configDefaults.exclude, ...exclude] },
});

export default defineConfig({
  resolve: {
    // Tests run against the sources; the examples exercise the built packages.
    alias: [
      { find: /^graphql$/, replacement: graphqlEntry },
      {
        find: /^@admin-api\/emulator\/testing$/,
        replacement: packageSource('emulator', 'testing'),
      },
      { find: /^@admin-api\/auth\/internal$/, replacement: packageSource('auth', 'internal') },
      {
        find: /^@admin-api\/auth\/internal\/node$/,
        replacement: packageSource('auth', 'internal-node'),
      },
      { find: /^@admin-api\/app\/internal$/, replacement: packageSource('app', 'internal') },
      { find: /^@admin-api\/app\/node$/, replacement: packageSource('app', 'node') },
      { find: /^@admin-api\/app\/webhooks$/, replacement: packageSource('app', 'webhooks') },
      {
        find: /^@admin-api\/(app|auth|client|codegen|emulator|postgres|redis)$/,
        replacement: packageSource('$1'),
      },
    ],
  },
  test: {
    reporters: ['default', './.ci/summary-reporter.ts'],
    ...(pickingProjects
      ? {
          projects: [
            ...PACKAGES.map((name) => project(name, [`packages/${name}/test/**/*.test.ts`], SLOW)),
            project('slow', ['test/**/*.test.ts', 'examples/*/test/**/*.test.ts', ...SLOW]),
          ],
        }
      : {
          include: [
            'packages/*/test/**/*.test.ts',
            'examples/*/test/**/*.test.ts',
            'test/**/*.test.ts',
          ],
        }),
    // Vitest runs one file at a time on a 2-core machine (cores − 1); many files mostly wait on
    // child processes, servers and real windows, so three at once cut the run by about a third.
    maxWorkers: 3,
    // Files share their worker's modules: each file otherwise loaded graphql, graphql-yoga, the
    // schema and codegen afresh, about a third of the suite's CPU. A test that changes the process
    // puts it back (env, cwd, timers); these undo what vitest can.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    restoreMocks: true,
    // A timeout only stops a hang: the tests assert counts, never durations, and on a busy 2-core
    // machine one that takes 10 s alone took over 20 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // For the tests that check what the heap keeps once garbage is collected.
    execArgv: ['--expose-gc'],
  },
});
