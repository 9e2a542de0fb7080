import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const clientTypes = fileURLToPath(new URL('../../client/dist/index.d.ts', import.meta.url));

/** The kit's strict settings: how an app that follows the READMEs compiles the generated module. */
export const KIT_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
} as const;

/**
 * Writes `content` as `src/generated/admin-api.ts` in `dir` and runs tsc over `src` with the
 * strictest settings a consumer may use, against the published @admin-api/client types.
 * Resolves to tsc's output: empty when everything type-checks.
 */
export async function typeCheckGenerated(dir: string, content: string): Promise<string> {
  mkdirSync(join(dir, 'src/generated'), { recursive: true });
  writeFileSync(join(dir, 'src/generated/admin-api.ts'), content);
  return typeCheckDirectory(dir, ['src']);
}

/**
 * Runs tsc once over `include` (paths in `dir`) with the strictest settings a consumer may use,
 * plus `options`, against the published @admin-api/client types. Resolves to tsc's output:
 * empty when everything type-checks.
 */
export async function typeCheckDirectory(
  dir: string,
  include: readonly string[],
  options: Record<string, unknown> = {},
): Promise<string> {
  if (!existsSync(clientTypes))
    throw new Error('Run `pnpm build` first: this checks the built @admin-api/client types.');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        ...KIT_COMPILER_OPTIONS,
        lib: ['ES2023', 'DOM'],
        paths: {
          '@admin-api/client': [clientTypes],
          '@graphql-typed-document-node/core': [
            require.resolve('@graphql-typed-document-node/core/typings/index.d.ts'),
          ],
          // A peer dependency of the client, so every consumer has it.
          graphql: [require.resolve('graphql/index.d.ts')],
        },
        ...options,
      },
      include,
    }),
  );
  const tsc = require.resolve('typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], {
    maxBuffer: 64 * 2 ** 20,
  }).catch((error: { stdout: string }) => error);
  return result.stdout;
}
