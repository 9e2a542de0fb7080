import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { KIT_COMPILER_OPTIONS } from '../../packages/codegen/test/type-check-project.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
// What `pnpm codegen` (run before the tests) writes from the basic example's documents.
const GENERATED = join(REPO_ROOT, 'examples/basic/src/generated/admin-api.ts');

/**
 * A consumer's folder inside the repo's `test/` (so the kit's dependencies resolve), named
 * `<prefix>XXXXXX`, holding `files` (paths relative to the folder, e.g. `src/main.ts`), the basic
 * example's generated module as `src/generated/admin-api.ts`, and `packages` linked as a `link:`
 * install has them: built, through their exports. tsc checks `src`. The caller removes it.
 */
export async function createConsumerFolder(
  prefix: string,
  files: Readonly<Record<string, string>>,
  packages: readonly string[],
): Promise<string> {
  const dir = await mkdtemp(join(REPO_ROOT, 'test', prefix));
  // The caller only learns the folder's name on success: on failure it is removed here.
  try {
    await mkdir(join(dir, 'src/generated'), { recursive: true });
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    await copyFile(GENERATED, join(dir, 'src/generated/admin-api.ts'));
    await mkdir(join(dir, 'node_modules/@admin-api'), { recursive: true });
    for (const name of packages) {
      await symlink(join(REPO_ROOT, 'packages', name), join(dir, 'node_modules/@admin-api', name));
    }
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        // The kit's strict settings, with Node's globals as an app has them.
        compilerOptions: { ...KIT_COMPILER_OPTIONS, types: ['node'] },
        include: ['src'],
      }),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/** Runs tsc once over a consumer folder's `src`. Resolves to tsc's output: empty when all is well. */
export async function typeCheckConsumer(dir: string): Promise<string> {
  const tsc = require.resolve('typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], {
    maxBuffer: 64 * 2 ** 20,
  }).catch((error: { stdout: string }) => error);
  return result.stdout;
}
