import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { emulatorEnv, useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useRedisServer } from './redis-fixture.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));

/** The first TypeScript block after the "Quick start" heading. */
async function quickStart(): Promise<string> {
  const readme = await readFile(README, 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error('no ts block under "## Quick start"');
  return match[1];
}

describe('the README quick start', () => {
  const redis = useRedisServer();
  const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

  it('runs as written, against the emulator and a real Redis', async () => {
    const code = await quickStart();
    expect(code.trim().split('\n').length).toBeLessThanOrEqual(10);
    const dir = await mkdtemp(join(tmpdir(), 'admin-api-quick-start-'));
    try {
      const file = join(dir, 'quick-start.mts');
      await writeFile(file, code);
      // From the repo root, tsx maps the packages' names to their sources (tsconfig paths).
      const { stdout } = await run('node', ['--import', 'tsx', file], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...emulatorEnv(emulator()), REDIS_URL: redis.server.url },
      });
      expect(stdout).toMatch(/^app \S+ through the fleet$/m);
      expect(emulator().stats.tokenRequests).toBe(1);
      expect(await redis.client.dbSize()).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
