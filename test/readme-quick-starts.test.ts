import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConsumerFolder, typeCheckConsumer } from './support/consumer-folder.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The first TypeScript block after `heading` in a package's README. */
async function blockAfter(pkg: string, heading: string): Promise<string> {
  const readme = await readFile(join(REPO_ROOT, 'packages', pkg, 'README.md'), 'utf8');
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`packages/${pkg}/README.md has no "${heading}"`);
  const match = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match?.[1]) throw new Error(`no ts block after "${heading}" in packages/${pkg}`);
  return match[1];
}

const quickStart = (pkg: string) => blockAfter(pkg, '## Quick start');

const PACKAGES = ['auth', 'client', 'codegen', 'emulator'] as const;
/** Quick starts that serve until stopped: type-checked with the others, not run. */
const SERVING = ['app'] as const;

/** Other examples a README shows as a whole module, type-checked with the quick starts. */
const MODULES = [
  { pkg: 'client', heading: '**Bun, Deno and Cloudflare Workers**', file: 'src/client-worker.ts' },
] as const;

/** A consumer's folder with each package's quick start as `src/<package>.ts`, and {@link MODULES}. */
async function consumerWithQuickStarts(): Promise<string> {
  const files: Record<string, string> = {};
  for (const pkg of [...PACKAGES, ...SERVING]) files[`src/${pkg}.ts`] = await quickStart(pkg);
  for (const { pkg, heading, file } of MODULES) files[file] = await blockAfter(pkg, heading);
  return createConsumerFolder('.quick-start-', files, [...PACKAGES, ...SERVING]);
}

describe('each package README’s quick start, as written', () => {
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
  let dir = '';
  beforeAll(async () => {
    dir = await consumerWithQuickStarts();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('type-checks under the strict settings, all in one program', async () => {
    expect(await typeCheckConsumer(dir)).toBe('');
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
