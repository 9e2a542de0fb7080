import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const graphqlCodegenBin = fileURLToPath(
  new URL('../node_modules/@graphql-codegen/cli/esm/bin.js', import.meta.url),
);
const codegenDist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/**
 * The environment of a user's shell: no ADMIN_API_* variable, so a run uses only what the test
 * sets, and no NODE_ENV=test from vitest, under which graphql-codegen's CLI prints nothing.
 */
export const ENV_WITHOUT_CREDENTIALS = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !name.startsWith('ADMIN_API_') && name !== 'NODE_ENV',
  ),
);

/**
 * Runs `graphql-codegen --config codegen.ts` in `dir`, as `pnpm codegen` does, with a codegen.ts
 * that uses the built `defineConfig`. Resolves to the exit code and everything printed.
 */
export async function runGraphqlCodegenCli(
  dir: string,
  env: NodeJS.ProcessEnv = ENV_WITHOUT_CREDENTIALS,
): Promise<{ code: number; output: string }> {
  if (!existsSync(codegenDist)) {
    throw new Error(
      'Run `pnpm build` first: these tests run graphql-codegen with the built package.',
    );
  }
  writeFileSync(
    join(dir, 'codegen.ts'),
    `import { defineConfig } from ${JSON.stringify(codegenDist)};
export default defineConfig({ documents: 'src/**/*.graphql', output: 'src/generated/admin-api.ts', envFile: false });
`,
  );
  return exec(process.execPath, [graphqlCodegenBin, '--config', 'codegen.ts'], {
    cwd: dir,
    env,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  );
}
