import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { envWithoutCredentials } from '../../../test/support/env-without-credentials.js';

const exec = promisify(execFile);
const graphqlCodegenBin = fileURLToPath(
  new URL('../node_modules/@graphql-codegen/cli/esm/bin.js', import.meta.url),
);
const codegenDist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const cliDist = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));

/** The `admin-api` bin, which runs the built CLI. */
export const ADMIN_API_BIN = fileURLToPath(new URL('../bin/admin-api.js', import.meta.url));

/**
 * The environment of a user's shell: no ADMIN_API_* variable, so a run uses only what the test
 * sets, and no NODE_ENV=test from vitest, under which graphql-codegen's CLI prints nothing; no
 * npm_config_user_agent either, so what the CLI suggests does not depend on how vitest was run.
 */
export const ENV_WITHOUT_CREDENTIALS = envWithoutCredentials(
  (name) => name === 'NODE_ENV' || name === 'npm_config_user_agent',
);

/**
 * Runs `graphql-codegen --config codegen.ts` in `dir` with a codegen.ts that hands it the built
 * `toGraphQLCodegenConfig(defineConfig(…))`. Resolves to the exit code and everything printed.
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
    `import { defineConfig, toGraphQLCodegenConfig } from ${JSON.stringify(codegenDist)};
export default toGraphQLCodegenConfig(defineConfig({ documents: 'src/**/*.graphql', output: 'src/generated/admin-api.ts', envFile: false }));
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

/** What a CLI run printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <script> ...args` in `cwd`, once the package is built (the bins and the codegen.ts
 * files the tests write load `dist`). Resolves to the exit code and what it printed.
 */
export async function runNode(
  cwd: string,
  scriptAndArgs: string[],
  env: NodeJS.ProcessEnv = ENV_WITHOUT_CREDENTIALS,
): Promise<CliRun> {
  if (!existsSync(cliDist)) {
    throw new Error('Run `pnpm build` first: these tests run the built admin-api CLI.');
  }
  return exec(process.execPath, scriptAndArgs, { cwd, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: CliRun) => error,
  );
}

/** Runs the built `admin-api` CLI with `args` in `cwd`, as a user's shell would. */
export function runAdminApi(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv = ENV_WITHOUT_CREDENTIALS,
): Promise<CliRun> {
  return runNode(cwd, [ADMIN_API_BIN, ...args], env);
}
