import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KIT_COMPILER_OPTIONS } from '../packages/codegen/test/type-check-project.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
// What `pnpm codegen` (run before the tests) writes from the basic example's documents.
const GENERATED = join(REPO_ROOT, 'examples/basic/src/generated/admin-api.ts');

/** The first TypeScript block after a README's "Quick start" heading. */
async function quickStart(pkg: string): Promise<string> {
  const readme = await readFile(join(REPO_ROOT, 'packages', pkg, 'README.md'), 'utf8');
  const at = readme.indexOf('## Quick start');
  if (at < 0) throw new Error(`packages/${pkg}/README.md has no "## Quick start"`);
  const match = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match?.[1]) throw new Error(`no ts block under "## Quick start" in packages/${pkg}`);
  return match[1];
}

const PACKAGES = ['auth', 'client', 'codegen', 'emulator'] as const;

/**
 * A consumer's folder inside the repo (so the kit's dependencies resolve) with each package's quick
 * start as `src/<package>.ts` and the basic example's generated module beside them.
 */
async function consumerWithQuickStarts(): Promise<string> {
  const dir = await mkdtemp(join(REPO_ROOT, 'test', '.quick-start-'));
  await mkdir(join(dir, 'src/generated'), { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  for (const pkg of PACKAGES) await writeFile(join(dir, `src/${pkg}.ts`), await quickStart(pkg));
  await copyFile(GENERATED, join(dir, 'src/generated/admin-api.ts'));
  // The packages as a `link:` install has them: built, through their exports.
  await mkdir(join(dir, 'node_modules/@admin-api'), { recursive: true });
  for (const name of PACKAGES) {
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
  return dir;
}

async function typeCheck(dir: string): Promise<string> {
  const tsc = require.resolve('typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')]).catch(
    (error: { stdout: string }) => error,
  );
  return result.stdout;
}

describe('each package README’s quick start, as written', () => {
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  let dir = '';
  beforeAll(async () => {
    dir = await consumerWithQuickStarts();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('type-checks under the strict settings, all four in one program', async () => {
    expect(await typeCheck(dir)).toBe('');
  });

  it.each(PACKAGES)('%s: runs against the emulator', async (pkg) => {
    await run(process.execPath, ['--import', 'tsx', join(dir, `src/${pkg}.ts`)], {
      cwd: dir,
      env: { ...process.env, ...emulatorEnv(emulator()) },
    });
    if (pkg === 'auth' || pkg === 'client') {
      expect(emulator().stats.tokenRequests).toBe(1);
      expect(emulator().stats.graphqlRequests).toBeGreaterThan(0);
    }
  });
});
