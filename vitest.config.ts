import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packageSource = (name: string, entry = 'index') =>
  fileURLToPath(new URL(`./packages/${name}/src/${entry}.ts`, import.meta.url));

// Node resolves `graphql` to its CJS build for graphql-yoga; our sources must get the same copy,
// or `instanceof GraphQLError` fails between the two and yoga masks the emulator's errors.
const graphqlEntry = createRequire(
  new URL('./packages/emulator/package.json', import.meta.url),
).resolve('graphql');

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
    include: ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'test/**/*.test.ts'],
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
